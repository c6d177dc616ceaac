// One table of the URL forms a webhook or file address comes in, as people and attackers write
// them, and whether the address policy (src/address-policy.ts) lets each through. Every caller of
// the policy runs it: the service's own webhooks (test/address-forms.test.ts here), and Atelier's
// API callbacks, alert webhooks and archiving (its test/integration/address-forms.test.ts).
// Only literal addresses: nothing here is resolved or called.

export interface AddressForm {
  url: string;
  allowed: boolean;
  /** What the form is. */
  what: string;
}

const refused = (url: string, what: string): AddressForm => ({ url, allowed: false, what });
const allowed = (url: string, what: string): AddressForm => ({ url, allowed: true, what });

export const ADDRESS_FORMS: readonly AddressForm[] = [
  refused('http://127.0.0.1:3291/a', 'IPv4 loopback'),
  refused('http://127.1/a', 'short IPv4 loopback'),
  refused('http://2130706433/a', 'decimal IPv4 loopback'),
  refused('http://017700000001/a', 'octal IPv4 loopback'),
  refused('http://0177.0.0.1/a', 'octal-dotted IPv4 loopback'),
  refused('http://0x7f.0.0.1/a', 'hex-dotted IPv4 loopback'),
  refused('http://0.0.0.0/a', 'the unspecified IPv4 address'),
  refused('http://10.0.0.7/a', 'RFC 1918 (10/8)'),
  refused('http://172.16.5.4/a', 'RFC 1918 (172.16/12)'),
  refused('http://192.168.1.1/a', 'RFC 1918 (192.168/16)'),
  refused('http://169.254.169.254/latest', 'link-local (cloud metadata)'),
  refused('http://100.64.0.1/a', 'CGNAT'),
  refused('http://198.18.0.1/a', 'benchmarking'),
  refused('http://224.0.0.1/a', 'multicast'),
  refused('http://[::1]/a', 'IPv6 loopback'),
  refused('http://[::]/a', 'the unspecified IPv6 address'),
  refused('http://[::ffff:127.0.0.1]/a', 'IPv4-mapped loopback'),
  refused('http://[::ffff:7f00:1]/a', 'IPv4-mapped loopback, hex'),
  refused('http://[::ffff:a9fe:a9fe]/a', 'IPv4-mapped link-local'),
  refused('http://[::127.0.0.1]:3291/a', 'IPv4-compatible loopback'),
  refused('http://[::7f00:1]/a', 'IPv4-compatible loopback, hex'),
  refused('http://[::8.8.8.8]/a', 'IPv4-compatible (deprecated, never routed)'),
  refused('http://[64:ff9b::7f00:1]/a', 'NAT64 of loopback'),
  refused('http://[64:ff9b::10.0.0.1]/a', 'NAT64 of a private IPv4'),
  refused('http://[2002:7f00:1::1]/a', '6to4 of loopback'),
  refused('http://[2002:c0a8:101::]/a', '6to4 of a private IPv4'),
  refused('http://[fe80::1]/a', 'IPv6 link-local'),
  refused('http://[fc00::1]/a', 'IPv6 unique local'),
  refused('http://[fec0::1]/a', 'IPv6 site-local'),
  refused('http://[ff02::1]/a', 'IPv6 multicast'),
  refused('http://[2001:db8::1]/a', 'IPv6 documentation'),
  refused('ftp://8.8.8.8/a', 'not http(s)'),
  refused('http://user:secret@8.8.8.8/a', 'credentials in the URL'),
  refused('not a url', 'not a URL'),
  refused('http://[::1/a', 'a broken IPv6 literal'),
  allowed('http://8.8.8.8/hooks/atelier', 'public IPv4'),
  allowed('https://1.1.1.1:8443/a?b=c', 'public IPv4 with a port and a query'),
  allowed('http://[2606:4700:4700::1111]/a', 'public IPv6'),
  allowed('http://[::ffff:8.8.8.8]/a', 'IPv4-mapped public'),
  allowed('http://[64:ff9b::808:808]/a', 'NAT64 of a public IPv4'),
];
