import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/client.ts';
import { log } from '../observability/log';

export type Database =
  | { kind: 'pglite'; prisma: PrismaClient; pglite: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; prisma: PrismaClient; pool: pg.Pool; url: string; close(): Promise<void> };

export const DEFAULT_PGLITE_DIR = '.data/pglite';

/** PostgreSQL when a URL is given (DATABASE_URL, through lib/config.ts), otherwise embedded PGlite in `dataDir`. */
export async function openDatabase(opts: { url?: string; dataDir?: string } = {}): Promise<Database> {
  const url = opts.url;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process:
    // the pool drops it and opens a new one on the next query.
    pool.on('error', (error) => log().error({ err: error }, 'database: idle connection lost'));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      kind: 'postgres',
      prisma,
      pool,
      url,
      async close() {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const dir = opts.dataDir ?? DEFAULT_PGLITE_DIR;
  // 'memory://' gives a throw-away database (tests).
  const dataDir = dir.startsWith('memory://') ? dir : path.resolve(/*turbopackIgnore: true*/ dir);
  let unlock = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  // pg_trgm: the library's prompt search (PostgreSQL ships it as a trusted extension too).
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    kind: 'pglite',
    prisma,
    pglite,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      unlock();
    },
  };
}

/** PGlite is single-process: a second process on the same directory silently loses writes.
 *  Refuse instead, with a pid lock file beside the directory. */
function lockDataDir(dataDir: string): () => void {
  const lock = `${dataDir}.lock`;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lock, 'utf8'));
      if (pid && pid !== process.pid && alive(pid))
        throw new Error(`${dataDir} is in use by process ${pid} (PGlite: one process per data directory; stop it or delete ${lock})`);
      rmSync(lock, { force: true }); // stale
    }
  }
  const release = () => rmSync(lock, { force: true });
  process.once('exit', release);
  return release;
}
