import type PgBoss from 'pg-boss';
import { Prisma } from '../db/generated/client';
import type { Database } from '../db/client';
import type { ProcessLease } from '../db/lease';

// A worker killed mid-job leaves its pg-boss job 'active' until the queue's expiry: minutes for
// archiving, and a shorter expiry would cut off long jobs of living workers. Instead each job is
// noted against its process's lease (renewed every 15 s while the process lives), and every process
// that runs workers looks every 10 s for jobs whose process has not renewed for 45 s: those are
// failed, which queues their retry. So a crashed worker's jobs run again within a minute, and a long
// job of a living worker is never touched. The note is claimed by deleting it, so that each
// abandoned job is handed back once however many processes look.

export const DEAD_AFTER_SECONDS = 45;
const RECLAIM_EVERY_MS = 10_000;

type Handler = PgBoss.WorkHandler<unknown>;

const ids = (jobIds: string[]) => Prisma.join(jobIds.map((id) => Prisma.sql`${id}::uuid`));

/** Makes every `boss.work` handler note the jobs it runs against this process's lease. */
export function noteRunningJobs(boss: PgBoss, { prisma }: Database, lease: ProcessLease): void {
  const work = boss.work.bind(boss) as (name: string, options: PgBoss.WorkOptions, handler: Handler) => Promise<string>;
  const noted = (name: string, handler: Handler): Handler => {
    return async (jobs) => {
      const jobIds = jobs.map((job) => job.id);
      await prisma.$executeRaw`
        INSERT INTO "RunningJob" (id, queue, "leaseId") SELECT id, ${name}::text, ${lease.id}::uuid FROM unnest(ARRAY[${ids(jobIds)}]) AS id
        ON CONFLICT (id) DO UPDATE SET "leaseId" = excluded."leaseId", "startedAt" = CURRENT_TIMESTAMP`;
      try {
        return await handler(jobs);
      } finally {
        await prisma.$executeRaw`DELETE FROM "RunningJob" WHERE id IN (${ids(jobIds)})`;
      }
    };
  };
  boss.work = ((name: string, ...rest: [Handler] | [PgBoss.WorkOptions, Handler]) =>
    rest.length === 1 ? work(name, {}, noted(name, rest[0])) : work(name, rest[0], noted(name, rest[1]))) as typeof boss.work;
}

/** Hands back the jobs of processes that stopped, now. Returns how many. */
export async function reclaimAbandonedJobs(boss: PgBoss, { prisma }: Database): Promise<number> {
  const abandoned = await prisma.$queryRaw<Array<{ id: string; queue: string }>>`
    DELETE FROM "RunningJob" r
    WHERE NOT EXISTS (SELECT 1 FROM "ProcessLease" l
                      WHERE l.id = r."leaseId" AND l."renewedAt" > (now() AT TIME ZONE 'UTC') - make_interval(secs => ${DEAD_AFTER_SECONDS}))
    RETURNING r.id::text AS id, r.queue`;
  for (const job of abandoned) await boss.fail(job.queue, job.id, { message: 'the process working it stopped' });
  if (abandoned.length > 0) console.log(`[jobs] handed back ${abandoned.length} job(s) of a stopped process`);
  return abandoned.length;
}

/** Looks for abandoned jobs every 10 s (and once now); returns a stop. */
export function reclaimEvery(boss: PgBoss, database: Database): () => void {
  const look = () => reclaimAbandonedJobs(boss, database).catch((error: unknown) => console.warn('[jobs] reclaim failed:', (error as Error).message));
  void look();
  const timer = setInterval(look, RECLAIM_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
