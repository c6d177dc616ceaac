// Applies prisma/migrations/<name>/migration.sql in name order and records them in
// Prisma's own `_prisma_migrations` table (so `prisma migrate status` agrees with us).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.join(process.cwd(), 'prisma', 'migrations');
// Same key as Prisma's schema engine, so our migrator and `prisma migrate` exclude each other.
const ADVISORY_LOCK_KEY = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;
const INSERT_ROW = `INSERT INTO "_prisma_migrations"
  (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
  VALUES ($1, $2, $3, $4, clock_timestamp(), 1)`;

export type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  // turbopackIgnore: stop Next from tracing the whole project (copy prisma/migrations yourself
  // if you use `output: 'standalone'`).
  if (!existsSync(/*turbopackIgnore: true*/ dir)) return [];
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const buf = readFileSync(path.join(dir, name, 'migration.sql'));
      return { name, sql: buf.toString('utf8'), checksum: createHash('sha256').update(buf).digest('hex') };
    });
}

type Row = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

/** What both back ends must offer: plain queries and "run this in one transaction". */
interface Conn {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  inTransaction(fn: (exec: (sql: string, params?: unknown[]) => Promise<void>) => Promise<void>): Promise<void>;
}

function pgliteConn(db: PGlite): Conn {
  return {
    query: async (sql, params) => (await db.query<any>(sql, params)).rows,
    inTransaction: (fn) =>
      db.transaction(async (tx: Transaction) => {
        await fn(async (sql, params) => {
          if (params) await tx.query(sql, params);
          else await tx.exec(sql); // multi-statement script
        });
      }),
  };
}

function pgConn(client: pg.PoolClient): Conn {
  return {
    query: async (sql, params) => (await client.query(sql, params)).rows,
    async inTransaction(fn) {
      await client.query('BEGIN');
      try {
        await fn(async (sql, params) => {
          await client.query(sql, params);
        }); // no params => simple protocol, multi-statement OK
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      }
    },
  };
}

async function migrateWith(conn: Conn, migrations: Migration[], log: (m: string) => void) {
  await conn.query(CREATE_TABLE);
  const rows = await conn.query<Row>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"');
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at);
  if (failed.length) throw new Error(`failed migration(s) recorded: ${failed.map((r) => r.migration_name).join(', ')}`);
  const done = new Map(rows.filter((r) => r.finished_at).map((r) => [r.migration_name, r.checksum]));
  const applied: string[] = [];
  for (const m of migrations) {
    const old = done.get(m.name);
    if (old !== undefined) {
      if (old !== m.checksum) log(`warning: migration ${m.name} was modified after it was applied`);
      continue;
    }
    const startedAt = new Date();
    try {
      await conn.inTransaction(async (exec) => {
        await exec(m.sql);
        await exec(INSERT_ROW, [randomUUID(), m.checksum, m.name, startedAt]);
      });
    } catch (e) {
      throw new Error(`migration ${m.name} failed (rolled back): ${(e as Error).message}`, { cause: e });
    }
    applied.push(m.name);
    log(`applied ${m.name}`);
  }
  return applied;
}

let known: string[] | undefined;

/** The migrations this build carries that the database has not finished (readiness: none). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  known ??= readMigrations().map((m) => m.name);
  const rows = await db.prisma.$queryRaw<Array<{ name: string }>>`SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`;
  const finished = new Set(rows.map((r) => r.name));
  return known.filter((name) => !finished.has(name));
}

/** Idempotent; safe when several processes start at once on PostgreSQL (advisory lock). */
export async function migrate(db: Database, opts: { dir?: string; log?: (m: string) => void } = {}): Promise<string[]> {
  const migrations = readMigrations(opts.dir);
  const log = opts.log ?? ((m) => console.log(`[migrate] ${m}`));
  if (db.kind === 'pglite') return migrateWith(pgliteConn(db.pglite), migrations, log); // one process per data dir
  const client = await db.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    try {
      return await migrateWith(pgConn(client), migrations, log);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
