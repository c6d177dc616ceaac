import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { webhookSecretContext } from '../api-keys/keys';
import { appConfig } from '../config';
import { enqueue, ensureQueue } from '../queue';
import { db } from '../runtime';
import { deriveKey, unseal } from '../secrets/seal';
import { VIDEO_QUEUES } from '../videos/schedule';
import { postSignedWebhook } from '../webhooks/signed';
import { taskRecord, taskSelect } from './videos';
import { log } from '../observability/log';

// An API caller's webhook_url is called when Atelier's video task ends (videos/schedule.ts queues it), the way the service calls
// its callers (decisions.md row 7): a JSON event signed Standard-Webhooks style, here with the
// key's own secret, its `evt_…` id in the body and the webhook-id header alike; delivered at least
// once, retried on the service's schedule until a 2xx, stopped by a 410. The address is checked
// (and pinned) at every attempt, like archiving's downloads.

/** decisions.md row 7: the waits before each retry, after the first attempt. */
export const CALLBACK_RETRY_SECONDS = [5, 30, 120, 600, 1_800, 3_600, 10_800, 21_600, 43_200, 86_400];

/** One attempt; throws (for the queue to retry) unless the caller answered 2xx or 410. */
export async function deliverCallback(videoTaskId: string): Promise<'delivered' | 'gone' | 'nothing'> {
  const prisma = await db();
  const task = await prisma.videoTask.findUnique({
    where: { id: videoTaskId },
    select: { callbackUrl: true, generation: { select: { ...taskSelect, apiKey: { select: { id: true, webhookSecret: true } } } } },
  });
  const key = task?.generation.apiKey;
  if (!task?.callbackUrl || !key) return 'nothing';
  const record = taskRecord(task.generation);
  if (record.status === 'processing') return 'nothing';
  const id = `evt_${record.id}`;
  const body = JSON.stringify({ id, type: `video_generation.${record.status}`, created: Math.floor(Date.now() / 1000), data: record });
  const secret = unseal(key.webhookSecret, deriveKey(appConfig().atelierSecret), webhookSecretContext(key.id));
  const status = await postSignedWebhook('callback', task.callbackUrl, secret, id, body);
  if (status === 410) return 'gone';
  if (status < 200 || status >= 300) throw new Error(`the caller's webhook answered ${status}`);
  return 'delivered';
}

const callbackJob = z.object({ videoTaskId: z.uuid(), attempt: z.int().min(0).default(0) });

/**
 * One job an attempt: a failed one queues the next after the schedule's wait (pg-boss's own retry
 * only covers a worker that died mid-attempt), and the last gives up.
 */
export async function registerCallbackJobs(boss: PgBoss): Promise<void> {
  await ensureQueue(boss, { name: VIDEO_QUEUES.callback, policy: 'short', retryLimit: 2, retryDelay: 5, retryBackoff: false, expireInSeconds: 60 });
  await boss.work(VIDEO_QUEUES.callback, { batchSize: 1 }, async ([job]) => {
    const { videoTaskId, attempt } = callbackJob.parse(job.data);
    try {
      if ((await deliverCallback(videoTaskId)) === 'gone') log().info({ videoTaskId }, 'callback answered 410: not called again');
    } catch (error) {
      const wait = CALLBACK_RETRY_SECONDS[attempt];
      if (wait === undefined) return void log().warn({ err: error, videoTaskId, attempts: attempt + 1 }, 'callback: gave up after the last retry');
      log().info({ err: error, videoTaskId, attempt: attempt + 1, retryIn: wait }, 'callback failed: retried on the schedule');
      await enqueue(VIDEO_QUEUES.callback, { videoTaskId, attempt: attempt + 1 }, { singletonKey: `callback:${videoTaskId}`, startAfter: wait });
    }
  });
}
