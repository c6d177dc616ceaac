import { archiveResult } from '../assets/archive';
import { upstreamFor } from '../generations/upstream-for';
import { settleGeneration } from '../generations/lifecycle';
import { zeroCost } from '../upstream/cost';
import { db } from '../runtime';
import { scheduleCallback } from './schedule';

/**
 * The heavy end of a video: stream the file into our storage (it outlives the service's 7-day URL)
 * and record the cost. Idempotent: a second run finds the generation completed and does nothing.
 */
export async function completeVideo(videoTaskId: string): Promise<void> {
  const prisma = await db();
  const task = await prisma.videoTask.findUnique({ where: { id: videoTaskId }, include: { generation: true } });
  if (!task?.upstreamTaskId || task.status !== 'completed' || task.generation.status !== 'running') return;
  const { generation } = task;
  const upstream = await upstreamFor({ user: { id: generation.userId }, team: { id: generation.teamId } }, { system: true });
  const remote = await upstream.getVideoTask(task.upstreamTaskId);
  if (!remote.videoUrl) throw new Error('the service reports the video completed but gives no URL yet');
  const asset = await archiveResult({ teamId: generation.teamId, url: remote.videoUrl, kind: 'video', createdById: generation.userId });
  const model = String((generation.params as { model?: string }).model ?? 'unknown');
  const total = remote.cost ?? zeroCost();
  // Only the first completion wins; a duplicate job leaves everything as it is.
  const settled = await settleGeneration(generation, {
    status: 'completed',
    total,
    charges: [{ model, amount: total.amount }],
    outputs: [{ model, entryIndex: 0, status: 'completed', assetId: asset.id, archive: 'archived', upstreamUrl: remote.videoUrl, cost: total.amount }],
  });
  if (settled) await scheduleCallback(task);
}
