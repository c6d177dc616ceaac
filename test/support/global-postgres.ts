// vitest's and Playwright's global setup: a PostgreSQL for the run (test/support/postgres.ts), and
// the run's migrated templates that every fresh test database is copied from (templates.ts).
import { ensureTestPostgres, LOCAL_POSTGRES } from './postgres';
import { makeTemplates } from './templates';

export default async function setup(): Promise<() => Promise<void>> {
  const stopPostgres = await ensureTestPostgres();
  const dropTemplates = await makeTemplates(process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES);
  return async () => {
    await dropTemplates();
    await stopPostgres();
  };
}
