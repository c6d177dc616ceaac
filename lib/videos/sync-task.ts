import { appConfig } from '../config';
import { upstreamFor } from '../generations/upstream-for';
import { endGeneration } from '../generations/lifecycle';
import { db } from '../runtime';
import { scheduleCallback, scheduleCompletion } from './schedule';

/** Accepted by the service yet unknown to it this long after creation: the create call was lost. */
const LOST_AFTER_MS = 2 * 60_000;

async function fail(task: { id: string; callbackUrl: string | null; generation: { id: string } }, message: string, code: string) {
  const ended = await endGeneration(task.generation.id, { status: 'failed', code, message }, (tx) =>
    tx.videoTask.update({ where: { id: task.id }, data: { status: 'failed', errorMessage: message, nextPollAt: null } }),
  );
  if (ended) await scheduleCallback(task);
}

/**
 * The service called about this task: notes when, and says whether a re-read could still change
 * anything (false once its generation has ended, and for no such task). One statement, so a
 * burst's nudge costs this and, only while the task is open, one job.
 */
export async function noteHeard(videoTaskId: string): Promise<boolean> {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<Array<{ open: boolean }>>`
    UPDATE "VideoTask" t SET "lastHeardAt" = now(), "updatedAt" = now() FROM "Generation" g
    WHERE t.id = ${videoTaskId}::uuid AND g.id = t."generationId"
    RETURNING g.status IN ('pending', 'running') AS open`;
  return row?.open ?? false;
}

/**
 * Re-reads one task from the service (never trusting a webhook body) and applies it: progress only
 * ever grows, terminal states stick, completion hands over to the completion job.
 * Returns whether the task still needs watching.
 */
export async function syncVideoTask(videoTaskId: string): Promise<'running' | 'done'> {
  const prisma = await db();
  const task = await prisma.videoTask.findUnique({
    where: { id: videoTaskId },
    include: { generation: { select: { id: true, userId: true, teamId: true, status: true } } },
  });
  if (!task || task.status === 'failed' || task.status === 'cancelled') return 'done';
  if (task.status === 'completed') {
    // Not archived and charged yet: the completion job (again, if one was lost; it is guarded).
    if (task.generation.status === 'running') await scheduleCompletion(task.id);
    return 'done';
  }
  const age = Date.now() - task.createdAt.getTime();
  if (!task.upstreamTaskId) {
    if (age < LOST_AFTER_MS) return 'running';
    await fail(task, 'The video was interrupted before the service accepted it. Please retry.', 'interrupted');
    return 'done';
  }
  if (age > appConfig().videoMaxMinutes * 60_000) {
    await fail(task, `The video did not finish within ${appConfig().videoMaxMinutes} minutes.`, 'timeout');
    return 'done';
  }
  const upstream = await upstreamFor({ user: { id: task.generation.userId }, team: { id: task.generation.teamId } }, { system: true });
  const remote = await upstream.getVideoTask(task.upstreamTaskId);
  if (remote.status === 'failed') {
    await fail(task, remote.error?.message ?? 'The service reported the video as failed.', remote.error?.code ?? 'failed');
    return 'done';
  }
  const completed = remote.status === 'completed';
  await recordReading(task.id, {
    completed,
    progress: completed ? 100 : Math.min(100, Math.round(remote.progress)),
    estimatedRemaining: completed ? 0 : remote.estimatedRemaining == null ? null : Math.max(0, Math.round(remote.estimatedRemaining)),
    expiresAt: remote.expiresAt ? new Date(remote.expiresAt * 1000) : null,
  });
  if (remote.status === 'completed') {
    await scheduleCompletion(task.id);
    return 'done';
  }
  return 'running';
}

/**
 * Writes what the service said of a running task, in one statement so that two reads of one task
 * racing (a poll and a nudge) cannot take it back: progress only grows, a completed task stays
 * completed, and the estimate and its time change only when the service gives a new one with
 * progress as far along (its same estimate read again, say after a restart, keeps counting down
 * from when it was first given; one read behind the progress already seen is out of date).
 */
export async function recordReading(
  videoTaskId: string,
  reading: { completed: boolean; progress: number; estimatedRemaining: number | null; expiresAt: Date | null },
): Promise<void> {
  const prisma = await db();
  const { completed, progress, estimatedRemaining: estimate, expiresAt } = reading;
  await prisma.$executeRaw`
    UPDATE "VideoTask" SET
      status = CASE WHEN status = 'completed' OR ${completed}::boolean THEN 'completed'::"GenerationStatus" ELSE 'running'::"GenerationStatus" END,
      progress = GREATEST(progress, ${progress}::int),
      "estimatedAt" = CASE
        WHEN ${estimate}::int IS NOT NULL AND ${progress}::int >= progress
          AND ("estimatedAt" IS NULL OR "estimatedRemaining" IS DISTINCT FROM ${estimate}::int OR ${progress}::int > progress) THEN now()
        ELSE "estimatedAt" END,
      "estimatedRemaining" = CASE WHEN ${estimate}::int IS NOT NULL AND ${progress}::int >= progress THEN ${estimate}::int ELSE "estimatedRemaining" END,
      "videoExpiresAt" = COALESCE(${expiresAt}::timestamp, "videoExpiresAt"),
      "pollAttempts" = "pollAttempts" + 1,
      "syncedAt" = now(),
      "updatedAt" = now()
    WHERE id = ${videoTaskId}::uuid AND status IN ('pending', 'running', 'completed')`;
}

/** Seconds until the next poll: soon at first, then backing off to a minute; rarer when webhooks arrive. */
export function nextPollDelay(attempts: number, heardRecently: boolean): number {
  if (heardRecently) return 60;
  return Math.min(60, 3 + attempts * 3);
}
