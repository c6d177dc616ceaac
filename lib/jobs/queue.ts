import type PgBoss from 'pg-boss';
import { runtime } from '../runtime';
import { startBoss } from './boss';

const KEY = Symbol.for('atelier.boss');
type Holder = { [KEY]?: Promise<PgBoss> };

/** Shares the process's pg-boss with code in Next's bundles (set by startJobs). */
export function shareBoss(boss: PgBoss): void {
  (globalThis as Holder)[KEY] = Promise.resolve(boss);
}

/**
 * Sends a job from anywhere in the app. Uses the process's running pg-boss; a web replica that runs
 * no workers (ATELIER_RUN_WORKERS=false) gets a send-only instance on the same database.
 */
export async function enqueue(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<void> {
  const holder = globalThis as Holder;
  holder[KEY] ??= runtime().then(({ db }) => startBoss(db, { supervise: false, schedule: false }));
  await (await holder[KEY]).send(queue, data, options);
}
