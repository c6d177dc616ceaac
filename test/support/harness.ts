import { afterAll, beforeAll, vi } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { startJobs, type Jobs } from '../../lib/jobs';
import { storeUserKey } from '../../lib/keys/service-keys';
import { runtime } from '../../lib/runtime';
import { useFreshDatabase, type DatabaseKind } from './app-db';
import { serviceFor, type KnobSettings, type RunningService } from '@atelier/reference-service/testing';

// The one integration harness: for a describe block, the reference service as its own process (the
// worker's shared one, with a key of the block's own, unless the block needs start settings), the app's
// runtime on a fresh database of the given kind pointed at it, and the job workers if asked; all
// torn down after the block.

export interface AtelierOptions {
  /** A service of the block's own, started with this environment (deadlines, providers, ...). */
  service?: Record<string, string>;
  /** Fault knobs (failing, slow, held, leaky models) set on the block's service (the worker's, without `service`). */
  knobs?: KnobSettings;
  /** More of the app's environment. */
  env?: Record<string, string>;
  /** Start the pg-boss workers (archiving, video sync, sweeps). */
  jobs?: boolean;
}

export interface TestAtelier {
  readonly svc: RunningService;
  readonly jobs: Jobs;
  /** Stops the job workers and starts new ones (as a restarted server would), which `jobs` then is. */
  restartJobs(): Promise<Jobs>;
  /** A new person with a personal team and the service's key, as a team context. */
  person(name: string, options?: { key?: string | null }): Promise<TeamContext & { teamId: string }>;
}

export function testAtelier(kind: DatabaseKind, { service = {}, knobs, env = {}, jobs = false }: AtelierOptions = {}): TestAtelier {
  let svc: RunningService | undefined;
  let workers: Jobs | undefined;
  let teardown: (() => Promise<void>) | undefined;
  let people = 0;
  beforeAll(async () => {
    svc = await serviceFor(service, knobs);
    teardown = await useFreshDatabase(kind, { UPSTREAM_BASE_URL: svc.url, ...env });
    if (jobs) workers = await startJobs((await runtime()).db);
  }, 60_000);
  afterAll(async () => {
    await workers?.stop();
    await teardown?.();
    await svc?.dispose();
  });
  return {
    get svc() {
      if (!svc) throw new Error('the service runs only inside the tests');
      return svc;
    },
    get jobs() {
      if (!workers) throw new Error('start the harness with { jobs: true }');
      return workers;
    },
    async restartJobs() {
      await this.jobs.stop();
      workers = await startJobs((await runtime()).db);
      return workers;
    },
    async person(name, { key } = {}) {
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${++people}.${kind}@example.com`;
      const { userId, teamId } = await createAccount({ name, email, password: `password-${name}` });
      const serviceKey = key === undefined ? this.svc.key : key;
      if (serviceKey) await storeUserKey(userId, serviceKey);
      return { ...(await resolveTeamContext(userId, { teamId, strict: true })), teamId };
    },
  };
}

/** The value `probe` gives once it gives one, polled with vi.waitFor. */
export function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeout = 60_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (!value) throw new Error('not yet');
      return value;
    },
    { timeout, interval: 200 },
  );
}
