import ipaddr from 'ipaddr.js';

// The one address policy: where the service may send a webhook, and where Atelier (which imports
// it from here, `@atelier/reference-service/address-policy`) may fetch from or call on behalf of a
// user: public unicast addresses only, judged with ipaddr.js's table of special-purpose ranges
// (private, loopback, link-local, CGNAT, documentation, benchmarking, multicast, reserved...), with
// an IPv6 address that carries an IPv4 one judged as that IPv4.

/** The IPv4 address an IPv6 one carries and routes to (mapped, NAT64, 6to4), judged by the IPv4 rules. */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6052': // 64:ff9b::/96, NAT64
      return new ipaddr.IPv4(bytes.slice(12, 16));
    case '6to4': // 2002:AABB:CCDD::/48
      return new ipaddr.IPv4(bytes.slice(2, 6));
    default:
      return null;
  }
}

/**
 * Ranges ipaddr.js counts as unicast that are not public: site-local IPv6 (deprecated, RFC 3879),
 * and IPv4-compatible IPv6 (::/96, deprecated by RFC 4291), which `new URL` writes for
 * `[::127.0.0.1]` as `::7f00:1`.
 */
const NOT_PUBLIC = [ipaddr.parseCIDR('fec0::/10'), ipaddr.parseCIDR('::/96')];

/** True when `input` is not a public unicast address we may fetch from. Unparsable input counts as blocked. */
export function isBlockedAddress(input: string): boolean {
  const text = input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  // Only the canonical forms a resolver returns: no octal, hex or short IPv4 ("1.2.3", "0x7f.1").
  const v6 = ipaddr.IPv6.isValid(text);
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !v6) return true;
  // WHATWG's own IPv6 parser first: ipaddr.js reads `::8.8.8.8` (IPv4-compatible) as `::ffff:8.8.8.8`.
  if (v6 && !URL.canParse(`http://[${text}]/`)) return true;
  const address = ipaddr.parse(v6 ? new URL(`http://[${text}]/`).hostname.slice(1, -1) : text);
  const judged = address.kind() === 'ipv6' ? (carriedIPv4(address as ipaddr.IPv6) ?? address) : address;
  if (judged.kind() === 'ipv6' && NOT_PUBLIC.some((range) => judged.match(range))) return true;
  return judged.range() !== 'unicast';
}
