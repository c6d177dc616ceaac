import { mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A small durable record store: one JSON file per record, written to a temporary file, fsynced and
 * renamed into place, so a crash leaves either the old record or the new one, never half of one.
 * The reference service keeps everything it must remember across restarts here.
 */
export class JsonStore {
  constructor(readonly dir: string) {}

  private file(collection: string, id: string): string {
    if (!SAFE_ID.test(id) || !SAFE_ID.test(collection)) throw new Error(`unsafe record id ${collection}/${id}`);
    return path.join(this.dir, collection, `${id}.json`);
  }

  async put(collection: string, id: string, value: unknown): Promise<void> {
    const target = this.file(collection, id);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(JSON.stringify(value));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, target);
  }

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    if (!SAFE_ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(this.file(collection, id), 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(collection: string, id: string): Promise<void> {
    await rm(this.file(collection, id), { force: true });
  }

  async list<T>(collection: string): Promise<T[]> {
    let names: string[];
    try {
      names = await readdir(path.join(this.dir, collection));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const records = await Promise.all(names.filter((n) => n.endsWith('.json')).map((n) => this.get<T>(collection, n.slice(0, -5))));
    return records.filter((r): r is Awaited<T> => r !== undefined) as T[];
  }
}
