import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { ensureQueue } from '../queue';
import { db } from '../runtime';
import { completeVideo } from './complete-video';
import { scheduleSync, VIDEO_QUEUES } from './schedule';
import { nextPollDelay, syncVideoTask } from './sync-task';

const taskJob = z.object({ videoTaskId: z.uuid(), heard: z.boolean().optional() });
const HEARD_RECENTLY_MS = 20_000;
/**
 * A webhook's re-read and a finished video's archiving are picked up within half a second (pg-boss's
 * shortest poll; its default of 2 s put up to 4 s between the service finishing and the library
 * showing the video). Two small queries a second for each worker process.
 */
const QUICK_POLL_SECONDS = 0.5;

/**
 * The safety net under webhooks: every unfinished task has a pending sync job (they live in the
 * database, so a restart loses none), and a sweep each minute re-arms any task left without one.
 */
export async function registerVideoJobs(boss: PgBoss): Promise<void> {
  // 'short': at most one queued job per task (keyed by singletonKey), so bursts of nudges and polls
  // collapse. Not 'stately': its one-active-per-key rule lets a job left 'active' by a crashed
  // worker block the head of the whole queue until it expires. Two runs of one task's sync at once
  // are harmless (progress only grows, terminal states stick; completion is guarded too), and a job
  // a crash left behind is handed back within a minute (lib/queue/reclaim.ts); the expiries are a backstop.
  const perTask = { policy: 'short', retryLimit: 10, retryDelay: 15, retryBackoff: true } as const;
  await ensureQueue(boss, { name: VIDEO_QUEUES.sync, ...perTask, expireInSeconds: 90 });
  await ensureQueue(boss, { name: VIDEO_QUEUES.complete, ...perTask, expireInSeconds: 300 });
  await ensureQueue(boss, { name: VIDEO_QUEUES.sweep, policy: 'short' });

  await boss.work(VIDEO_QUEUES.sync, { batchSize: 1, pollingIntervalSeconds: QUICK_POLL_SECONDS }, async ([job]) => {
    const { videoTaskId, heard = false } = taskJob.parse(job.data);
    const prisma = await db();
    const before = await prisma.videoTask.findUnique({ where: { id: videoTaskId }, select: { lastHeardAt: true, pollAttempts: true } });
    if (!before) return;
    // A nudge comes from a webhook delivery, which has already noted lastHeardAt (noteHeard).
    const heardRecently = before.lastHeardAt !== null && Date.now() - before.lastHeardAt.getTime() < HEARD_RECENTLY_MS;
    // A webhook's nudge always re-reads; a poll right after a nudge has nothing new to ask.
    const state = heard || !heardRecently ? await syncVideoTask(videoTaskId) : 'running';
    if (state === 'running') await scheduleSync(videoTaskId, nextPollDelay(before.pollAttempts, heard || heardRecently));
  });

  await boss.work(VIDEO_QUEUES.complete, { batchSize: 1, pollingIntervalSeconds: QUICK_POLL_SECONDS }, async ([job]) => {
    await completeVideo(taskJob.parse(job.data).videoTaskId);
  });

  await boss.work(VIDEO_QUEUES.sweep, async () => {
    const prisma = await db();
    const open = await prisma.videoTask.findMany({
      where: { status: { in: ['pending', 'running', 'completed'] }, generation: { status: 'running' } },
      select: { id: true },
    });
    for (const task of open) await scheduleSync(task.id, 0);
  });
  await boss.schedule(VIDEO_QUEUES.sweep, '* * * * *');
}
