import { Prisma, type PrismaClient } from '../db/generated/client';
import { QUEUES } from '../jobs';
import { enqueue } from '../jobs/queue';

/**
 * A board's URL results are copied into storage after the board is answered, by the asset.archive
 * job (retried with backoff), which then points the output at the stored asset. Each job's id is
 * its output's id, so what became of an image can be read back from pg-boss.
 */
export type ArchiveState = 'archived' | 'archiving' | 'unsaved';

/** The service's files live 7 days (interface §1); its signed URL is shown until then. */
export const SERVICE_FILE_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** A job is enqueued just after its output is written: missing for longer than this, it was lost. */
const ENQUEUE_GRACE_MS = 60_000;

export async function enqueueArchives(teamId: string, createdById: string, images: Array<{ outputId: string; url: string }>): Promise<void> {
  await Promise.all(
    images.map(({ outputId, url }) => enqueue(QUEUES.archive, { teamId, url, kind: 'image', createdById, outputId }, { id: outputId })),
  );
}

export interface ArchiveJob {
  state: string;
  /** Moved to pg-boss's archive table: it will not run again. */
  archived: boolean;
}

/** The archive jobs of these outputs, live or archived (pg-boss's own tables in schema "pgboss"). */
export async function archiveJobs(prisma: PrismaClient, outputIds: string[]): Promise<Map<string, ArchiveJob>> {
  if (outputIds.length === 0) return new Map();
  const ids = Prisma.join(outputIds.map((id) => Prisma.sql`${id}::uuid`));
  try {
    const rows = await prisma.$queryRaw<Array<{ id: string; state: string; archived: boolean }>>`
      SELECT id::text AS id, state::text AS state, false AS archived FROM pgboss.job WHERE name = ${QUEUES.archive} AND id IN (${ids})
      UNION ALL
      SELECT id::text, state::text, true FROM pgboss.archive WHERE name = ${QUEUES.archive} AND id IN (${ids})`;
    return new Map(rows.map((row) => [row.id, { state: row.state, archived: row.archived }]));
  } catch (error) {
    // No pg-boss schema means no job was ever queued: the images count as lost after the grace period.
    if (!/does not exist/.test((error as Error).message)) throw error;
    console.error('[compare] no archive jobs to read:', (error as Error).message);
    return new Map();
  }
}

/**
 * Where an image the service sent as a URL stands. Unsaved once its job failed for good (retries
 * exhausted, or cancelled), was set aside without running, or never made it into the queue.
 */
export function archiveState(output: { assetId: string | null; createdAt: Date }, job: ArchiveJob | undefined, now = Date.now()): ArchiveState {
  if (output.assetId) return 'archived';
  if (!job) return now - output.createdAt.getTime() < ENQUEUE_GRACE_MS ? 'archiving' : 'unsaved';
  if (job.archived) return 'unsaved';
  // A live "completed" job with no asset was read between its update and our read: the next read shows the asset.
  return job.state === 'failed' || job.state === 'cancelled' ? 'unsaved' : 'archiving';
}
