import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';
import { APPROVAL_ASKED } from '../generations/approval-gate';
import { log } from '../observability/log';
import { enqueue, ensureQueue, schedulePeriodic } from '../queue';
import { APPROVAL_QUEUES } from './decide';
import { tellDeciders } from './notify';
import { runApproved } from './run';
import { tidyApprovals } from './tidy';

// Held requests as jobs: owners and admins are told of one as soon as it is held; an approved one
// runs on whichever worker takes it (once: the run claims it); every five minutes, and after each
// decision, the requests are tidied (expiry, uploads given back, runs that stopped with their process).

const ASKED_QUEUE = 'approvals.asked';
const approvalJob = z.object({ approvalId: z.uuid() });

export async function registerApprovalJobs(boss: PgBoss, database: Database): Promise<void> {
  await ensureQueue(boss, { name: ASKED_QUEUE, retryLimit: 3, retryDelay: 2, retryBackoff: true });
  await boss.subscribe(APPROVAL_ASKED, ASKED_QUEUE);
  await boss.work(ASKED_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await tellDeciders(approvalJob.parse(job.data).approvalId);
  });

  // A run can take as long as an edit board of four 4096² images; one retry after a crash (the claim makes a second run find nothing to do).
  await ensureQueue(boss, { name: APPROVAL_QUEUES.run, retryLimit: 1, expireInSeconds: 900 });
  await boss.work(APPROVAL_QUEUES.run, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await runApproved(approvalJob.parse(job.data).approvalId);
  });

  await schedulePeriodic(boss, APPROVAL_QUEUES.tidy, '*/5 * * * *', async () => {
    const tidied = await tidyApprovals(database);
    for (const approvalId of tidied.requeued) await enqueue(APPROVAL_QUEUES.run, { approvalId }, { singletonKey: approvalId });
    if (tidied.expired > 0 || tidied.files > 0 || tidied.requeued.length > 0) log().info(tidied, 'approvals: tidied');
  });
}
