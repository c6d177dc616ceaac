import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { ArchiveError, tooLarge } from './archive-error';
import { assertValidKey } from './keys';
import { pinnedGet, resolveTarget, resolveWithDns, type ResolveHost } from './pinned-request';
import { SNIFF_BYTES, sniffType } from './sniff';
import type { BlobStore } from './types';

export interface ArchiveOptions {
  key: string;
  maxBytes: number;
  /** Media types accepted, e.g. `['image/png', 'image/jpeg', 'image/webp']` or `['video/mp4']`. */
  allowedTypes: string[];
  /** Origins (`http://127.0.0.1:4010`) allowed to live on private or loopback addresses: the configured upstream. */
  trustedOrigins: string[];
  signal?: AbortSignal;
  /** For the whole download, headers and body; default 120 s. */
  timeoutMs?: number;
  /** Redirect hops followed, each checked like the first URL; default 3, 0 refuses any redirect. */
  maxRedirects?: number;
  /** DNS for the host names; only tests replace it. */
  resolveHost?: ResolveHost;
}

export interface ArchiveResult {
  key: string;
  size: number;
  /** The type the bytes prove (sniffed), always one of `allowedTypes`. */
  contentType: string;
  sha256: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Streams an upstream result URL into `store` under `key`, hashing on the way. Refuses anything
 * but a public (or trusted) http(s) URL serving an allowed type within `maxBytes`; a refused body
 * leaves nothing behind because `BlobStore.put` is all-or-nothing.
 */
export async function archiveFromUrl(store: BlobStore, url: string, options: ArchiveOptions): Promise<ArchiveResult> {
  const { key, maxBytes, signal, timeoutMs = 120_000 } = options;
  assertValidKey(key);
  // A malformed trusted origin is our misconfiguration: let its TypeError surface, not an http_error.
  const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
  const allowed = new Set(options.allowedTypes.map((t) => t.toLowerCase()));
  const timeout = AbortSignal.timeout(timeoutMs);
  const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const failure = (error: unknown): unknown => {
    if (signal?.aborted) return signal.reason;
    if (timeout.aborted) return new ArchiveError('timeout', 'The file download took too long.', { cause: error });
    if (error instanceof ArchiveError) return error;
    return new ArchiveError('http_error', 'The file could not be downloaded.', { cause: error });
  };

  let res: IncomingMessage;
  try {
    res = await openFollowingRedirects(url, options, trusted, allowed, abort);
  } catch (error) {
    throw failure(error);
  }
  const chunks = res[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const declared = checkHead(res, allowed, maxBytes);
    const head: Buffer[] = [];
    for (let n = 0; n < SNIFF_BYTES;) {
      const next = await chunks.next().catch((error) => Promise.reject(failure(error)));
      if (next.done) break;
      head.push(next.value);
      n += next.value.length;
    }
    const contentType = sniffType(Buffer.concat(head));
    if (!contentType || !allowed.has(contentType)) {
      throw new ArchiveError('unsupported_type', 'The file content is not an accepted image or video type.');
    }
    const hash = createHash('sha256');
    let size = 0;
    async function* metered() {
      for await (const chunk of replay(head, chunks, failure)) {
        size += chunk.length;
        if (size > maxBytes) throw tooLarge(maxBytes);
        hash.update(chunk);
        yield chunk;
      }
    }
    await store.put(key, Readable.from(metered(), { objectMode: false }), { contentType, contentLength: declared });
    return { key, size, contentType, sha256: hash.digest('hex') };
  } catch (error) {
    // Body failures arrive already typed (see `replay`); any other error is the store's own and stays as it is.
    throw abort.aborted ? failure(error) : error;
  } finally {
    await chunks.return?.();
  }
}

/**
 * Opens a result URL under the same rules as archiving (public or trusted addresses only, pinned,
 * redirects checked, an allowed type, within `maxBytes`) for passing on as it streams: what the API
 * serves of a file the archive job has not stored yet.
 */
export async function openRemoteFile(
  url: string,
  options: Omit<ArchiveOptions, 'key'>,
): Promise<{ body: IncomingMessage; contentType: string; length: number | undefined }> {
  const trusted = new Set(options.trustedOrigins.map((origin) => new URL(origin).origin));
  const allowed = new Set(options.allowedTypes.map((t) => t.toLowerCase()));
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? 120_000)])
    : AbortSignal.timeout(options.timeoutMs ?? 120_000);
  const body = await openFollowingRedirects(url, options as ArchiveOptions, trusted, allowed, signal);
  try {
    const length = checkHead(body, allowed, options.maxBytes);
    return { body, contentType: (body.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase(), length };
  } catch (error) {
    body.destroy();
    throw error;
  }
}

async function* replay(head: Buffer[], chunks: AsyncIterator<Buffer>, failure: (e: unknown) => unknown) {
  yield* head;
  for (;;) {
    const next = await chunks.next().catch((error) => Promise.reject(failure(error)));
    if (next.done) return;
    yield next.value;
  }
}

async function openFollowingRedirects(
  start: string,
  options: ArchiveOptions,
  trusted: ReadonlySet<string>,
  allowed: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const { maxRedirects = 3, resolveHost = resolveWithDns } = options;
  const headers = { accept: [...allowed].join(', '), 'accept-encoding': 'identity', 'user-agent': 'Atelier-Archiver/1' };
  let url: URL;
  try {
    url = new URL(start);
  } catch {
    throw new ArchiveError('bad_scheme', 'The file URL is not a valid URL.');
  }
  for (let hop = 0; ; hop++) {
    const addresses = await resolveTarget(url, trusted, resolveHost);
    const res = await pinnedGet(url, addresses, headers, signal);
    if (!REDIRECTS.has(res.statusCode ?? 0)) return res;
    res.destroy();
    const location = res.headers.location;
    if (!location) throw new ArchiveError('http_error', `The file server answered ${res.statusCode} without a location.`);
    if (hop >= maxRedirects) throw new ArchiveError('redirect', 'The file URL redirects more than allowed.');
    try {
      url = new URL(location, url);
    } catch {
      throw new ArchiveError('redirect', 'The file URL redirects to an invalid address.');
    }
  }
}

/** Status, declared type, encoding and length, before a byte of the body is read. Returns the declared length. */
function checkHead(res: IncomingMessage, allowed: ReadonlySet<string>, maxBytes: number): number | undefined {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 299 || status === 206) {
    throw new ArchiveError('http_error', `The file server answered with status ${status}.`);
  }
  const declaredType = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!allowed.has(declaredType)) {
    throw new ArchiveError('unsupported_type', `The file type "${declaredType.slice(0, 60) || 'none'}" is not accepted here.`);
  }
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') throw new ArchiveError('unsupported_type', 'Compressed file downloads are not accepted.');
  const length = res.headers['content-length'];
  if (length === undefined) return undefined;
  const declared = Number(length);
  if (!Number.isSafeInteger(declared) || declared < 0) throw new ArchiveError('http_error', 'The file server sent an invalid length.');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  return declared;
}
