import type PgBoss from 'pg-boss';
import { Prisma } from '../db/generated/client';
import type { Database } from '../db/client';
import { LEASE_EXPIRY_SECONDS, type ProcessLease } from '../db/lease';
import { log } from '../observability/log';

// A worker killed mid-job leaves its pg-boss job 'active' until the queue's expiry: minutes for
// archiving, and a shorter expiry would cut off long jobs of living workers. Instead each job is
// noted against its process's lease (lib/queue/work.ts) (renewed every 15 s while the process lives), and every process
// that runs workers looks every 10 s for jobs whose process's lease has expired (60 s unrenewed,
// LEASE_EXPIRY_SECONDS, the same as the ledger sweep's): those are failed, which queues their retry.
// So a crashed worker's jobs run again within 70 s of its last renewal, and a long job of a living
// worker is never touched. The note is claimed by deleting it, so that each
// abandoned job is handed back once however many processes look.

const RECLAIM_EVERY_MS = 10_000;

const ids = (jobIds: string[]) => Prisma.join(jobIds.map((id) => Prisma.sql`${id}::uuid`));

/** Notes jobs as being worked by the process holding `lease`. */
export async function noteRunning({ prisma }: Database, queue: string, jobIds: string[], lease: ProcessLease): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO "RunningJob" (id, queue, "leaseId") SELECT id, ${queue}::text, ${lease.id}::uuid FROM unnest(ARRAY[${ids(jobIds)}]) AS id
    ON CONFLICT (id) DO UPDATE SET "leaseId" = excluded."leaseId", "startedAt" = CURRENT_TIMESTAMP`;
}

/** The jobs are done (or failed on their own): nothing to hand back. */
export async function forgetRunning({ prisma }: Database, jobIds: string[]): Promise<void> {
  await prisma.$executeRaw`DELETE FROM "RunningJob" WHERE id IN (${ids(jobIds)})`;
}

/** Hands back the jobs of processes that stopped, now. Returns how many. */
export async function reclaimAbandonedJobs(boss: PgBoss, { prisma }: Database): Promise<number> {
  const abandoned = await prisma.$queryRaw<Array<{ id: string; queue: string }>>`
    DELETE FROM "RunningJob" r
    WHERE NOT EXISTS (SELECT 1 FROM "ProcessLease" l
                      WHERE l.id = r."leaseId" AND l."renewedAt" > (now() AT TIME ZONE 'UTC') - make_interval(secs => ${LEASE_EXPIRY_SECONDS}))
    RETURNING r.id::text AS id, r.queue`;
  for (const job of abandoned) await boss.fail(job.queue, job.id, { message: 'the process working it stopped' });
  if (abandoned.length > 0) log().warn({ jobs: abandoned }, 'handed back the jobs of a stopped process');
  return abandoned.length;
}

/** Looks for abandoned jobs every 10 s (and once now); returns a stop. */
export function reclaimEvery(boss: PgBoss, database: Database): () => void {
  const look = () => reclaimAbandonedJobs(boss, database).catch((error: unknown) => log().warn({ err: error }, 'jobs: reclaim failed'));
  void look();
  const timer = setInterval(look, RECLAIM_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
