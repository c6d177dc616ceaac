import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isBlockedAddress } from './address-policy';
import { invalid } from './errors';

/**
 * decisions.md row 7: a webhook_url must be http(s) and must not point at private, loopback or
 * link-local addresses (checked for every address the name resolves to), unless its origin is one
 * of the listed private origins, or private targets are allowed outright (tests only).
 */
export async function checkWebhookUrl(
  value: unknown,
  { allowPrivate, privateOrigins }: { allowPrivate: boolean; privateOrigins: readonly string[] },
): Promise<string> {
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
  if (allowPrivate || privateOrigins.includes(url.origin)) return url.href;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw refuse(`host "${host}" does not resolve.`);
  }
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    throw refuse('points at a private, loopback or link-local address.');
  }
  return url.href;
}
