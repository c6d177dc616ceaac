import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { embeddedServiceAdmin, rssOf, startAtelier, type Atelier, type DatabaseKind } from './atelier';

// The two Ateliers a Playwright run shares, one on PGlite and one on PostgreSQL: started once in its
// global setup (global-playwright.ts), stopped at its end, and attached to by every worker (the
// security specs' fixtures), instead of a pair per worker. Specs that need settings of their own, or
// restart or kill their server, start one of their own (atelier.ts).

const VARIABLE = 'ATELIER_SHARED';

/** What a worker needs to reach a shared Atelier (the global setup hands it over in the environment). */
interface Shared {
  origin: string;
  pid: number;
  dataDir: string;
  databaseUrl: string;
  adminToken: string;
  webhookSecret: string;
  env: NodeJS.ProcessEnv;
  logFile: string;
}

/** Starts both, beside each other; returns their teardown. */
export async function startSharedAteliers(dir: string): Promise<() => Promise<void>> {
  const ateliers = await Promise.all(
    (['pglite', 'postgres'] as const).map(async (database) => {
      const logFile = path.join(dir, `shared-${database}.log`);
      const atelier = await startAtelier({ database, logFile });
      const { origin, pid, dataDir, databaseUrl, adminToken, webhookSecret, env } = atelier;
      const shared: Shared = { origin, pid, dataDir, databaseUrl, adminToken, webhookSecret, env, logFile };
      return { atelier, entry: [database, shared] as const };
    }),
  );
  process.env[VARIABLE] = JSON.stringify(Object.fromEntries(ateliers.map((a) => a.entry)));
  return async () => {
    await Promise.all(ateliers.map(({ atelier }) => atelier.stop()));
  };
}

/** This worker's handle on the run's shared Atelier on `database`; `detach` closes its database client. */
export async function attachAtelier(database: DatabaseKind): Promise<Atelier & { detach(): Promise<void> }> {
  const shared = (JSON.parse(process.env[VARIABLE] ?? '{}') as Partial<Record<DatabaseKind, Shared>>)[database];
  if (!shared) throw new Error(`no shared ${database} Atelier: the Playwright run's global setup (global-playwright.ts) starts them`);
  const sql = shared.databaseUrl ? new pg.Client({ connectionString: shared.databaseUrl }) : null;
  await sql?.connect();
  const refuse = async () => {
    throw new Error('a shared Atelier is neither stopped nor restarted by a spec: start one of your own (startAtelier)');
  };
  return {
    ...shared,
    database,
    sql,
    log: () => readFileSync(shared.logFile, 'utf8'),
    rss: () => rssOf(shared.pid),
    ...embeddedServiceAdmin(shared.origin, shared.adminToken),
    restart: refuse,
    stop: refuse,
    detach: async () => void (await sql?.end()),
  };
}
