import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';
import { enqueue, ensureQueue } from '../queue';
import { archiveResult } from './archive';
import { metrics } from '../observability/metrics';

// Results the service gave as URLs are copied into storage by this job, after the answer. It writes
// where each stands on its output row (`archive`): archived once stored, unsaved once it gave up.

export const ARCHIVE_QUEUES = { archive: 'asset.archive', sweep: 'asset.archive-sweep' } as const;
const RETRY_LIMIT = 5;
/** Five retries with backoff from 10 s end within minutes; a job lost even to expiry is given up after this. */
const GIVE_UP_AFTER_MS = 60 * 60_000;

const archiveJob = z.object({
  teamId: z.uuid(),
  url: z.url(),
  kind: z.enum(['image', 'video']),
  createdById: z.uuid().optional(),
  /** The output row to point at the archived asset once it is stored. */
  outputId: z.uuid().optional(),
});
export type ArchiveJob = z.infer<typeof archiveJob>;

/** Queues the copy of one result into storage (keyed by its output, so it is queued once). */
export async function enqueueArchive(job: ArchiveJob): Promise<void> {
  await enqueue(ARCHIVE_QUEUES.archive, job, job.outputId ? { id: job.outputId } : {});
}

/** Marks outputs whose copy will not happen: the service's own URL is all there is. */
export async function markUnsaved({ prisma }: Database, outputIds: string[]): Promise<void> {
  if (outputIds.length > 0) await prisma.generationOutput.updateMany({ where: { id: { in: outputIds }, archive: 'archiving' }, data: { archive: 'unsaved' } });
}

async function archiveInto({ prisma }: Database, data: ArchiveJob) {
  if (data.outputId) {
    // A board queues its copies while it writes its outputs: one not written yet is retried (with
    // backoff), and one already stored is not stored twice.
    const output = await prisma.generationOutput.findFirst({ where: { id: data.outputId, teamId: data.teamId }, select: { archive: true } });
    if (!output) throw new Error(`output ${data.outputId} is not recorded (yet)`);
    if (output.archive === 'archived') return;
  }
  const asset = await archiveResult(data);
  if (data.outputId) {
    await prisma.generationOutput.updateMany({
      where: { id: data.outputId, generation: { teamId: data.teamId } },
      data: { assetId: asset.id, archive: 'archived' },
    });
  }
}

const ARCHIVE_BATCH = 4;

export async function registerArchiveJobs(boss: PgBoss, database: Database): Promise<void> {
  await ensureQueue(boss, { name: ARCHIVE_QUEUES.archive, retryLimit: RETRY_LIMIT, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 });
  // Up to four files at a time, polled every second: a board's images reach storage within seconds.
  // Each job succeeds or fails on its own (a failed one is retried with backoff; the last failure marks it unsaved).
  // A full batch means more are likely waiting: the worker fetches again at once instead of after
  // the poll interval (64 images took 16 s, one batch a second, before).
  let workerId = '';
  workerId = await boss.work<ArchiveJob>(
    ARCHIVE_QUEUES.archive,
    { batchSize: ARCHIVE_BATCH, pollingIntervalSeconds: 1, includeMetadata: true },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await archiveInto(database, archiveJob.parse(job.data));
          } catch (error) {
            metrics().archiveFailures.inc();
            const outputId = (job.data as Partial<ArchiveJob>).outputId;
            if (job.retryCount >= job.retryLimit && outputId) await markUnsaved(database, [outputId]);
            await boss.fail(ARCHIVE_QUEUES.archive, job.id, { message: (error as Error).message });
          }
        }),
      );
      if (jobs.length === ARCHIVE_BATCH && workerId) boss.notifyWorker(workerId);
    },
  );
  // A job a crash lost past its retries never reaches the handler above: give its output up here.
  await ensureQueue(boss, { name: ARCHIVE_QUEUES.sweep, policy: 'short' });
  await boss.work(ARCHIVE_QUEUES.sweep, async () => {
    await database.prisma.generationOutput.updateMany({
      where: { archive: 'archiving', createdAt: { lt: new Date(Date.now() - GIVE_UP_AFTER_MS) } },
      data: { archive: 'unsaved' },
    });
  });
  await boss.schedule(ARCHIVE_QUEUES.sweep, '*/10 * * * *');
}
