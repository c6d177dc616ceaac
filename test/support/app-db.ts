import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadAppConfig } from '../../lib/config';
import { closeRuntime, runtime } from '../../lib/runtime';
import { recordStart } from '@atelier/reference-service/testing';
import { createTestDatabase, seedPglite } from './templates';

export type DatabaseKind = 'pglite' | 'postgres';
export const DATABASE_KINDS: DatabaseKind[] = ['pglite', 'postgres'];

/** The PostgreSQL server the integration tests use; a fresh database is created on it per run. */
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`refusing to create and drop test databases on ${host}: integration tests only run against a local PostgreSQL`);
  }
}

/**
 * Points the app's runtime at a brand-new database of the given kind (a copy of the run's migrated
 * template: templates.ts) and returns a teardown that closes and deletes it.
 */
export async function useFreshDatabase(kind: DatabaseKind, extraEnv: Record<string, string> = {}): Promise<() => Promise<void>> {
  await closeRuntime();
  const started = performance.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-test-'));
  const env = { ...process.env, ATELIER_DATA_DIR: dataDir, DATABASE_URL: '', UPSTREAM_BASE_URL: 'http://127.0.0.1:9', ...extraEnv };
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    assertLocal(ADMIN_URL);
    const name = `atelier_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await createTestDatabase(admin, name);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    await seedPglite(dataDir);
  }
  process.env.ATELIER_DATA_DIR = dataDir;
  await runtime(loadAppConfig(env));
  recordStart(`database:${kind}`, performance.now() - started);
  return async () => {
    await closeRuntime();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  };
}
