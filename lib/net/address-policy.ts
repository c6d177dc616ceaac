import { isIP } from 'node:net';

type Rule = readonly [prefix: string, bits: number];

/** IPv4 ranges that are not a public host: this-network, private, CGNAT, loopback, link-local, special, documentation, benchmarking, multicast, reserved, broadcast. */
const BLOCKED_V4: readonly Rule[] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

/** IPv6 ranges: unspecified, loopback, discard, Teredo, documentation, unique-local, link-local, site-local, multicast. */
const BLOCKED_V6: readonly Rule[] = [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['fc00::', 7],
  ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];

/** IPv6 forms that carry an IPv4 address, which is judged by the IPv4 rules: [prefix, bits, offset of the IPv4 bytes]. */
const EMBEDDED_V4: readonly (readonly [string, number, number])[] = [
  ['::ffff:0:0', 96, 12], // IPv4-mapped
  ['::', 96, 12], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96, 12], // NAT64
  ['64:ff9b:1::', 48, 12], // local-use NAT64
  ['2002::', 16, 2], // 6to4
];

/** True when `address` is not a public unicast address we may fetch from. Unparsable input counts as blocked. */
export function isBlockedAddress(address: string): boolean {
  const bytes = parseIp(address);
  if (!bytes) return true;
  if (bytes.length === 4) return matchesAny(bytes, BLOCKED_V4);
  for (const [prefix, bits, offset] of EMBEDDED_V4) {
    // `::` and `::1` fall in the IPv4-compatible range as 0.0.0.0 and 0.0.0.1: blocked either way.
    if (inPrefix(bytes, parseIp(prefix)!, bits)) return matchesAny(bytes.subarray(offset, offset + 4), BLOCKED_V4);
  }
  return matchesAny(bytes, BLOCKED_V6);
}

function matchesAny(bytes: Uint8Array, rules: readonly Rule[]): boolean {
  return rules.some(([prefix, bits]) => inPrefix(bytes, parseIp(prefix)!, bits));
}

function inPrefix(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8] & mask) !== (prefix[bit / 8] & mask)) return false;
  }
  return true;
}

/** 4 or 16 bytes; accepts `[…]` brackets and drops an IPv6 zone (`%eth0`). */
export function parseIp(input: string): Uint8Array | null {
  const address = input.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return Uint8Array.from(address.split('.').map(Number));
  if (family !== 6) return null;
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    text = `${dotted[1]}0:0`;
    tail.push(...dotted[2].split('.').map(Number));
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const words = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8;
    bytes[i * 2 + 1] = word & 0xff;
  });
  if (tail.length) bytes.set(tail, 12);
  return bytes;
}
