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
  const progress = Math.max(task.progress, Math.min(100, Math.round(remote.progress)));
  if (remote.status === 'failed') {
    await fail(task, remote.error?.message ?? 'The service reported the video as failed.', remote.error?.code ?? 'failed');
    return 'done';
  }
  await prisma.videoTask.update({
    where: { id: task.id },
    data: {
      status: remote.status === 'completed' ? 'completed' : 'running',
      progress: remote.status === 'completed' ? 100 : progress,
      estimatedRemaining: remote.status === 'completed' ? 0 : (remote.estimatedRemaining ?? task.estimatedRemaining),
      videoExpiresAt: remote.expiresAt ? new Date(remote.expiresAt * 1000) : undefined,
      pollAttempts: { increment: 1 },
    },
  });
  if (remote.status === 'completed') {
    await scheduleCompletion(task.id);
    return 'done';
  }
  return 'running';
}

/** Seconds until the next poll: soon at first, then backing off to a minute; rarer when webhooks arrive. */
export function nextPollDelay(attempts: number, heardRecently: boolean): number {
  if (heardRecently) return 60;
  return Math.min(60, 3 + attempts * 3);
}
