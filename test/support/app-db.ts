import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadAppConfig } from '../../lib/config';
import { closeRuntime, runtime } from '../../lib/runtime';
import { recordStart } from '@atelier/reference-service/testing';
import { freshPostgresDatabase, seedPglite } from './templates';

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
    ({ url: env.DATABASE_URL, drop: dropDatabase } = await freshPostgresDatabase(ADMIN_URL, 'atelier_test'));
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
