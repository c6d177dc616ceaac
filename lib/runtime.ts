import path from 'node:path';
import { appConfig, useAppConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import type { Prisma } from './db/generated/client';
import { sql } from './db/sql';
import { holdProcessLease, type ProcessLease } from './db/lease';
import { migrate } from './db/migrate';
import { flushLogs, log } from './observability/log';

interface Runtime {
  config: AppConfig;
  db: Database;
  /** Held while the process lives; reservations made here carry its id. */
  lease: ProcessLease;
}

const KEY = Symbol.for('atelier.runtime');
type Holder = { [KEY]?: Promise<Runtime> };

/**
 * The process's one database (migrated) and configuration. Kept on globalThis because the custom
 * server and Next's bundles load separate copies of this module but must share one connection —
 * for PGlite, one process must hold exactly one instance of the data directory.
 */
export function runtime(config: AppConfig = appConfig()): Promise<Runtime> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    useAppConfig(config);
    const db = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
    await migrate(db);
    return { config, db, lease: await holdProcessLease(db) };
  })().catch((error) => {
    delete holder[KEY]; // let the next caller retry, e.g. once PostgreSQL is reachable
    throw error;
  });
  return holder[KEY];
}

/** Prisma, for server code: `const prisma = await db()`. */
export async function db() {
  return (await runtime()).db.prisma;
}

/** One raw statement on the process's database, past Prisma and prepared as `name` (lib/db/sql.ts): for the hot paths only. */
export async function hotQuery<Row>(name: string, statement: Prisma.Sql): Promise<Row[]> {
  return sql<Row>((await runtime()).db, name, statement);
}

const CLOSE_KEY = Symbol.for('atelier.runtime.before-close');
type CloseHolder = { [CLOSE_KEY]?: Array<() => Promise<void>> };

/** Work to finish before the database closes (buffers to write), however many module copies register it. */
export function beforeClose(work: () => Promise<void>): void {
  ((globalThis as CloseHolder)[CLOSE_KEY] ??= []).push(work);
}

export async function closeRuntime(): Promise<void> {
  const holder = globalThis as Holder;
  const current = holder[KEY];
  if (!current) return;
  for (const work of (globalThis as CloseHolder)[CLOSE_KEY] ?? []) {
    await work().catch((error: unknown) => log().error({ err: error }, 'runtime: work before close failed'));
  }
  delete holder[KEY];
  const { db, lease } = await current;
  lease.stop();
  await db.close();
}

/**
 * How a process stops on SIGTERM (or SIGINT): it logs `${signal}: ${finishing}`, awaits `drain`
 * (what it still has in hand), closes the database, logs "stopped" and exits. The web server and
 * the worker both stop this way.
 */
export function stopOnSignal(finishing: string, drain: () => Promise<void>): void {
  const stop = async (signal: NodeJS.Signals) => {
    log().info(`${signal}: ${finishing}`);
    await drain();
    await closeRuntime();
    log().info('stopped');
    flushLogs();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
