// The browser specs' Atelier (playwright.config.ts), as `npm run serve` runs it, on a database of its
// own on the run's PostgreSQL when one answers: the production shape, and a fifth less CPU and time
// for the browser specs than on PGlite, whose engine runs on the server's main thread
// (docs/testing.md). Else, or with E2E_DATABASE=pglite, on PGlite in its data dir. The database is
// made afresh at each start; the server migrates it.
import pg from 'pg';
import { answers, LOCAL_POSTGRES } from '../../test/support/postgres';

const admin = process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES;
process.env.DATABASE_URL = '';
if (process.env.E2E_DATABASE !== 'pglite' && (await answers(admin))) {
  const name = `atelier_e2e_${Number(process.env.PORT)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
await import('../../server');
