import ipaddr from 'ipaddr.js';

// Where Atelier may fetch from on behalf of a user (archiving a service URL): public unicast
// addresses only, judged with ipaddr.js's table of special-purpose ranges (private, loopback,
// link-local, CGNAT, documentation, benchmarking, multicast, reserved...).

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

/** Site-local IPv6 (deprecated, RFC 3879): ipaddr.js counts it as unicast; it is not public. */
const SITE_LOCAL = ipaddr.parseCIDR('fec0::/10');

/** True when `input` is not a public unicast address we may fetch from. Unparsable input counts as blocked. */
export function isBlockedAddress(input: string): boolean {
  const text = input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  // Only the canonical forms a resolver returns: no octal, hex or short IPv4 ("1.2.3", "0x7f.1").
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return true;
  const address = ipaddr.parse(text);
  const judged = address.kind() === 'ipv6' ? (carriedIPv4(address as ipaddr.IPv6) ?? address) : address;
  if (judged.kind() === 'ipv6' && judged.match(SITE_LOCAL)) return true;
  return judged.range() !== 'unicast';
}
