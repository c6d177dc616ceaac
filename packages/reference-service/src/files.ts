import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ServiceError } from './errors';
import type { JsonStore } from './store';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', mp4: 'video/mp4' };

interface FileRecord {
  id: string;
  ext: string;
  size: number;
  owner: string;
  created: number;
  expires_at: number;
}

export interface StoredFile {
  id: string;
  ext: string;
  expiresAt: number;
}

/**
 * Generated files, served at `{base}/v1/files/{id}.{ext}?expires=…&signature=…` (decisions.md row 11).
 * The URL is the credential: it is signed, answers 410 once `expires` has passed, and the file is purged.
 */
export class FileShelf {
  private readonly dir: string;

  constructor(
    private readonly store: JsonStore,
    dataDir: string,
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.dir = path.join(dataDir, 'blobs');
  }

  private blobPath(id: string, ext: string) {
    return path.join(this.dir, `${id}.${ext}`);
  }

  /** Stores bytes, or moves an already written file into place (videos are never held in memory). */
  async put(owner: string, ext: keyof typeof CONTENT_TYPES, source: Buffer | { path: string }): Promise<StoredFile> {
    const id = `file_${randomBytes(12).toString('hex')}`;
    await mkdir(this.dir, { recursive: true });
    const target = this.blobPath(id, ext);
    if (Buffer.isBuffer(source)) await writeFile(target, source);
    else await rename(source.path, target);
    const now = Math.floor(Date.now() / 1000);
    const record: FileRecord = {
      id,
      ext,
      size: (await stat(target)).size,
      owner,
      created: now,
      expires_at: now + this.ttlSeconds,
    };
    await this.store.put('files', id, record);
    return { id, ext, expiresAt: record.expires_at };
  }

  private sign(id: string, ext: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${id}.${ext}:${expires}`).digest('base64url');
  }

  url(base: string, file: StoredFile): string {
    const sig = this.sign(file.id, file.ext, file.expiresAt);
    return `${base}/v1/files/${file.id}.${file.ext}?expires=${file.expiresAt}&signature=${sig}`;
  }

  /** GET /v1/files/{id}.{ext}: signature first, then expiry, then the bytes (with Range for video players). */
  async serve(request: Request, name: string): Promise<Response> {
    const match = /^(file_[0-9a-f]{24})\.([a-z0-9]+)$/.exec(name);
    const url = new URL(request.url);
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature') ?? '';
    if (!match || !Number.isInteger(expires)) throw new ServiceError(404, 'file_not_found', 'No such file.');
    const [, id, ext] = match;
    const expected = Buffer.from(this.sign(id, ext, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ServiceError(403, 'invalid_signature', 'The file URL signature is not valid.');
    }
    if (Date.now() / 1000 >= expires) {
      throw new ServiceError(410, 'file_expired', 'This file has expired: generated files are kept for 7 days.');
    }
    const record = await this.store.get<FileRecord>('files', id);
    if (!record || record.ext !== ext) throw new ServiceError(404, 'file_not_found', 'No such file.');
    return rangeResponse(request, this.blobPath(id, ext), record.size, CONTENT_TYPES[ext] ?? 'application/octet-stream', expires);
  }

  /** Deletes what has expired; run periodically. */
  async purgeExpired(now = Date.now() / 1000): Promise<number> {
    const expired = (await this.store.list<FileRecord>('files')).filter((f) => f.expires_at <= now);
    for (const f of expired) {
      await rm(this.blobPath(f.id, f.ext), { force: true });
      await this.store.delete('files', f.id);
    }
    return expired.length;
  }
}

function rangeResponse(request: Request, file: string, size: number, contentType: string, expires: number): Response {
  const headers = new Headers({
    'content-type': contentType,
    'accept-ranges': 'bytes',
    'cache-control': `private, max-age=${Math.max(0, Math.floor(expires - Date.now() / 1000))}, immutable`,
  });
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  let start = 0;
  let end = size - 1;
  let status = 200;
  if (range && (range[1] || range[2])) {
    start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
    }
    status = 206;
    headers.set('content-range', `bytes ${start}-${end}/${size}`);
  }
  headers.set('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
