import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { recordStart, setKnobs, type KnobSettings } from '@atelier/reference-service/testing';
import { ensureNodeBundle, bundled } from '../../lib/build/node-bundle';
import { freePort } from './free-port';
import { freshPostgresDatabase, seedPglite } from './templates';

// A built Atelier (`next build` has run) started as its own process, the way `npm run serve` starts
// it, on a fresh PGlite data dir or a fresh database on the local PostgreSQL. The one way the
// security, cluster and e2e specs and the benches start a server of their own.

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** The node flags of package.json's `serve` script (`exec node --flag=value dist/server.mjs`): its `--name=value` ones. */
const SERVE_FLAGS = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve
  .split(' ')
  .filter((word) => /^--[\w-]+=/.test(word));

export type DatabaseKind = 'pglite' | 'postgres';

export interface Atelier {
  origin: string;
  /** The server process's id (a new one after `restart`). */
  readonly pid: number;
  dataDir: string;
  database: DatabaseKind;
  /** PostgreSQL only: a client on the server's own database, for checking what was (not) written. */
  sql: pg.Client | null;
  /** PostgreSQL only: the database's URL (another replica can be started on it). */
  databaseUrl: string;
  /** The embedded reference service's admin token (from the generated secrets). */
  adminToken: string;
  /** The secret the embedded service signs its webhooks with (`whsec_…`). */
  webhookSecret: string;
  /** The environment the server runs with (another process, such as a worker, can share its database and data dir). */
  env: NodeJS.ProcessEnv;
  /** Everything the process printed so far. */
  log(): string;
  /** Resident set size of the server process, in bytes. */
  rss(): number;
  /** Changes the embedded service's fault knobs. */
  knobs(knobs: KnobSettings): Promise<void>;
  /** Mints a key on the embedded service. */
  mintKey(): Promise<string>;
  /**
   * Stops the server (SIGKILL simulates a crash, SIGTERM a graceful stop) and starts it again on the
   * same port, data dir and database, as the reference service's `restart` does; waits until it is healthy.
   */
  restart(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/** Whether the process still runs (one killed by a signal has no exit code, but a signal code). */
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function waitForHealth(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!running(child)) throw new Error(`Atelier exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log()}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Atelier did not become ready:\n${log()}`);
}

/**
 * Starts Atelier; `env` adds to (or overrides) the defaults of a local run. `replicaOf` starts another
 * replica on that one's PostgreSQL database (give both the same ATELIER_SECRET). `port` is a free
 * one unless given.
 */
export async function startAtelier({
  database,
  env = {},
  replicaOf,
  port,
}: {
  database: DatabaseKind;
  env?: Record<string, string>;
  replicaOf?: Atelier;
  port?: number;
}): Promise<Atelier> {
  const started = performance.now();
  await ensureNodeBundle();
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-security-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let sql: pg.Client | null = null;
  if (replicaOf) {
    databaseUrl = replicaOf.databaseUrl;
  } else if (database === 'postgres') {
    ({ url: databaseUrl, drop: dropDatabase } = await freshPostgresDatabase(ADMIN_URL, 'atelier_security'));
  } else {
    await seedPglite(dataDir);
  }
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    ATELIER_PUBLIC_URL: origin,
    ATELIER_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ...env,
  };
  let output = '';
  const log = () => output;
  // One process (no npx wrapper), so that SIGKILL really is a crash of the whole server; with the
  // node flags `npm run serve` gives it.
  const spawnServer = () => {
    const server = spawn(process.execPath, [...SERVE_FLAGS, bundled('server')], { cwd: ROOT, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    return server;
  };
  let child = spawnServer();
  const kill = async (signal: NodeJS.Signals) => {
    if (!running(child)) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  try {
    await waitForHealth(origin, child, log);
  } catch (error) {
    child.kill('SIGKILL');
    await dropDatabase();
    throw error;
  }
  recordStart(`atelier:${database}${replicaOf ? ' (replica)' : ''}`, performance.now() - started);
  if (databaseUrl) {
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
  }
  // None when every secret was given (a hosted service's shape): Atelier then writes no file.
  const secretsFile = path.join(dataDir, 'secrets.json');
  const secrets = (existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, 'utf8')) : {}) as { serviceAdminToken: string; serviceWebhookSecret: string };
  const adminToken = secrets.serviceAdminToken;
  const admin = (pathname: string, init: RequestInit) =>
    fetch(`${origin}${pathname}`, { ...init, headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' } });

  return {
    origin,
    get pid() {
      return child.pid!;
    },
    dataDir,
    database,
    sql,
    databaseUrl,
    adminToken,
    webhookSecret: secrets.serviceWebhookSecret,
    env: serverEnv,
    log,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    knobs: (knobs) => setKnobs({ url: origin, adminToken }, knobs),
    async mintKey() {
      const response = await admin('/v1/admin/keys', { method: 'POST', body: '{}' });
      if (response.status !== 201) throw new Error(`mint: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { key: string }).key;
    },
    async restart(signal: NodeJS.Signals = 'SIGTERM') {
      await kill(signal);
      const restarted = performance.now();
      child = spawnServer();
      await waitForHealth(origin, child, log);
      recordStart(`atelier:${database} (restart)`, performance.now() - restarted);
    },
    async stop() {
      await sql?.end();
      await kill('SIGTERM');
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
