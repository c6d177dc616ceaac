import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { ProcessLease } from '../db/lease';
import { withRequestId } from '../observability/context';
import { log } from '../observability/log';
import { forgetRunning, noteRunning } from './reclaim';

type Handler = PgBoss.WorkHandler<unknown>;

/**
 * Wraps every handler `boss.work` is given, for every feature's queues at once: the jobs are noted
 * against this process's lease while they run (so a crash hands them back, reclaim.ts), the work
 * runs under the request id of the request that queued it (logs and service calls carry it), and a
 * failure is logged before pg-boss retries it.
 */
export function superviseWork(boss: PgBoss, database: Database, lease: ProcessLease): void {
  const work = boss.work.bind(boss) as (name: string, options: PgBoss.WorkOptions, handler: Handler) => Promise<string>;
  const supervised =
    (queue: string, handler: Handler): Handler =>
    async (jobs) => {
      const jobIds = jobs.map((job) => job.id);
      const queuedBy = (jobs[0]?.data as { requestId?: unknown } | undefined)?.requestId;
      return withRequestId(typeof queuedBy === 'string' ? queuedBy : `job-${jobIds[0]}`, async () => {
        await noteRunning(database, queue, jobIds, lease);
        try {
          return await handler(jobs);
        } catch (error) {
          log().warn({ queue, jobs: jobIds, err: error }, 'job failed (pg-boss retries it while retries remain)');
          throw error;
        } finally {
          await forgetRunning(database, jobIds);
        }
      });
    };
  boss.work = ((queue: string, ...rest: [Handler] | [PgBoss.WorkOptions, Handler]) =>
    rest.length === 1 ? work(queue, {}, supervised(queue, rest[0])) : work(queue, rest[0], supervised(queue, rest[1]))) as typeof boss.work;
}
