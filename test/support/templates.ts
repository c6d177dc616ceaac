import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../lib/db/client';
import { migrate } from '../../lib/db/migrate';
import { startBoss } from '../../lib/queue/boss';

// One migrated database of each kind per test run, made in the runners' global setup: a test's fresh
// database is a copy of it (PostgreSQL's CREATE DATABASE … TEMPLATE, a copied PGlite data dir)
// instead of 27 migrations and pg-boss's schema run again. The migrations themselves still run here,
// once per run, on both databases (and `npm run db:check` holds them to the schema). Where no global
// setup ran (a bench), a fresh database is migrated on open as before.

const PG_TEMPLATE = 'ATELIER_TEST_PG_TEMPLATE';
const PGLITE_TEMPLATE = 'ATELIER_TEST_PGLITE_TEMPLATE';

/** Migrates `url`'s database, or a PGlite in `dataDir`, and gives it pg-boss's schema; closes it. */
async function migrateOnce(where: { url: string } | { dataDir: string }): Promise<void> {
  const db = await openDatabase(where);
  try {
    await migrate(db, { log: () => {} });
    const boss = await startBoss(db, { supervise: false, schedule: false });
    await boss.stop({ graceful: false, wait: true });
  } finally {
    await db.close();
  }
}

/** Makes the run's two templates on the PostgreSQL at `adminUrl`; returns their teardown. */
export async function makeTemplates(adminUrl: string): Promise<() => Promise<void>> {
  const name = `atelier_template_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const pgliteDir = await mkdtemp(path.join(tmpdir(), 'atelier-template-'));
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  await Promise.all([migrateOnce({ url }), migrateOnce({ dataDir: path.join(pgliteDir, 'pglite') })]);
  process.env[PG_TEMPLATE] = name;
  process.env[PGLITE_TEMPLATE] = path.join(pgliteDir, 'pglite');
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
    await rm(pgliteDir, { recursive: true, force: true });
  };
}

/**
 * A new database named `<prefix>_<random>` on the PostgreSQL at `adminUrl` (a copy of the run's
 * migrated template when there is one): its URL, and how to drop it.
 */
export async function freshPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = process.env[PG_TEMPLATE];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Puts a copy of the run's migrated PGlite at `<dataDir>/pglite` (where the app opens it), when there is one. */
export async function seedPglite(dataDir: string): Promise<void> {
  const template = process.env[PGLITE_TEMPLATE];
  if (template) await cp(template, path.join(dataDir, 'pglite'), { recursive: true });
}
