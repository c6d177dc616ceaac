import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { currentRequestId } from '../observability/context';
import { runtime } from '../runtime';
import { startBoss } from './boss';

export { ensureQueue, schedulePeriodic, startBoss } from './boss';

const KEY = Symbol.for('atelier.boss');
/** `database` is set for a send-only instance: it belongs to that database and no other. */
type Holder = { [KEY]?: { boss: Promise<PgBoss>; database?: Database; shared?: PgBoss } };

/** Shares the process's pg-boss with code in Next's bundles (set by startJobs). */
export function shareBoss(boss: PgBoss): void {
  (globalThis as Holder)[KEY] = { boss: Promise.resolve(boss), shared: boss };
}

/** Stops sharing a pg-boss that is stopping: the next job sent finds its own way. */
export function unshareBoss(boss: PgBoss): void {
  const holder = globalThis as Holder;
  if (holder[KEY]?.shared === boss) delete holder[KEY];
}

/**
 * The process's running pg-boss, to send from anywhere in the app. A web replica that runs no
 * workers (ATELIER_RUN_WORKERS=false) gets a send-only instance on the same database, made again if
 * the runtime has moved to another database since (tests and benches open several in turn).
 */
async function sender(): Promise<PgBoss> {
  const holder = globalThis as Holder;
  let held = holder[KEY];
  if (!held || held.database) {
    const { db } = await runtime();
    if (!held || held.database !== db) held = holder[KEY] = { boss: startBoss(db, { supervise: false, schedule: false }), database: db };
  }
  return held.boss;
}

/** The request that queued a job names it in the job's logs and service calls (lib/queue/work.ts). */
function withRequestId(data: object): object {
  const requestId = currentRequestId();
  return requestId ? { ...data, requestId } : data;
}

/** Sends a job to one queue. */
export async function enqueue(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<void> {
  await (await sender()).send(queue, withRequestId(data), options);
}

/**
 * Announces an event: a job goes to every queue subscribed to it (`boss.subscribe(event, queue)`,
 * kept in the database, so every process's announcement reaches whoever listens).
 */
export async function publish(event: string, data: object, options: PgBoss.SendOptions = {}): Promise<void> {
  await (await sender()).publish(event, withRequestId(data), options);
}
