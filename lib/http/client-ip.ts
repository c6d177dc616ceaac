import type { IncomingMessage } from 'node:http';

/** The header server.ts stamps on every request with the client's address (an incoming one is overwritten). */
export const CLIENT_IP_HEADER = 'x-atelier-client-ip';

/**
 * The client's address: the connection's peer, or, behind `hops` trusted proxies that each append
 * to X-Forwarded-For, the entry the outermost of them wrote. Entries to its left are whatever the
 * client claimed, and never trusted.
 */
export function clientIp(req: IncomingMessage, hops: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (hops === 0) return plain(peer);
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return plain(forwarded[forwarded.length - hops] ?? peer);
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();
