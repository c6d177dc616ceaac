import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { invalid } from './errors';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * decisions.md row 7: a webhook_url must be http(s) and must not point at private, loopback or
 * link-local addresses (checked for every address the name resolves to), unless explicitly allowed.
 */
export async function checkWebhookUrl(value: unknown, allowPrivate: boolean): Promise<string> {
  const refuse = (why: string) => invalid('invalid_webhook_url', `webhook_url ${why}`, 'webhook_url');
  if (typeof value !== 'string' || value.length > 2048) throw refuse('must be an http(s) URL of at most 2048 characters.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('must use http or https.');
  if (url.username || url.password) throw refuse('must not carry credentials.');
  if (allowPrivate) return url.href;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw refuse(`host "${host}" does not resolve.`);
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw refuse('points at a private, loopback or link-local address.');
  }
  return url.href;
}
