import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress } from '@atelier/reference-service/address-policy';
import { ArchiveError } from './archive-error';

export interface ResolvedAddress {
  address: string;
  family: number;
  /** Another port to connect to than the URL's (the tests' host map only). */
  port?: number;
}

/** Resolves a host name to every address it has; injectable so tests can simulate DNS answers. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Checks a URL and resolves its host exactly once. Every address must be public unless the URL's
 * origin is trusted; the caller then connects to these addresses only (no second DNS answer).
 */
export async function resolveTarget(url: URL, trustedOrigins: ReadonlySet<string>, resolveHost: ResolveHost): Promise<ResolvedAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ArchiveError('bad_scheme', 'Only http and https file URLs can be archived.');
  }
  if (url.username || url.password) throw new ArchiveError('bad_scheme', 'File URLs with credentials are not accepted.');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolveHost(host);
    } catch (error) {
      throw new ArchiveError('http_error', 'The file host could not be resolved.', { cause: error });
    }
    if (addresses.length === 0) throw new ArchiveError('http_error', 'The file host could not be resolved.');
  }
  if (!trustedOrigins.has(url.origin) && addresses.some((a) => isBlockedAddress(a.address))) {
    throw new ArchiveError('blocked_address', 'The file URL points at a private or local network address.');
  }
  return addresses;
}

/** A `lookup` that answers with the checked addresses instead of asking DNS again (no rebinding window). */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options === 'object' ? options.family : options;
    const matching = addresses.filter((a) => !family || family === a.family || family === `IPv${a.family}`);
    const answer = matching.length ? matching : addresses;
    if (typeof options === 'object' && options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, answer);
    else callback(null, answer[0].address, answer[0].family);
  };
}

/** One GET to `url`, connecting only to `addresses`; resolves with the response head, never follows redirects. */
export function pinnedGet(url: URL, addresses: ResolvedAddress[], headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  return pinnedRequest(url, addresses, headers, signal);
}

/** One request (a GET, or a POST of `body`) to `url`, connecting only to `addresses`; never follows redirects. */
export function pinnedRequest(
  url: URL,
  addresses: ResolvedAddress[],
  headers: Record<string, string>,
  signal: AbortSignal,
  body?: string,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: addresses[0]?.port ?? (url.port || undefined),
        path: `${url.pathname}${url.search}`,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false, // no pooled socket from an earlier, differently-checked request
        lookup: pinnedLookup(addresses),
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
}
