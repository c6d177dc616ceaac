// Before the browser specs' Atelier starts (playwright.config.ts's webServer), on standard output:
// the URL of a database of its own on the run's PostgreSQL when one answers (the production shape,
// and a fifth less CPU and time for the browser specs than on PGlite, whose engine runs on the
// server's main thread: docs/testing.md), made afresh at each start; the server migrates it. Else,
// or with E2E_DATABASE=pglite, nothing: the server runs on PGlite in its data dir. The server's
// bundle is brought up to date first (lib/build/node-bundle.ts).
import pg from 'pg';
import { ensureNodeBundle } from '../../lib/build/node-bundle';
import { answers, LOCAL_POSTGRES } from '../../test/support/postgres';

await ensureNodeBundle();
const admin = process.env.TEST_POSTGRES_URL ?? LOCAL_POSTGRES;
if (process.env.E2E_DATABASE !== 'pglite' && (await answers(admin))) {
  const name = `atelier_e2e_${Number(process.env.PORT)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  console.log(url.toString());
}
