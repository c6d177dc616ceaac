// vitest's and Playwright's global setup: a PostgreSQL for the run (test/support/postgres.ts), the
// run's migrated templates that every fresh test database is copied from (templates.ts), and the
// bundle every Atelier, worker and reference service of the run starts from (lib/build/node-bundle.ts).
import { bundled, ensureNodeBundle } from '../../lib/build/node-bundle';
import { ensureTestPostgres, LOCAL_POSTGRES } from './postgres';
import { makeTemplates } from './templates';

export default async function setup(): Promise<() => Promise<void>> {
  await ensureNodeBundle();
  process.env.SERVICE_BUNDLE = bundled('service');
  const stopPostgres = await ensureTestPostgres();
  const dropTemplates = await makeTemplates(process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES);
  return async () => {
    await dropTemplates();
    await stopPostgres();
  };
}
