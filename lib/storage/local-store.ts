import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertValidKey } from './keys';
import { Meter } from './meter';
import { toNodeReadable, toWebStream } from './streams';
import { clampRange } from './range';
import type { BlobBody, BlobInfo, BlobObject, BlobStore, ByteRange, PutOptions, PutResult } from './types';

interface Meta {
  contentType: string;
  etag: string;
  /** The data file this metadata describes: a rename keeps the inode, a replacement changes it. */
  ino: number;
  size: number;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * Blobs as files under `root`: data at `root/<key>`, metadata at `root/.meta/<key>.json`. Writes
 * go to `root/.tmp/` and are renamed into place, so a reader sees the old file or the new one.
 */
export class LocalBlobStore implements BlobStore {
  readonly root: string;

  constructor(root = '.data/assets') {
    this.root = path.resolve(/*turbopackIgnore: true*/ root);
  }

  async probe(): Promise<void> {
    try {
      await mkdir(path.join(this.root, '.tmp'), { recursive: true });
      await access(this.root, constants.W_OK);
    } catch (error) {
      throw new Error(`The asset folder ${this.root} is not writable (${(error as Error).message}): check STORAGE_LOCAL_DIR.`);
    }
  }

  async put(key: string, body: BlobBody, { contentType, contentLength }: PutOptions): Promise<PutResult> {
    assertValidKey(key);
    const expected = contentLength ?? (body instanceof Uint8Array ? body.byteLength : undefined);
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const metaTmp = `${tmp}.json`;
    const out = createWriteStream(tmp, { flags: 'wx', mode: 0o640 });
    try {
      const meter = new Meter(expected, 'md5');
      await pipeline(toNodeReadable(body), meter, out);
      const handle = await open(tmp, 'r');
      const { ino } = await handle.stat().finally(() => handle.close());
      const meta: Meta = { contentType, etag: `"${meter.digest()}"`, ino, size: meter.bytes };
      await writeFile(metaTmp, JSON.stringify(meta), { flag: 'wx' });
      await mkdir(path.dirname(this.dataPath(key)), { recursive: true });
      await mkdir(path.dirname(this.metaPath(key)), { recursive: true });
      await rename(tmp, this.dataPath(key));
      await rename(metaTmp, this.metaPath(key));
      return { size: meta.size, etag: meta.etag };
    } catch (error) {
      // A failed source can reject the pipeline while the file is still being opened: wait for the
      // write stream to close, or the temp file would appear after we removed it.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await Promise.all([rm(tmp, { force: true }), rm(metaTmp, { force: true })]);
      throw error;
    }
  }

  async get(key: string, options: { range?: ByteRange } = {}): Promise<BlobObject | null> {
    const opened = await this.openBlob(key);
    if (!opened) return null;
    const { handle, info } = opened;
    let range: ByteRange | undefined;
    try {
      range = options.range && clampRange(options.range, info.size);
    } catch (error) {
      await handle.close();
      throw error;
    }
    const stream = handle.createReadStream({ start: range?.start ?? 0, end: range?.end, highWaterMark: 64 * 1024 });
    return { ...info, body: toWebStream(stream), range };
  }

  async head(key: string): Promise<BlobInfo | null> {
    const opened = await this.openBlob(key);
    await opened?.handle.close();
    return opened?.info ?? null;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await rm(this.dataPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  private dataPath(key: string): string {
    return path.join(this.root, key);
  }

  private metaPath(key: string): string {
    return path.join(this.root, '.meta', `${key}.json`);
  }

  /** Opens the data file first, so size and metadata describe the very bytes a reader gets. */
  private async openBlob(key: string): Promise<{ handle: FileHandle; info: BlobInfo } | null> {
    assertValidKey(key);
    let handle: FileHandle;
    try {
      handle = await open(this.dataPath(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const meta = await this.readMeta(key);
      if (meta && meta.ino === stat.ino && meta.size === stat.size) {
        return { handle, info: { size: stat.size, contentType: meta.contentType, etag: meta.etag } };
      }
      // Metadata lost or from another write in flight: still serve the bytes, with a weaker identity.
      const etag = `"${stat.ino.toString(16)}-${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      return { handle, info: { size: stat.size, contentType: 'application/octet-stream', etag } };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private async readMeta(key: string): Promise<Meta | null> {
    try {
      return JSON.parse(await readFile(this.metaPath(key), 'utf8')) as Meta;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }
}
