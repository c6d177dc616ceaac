import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { archiveResult } from '../assets/archive';
import type { Database } from '../db/client';
import { ensureQueue, startBoss } from './boss';
import { shareBoss } from './queue';
import { sweepReservations } from '../ledger/sweep';
import { registerVideoJobs } from '../videos/jobs';

export const QUEUES = { archive: 'asset.archive', ledgerSweep: 'ledger.sweep' } as const;

const archiveJob = z.object({
  teamId: z.uuid(),
  url: z.url(),
  kind: z.enum(['image', 'video']),
  createdById: z.uuid().optional(),
  /** The output row to point at the archived asset once it is stored. */
  outputId: z.uuid().optional(),
});
export type ArchiveJob = z.infer<typeof archiveJob>;

async function archiveInto(database: Database, data: ArchiveJob) {
  const asset = await archiveResult(data);
  if (data.outputId) {
    await database.prisma.generationOutput.updateMany({ where: { id: data.outputId, generation: { teamId: data.teamId } }, data: { assetId: asset.id } });
  }
}

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Starts pg-boss on the app's database and registers every worker (in the web server or `npm run worker`). */
export async function startJobs(database: Database): Promise<Jobs> {
  const boss = await startBoss(database);
  shareBoss(boss);
  await ensureQueue(boss, { name: QUEUES.archive, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 });
  // Up to four files at a time, polled every second: a board's images reach storage within seconds.
  // Each job succeeds or fails on its own (a failed one is retried with backoff).
  await boss.work<ArchiveJob>(QUEUES.archive, { batchSize: 4, pollingIntervalSeconds: 1 }, async (jobs) => {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await archiveInto(database, archiveJob.parse(job.data));
        } catch (error) {
          await boss.fail(QUEUES.archive, job.id, { message: (error as Error).message });
        }
      }),
    );
  });
  await registerVideoJobs(boss);
  await ensureQueue(boss, { name: QUEUES.ledgerSweep, policy: 'short' });
  await boss.work(QUEUES.ledgerSweep, async () => {
    await sweepReservations(database);
  });
  await boss.schedule(QUEUES.ledgerSweep, '* * * * *');
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
