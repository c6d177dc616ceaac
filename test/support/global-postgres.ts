// vitest's and Playwright's global setup: a PostgreSQL for the run (test/support/postgres.ts).
import { ensureTestPostgres } from './postgres';

export default async function setup(): Promise<() => Promise<void>> {
  return ensureTestPostgres();
}
