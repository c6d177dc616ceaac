import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { log } from '../observability/log';

/** pg-boss `db` option over PGlite. pg-boss sends multi-statement scripts (BEGIN; ...; COMMIT)
 *  without parameters: those must go through exec() (simple protocol); the rest through query(). */
export function pgliteBossDb(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export async function startBoss(db: Database, options: Omit<PgBoss.ConstructorOptions, 'db'> = {}) {
  // Maintenance fails jobs past their expiry (a worker killed mid-job leaves one 'active'); every
  // 30 s rather than pg-boss's 2 min, so such a job is retried soon after its queue's expiry.
  const common = { maintenanceIntervalSeconds: 30, ...options };
  const boss = db.kind === 'pglite' ? new PgBoss({ ...common, db: pgliteBossDb(db.pglite) }) : new PgBoss({ max: 4, ...common, connectionString: db.url });
  boss.on('error', (error) => log().error({ err: error }, 'pg-boss'));
  await boss.start(); // creates/migrates schema "pgboss" itself (not in prisma/migrations)
  return boss;
}

/**
 * Creates a queue, or brings an existing one (made by an earlier release) to these settings:
 * pg-boss's createQueue leaves an existing queue as it was. Processes that start together create
 * the same queues at once, which PostgreSQL can answer with a deadlock (each makes the queue's
 * partition table); creating is idempotent, so the loser tries again.
 */
export async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(queue.name, queue);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
    }
  }
  await boss.updateQueue(queue.name, queue);
}

/** A job that runs on a schedule (`cron`, in UTC), one at a time across every worker process. */
export async function schedulePeriodic(boss: PgBoss, name: string, cron: string, work: () => Promise<void>): Promise<void> {
  await ensureQueue(boss, { name, policy: 'short' });
  await boss.work(name, work);
  await boss.schedule(name, cron);
}
