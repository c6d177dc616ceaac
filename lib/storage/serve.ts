import { contentDisposition } from './content-disposition';
import { parseRangeHeader } from './range';
import type { BlobObject, BlobStore } from './types';

export interface ServeOptions {
  /** Overrides the stored type. */
  contentType?: string;
  /** e.g. `private, max-age=31536000, immutable` for content-addressed assets. */
  cacheControl: string;
  /** When set, the response downloads as an attachment under this name. */
  filename?: string;
}

/**
 * The response for one blob, for a route handler that has already checked access: GET and HEAD,
 * one byte range (206/416), conditional requests on the ETag (304), streamed body.
 */
export function serveBlob(request: Request, store: BlobStore, key: string, options: ServeOptions): Promise<Response> {
  return serve(request, store, key, options, 1);
}

async function serve(request: Request, store: BlobStore, key: string, options: ServeOptions, attempt: number): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  const info = await store.head(key);
  if (!info) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

  const headers = new Headers({
    'accept-ranges': 'bytes',
    'cache-control': options.cacheControl,
    'content-type': options.contentType ?? info.contentType,
    'x-content-type-options': 'nosniff',
  });
  if (info.etag) headers.set('etag', info.etag);
  if (options.filename) headers.set('content-disposition', contentDisposition(options.filename));

  if (info.etag && matchesAny(request.headers.get('if-none-match'), info.etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }

  const ifRange = request.headers.get('if-range');
  const rangeHeader = ifRange && ifRange !== info.etag ? null : request.headers.get('range');
  const wanted = parseRangeHeader(rangeHeader, info.size);
  if (wanted.kind === 'unsatisfiable') {
    headers.set('content-range', `bytes */${info.size}`);
    headers.delete('content-disposition');
    headers.set('content-type', 'text/plain; charset=utf-8');
    return new Response('Range not satisfiable', { status: 416, headers });
  }

  const range = wanted.kind === 'range' ? wanted.range : undefined;
  const blob = request.method === 'HEAD' ? null : await store.get(key, { range });
  if (request.method === 'GET' && !blob) return new Response('Not found', { status: 404 });
  if (blob && blob.etag !== info.etag) {
    // Replaced between head and get: the validators above described other bytes, so start over.
    await blob.body.cancel();
    if (attempt >= 3) throw new Error(`Blob ${key} kept changing while being served`);
    return serve(request, store, key, options, attempt + 1);
  }
  return respond(headers, info.size, range, blob);
}

function respond(headers: Headers, size: number, range: { start: number; end: number } | undefined, blob: BlobObject | null) {
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
    headers.set('content-length', String(range.end - range.start + 1));
  } else {
    headers.set('content-length', String(size));
  }
  return new Response(blob?.body ?? null, { status: range ? 206 : 200, headers });
}

/** `If-None-Match`, weak comparison (RFC 9110 §13.1.2): `*` or any listed tag, `W/` ignored. */
function matchesAny(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}
