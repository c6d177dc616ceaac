// Playwright's global setup: vitest's (a PostgreSQL and the migrated templates), and the run's two
// shared Ateliers (shared-ateliers.ts). Needs the build (`npm run e2e` makes it first).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import globalPostgres from './global-postgres';
import { startSharedAteliers } from './shared-ateliers';

export default async function setup(): Promise<() => Promise<void>> {
  const teardownPostgres = await globalPostgres();
  const stopAteliers = await startSharedAteliers(await mkdtemp(path.join(tmpdir(), 'atelier-shared-')));
  return async () => {
    await stopAteliers();
    await teardownPostgres();
  };
}
