import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { webhookSecretContext } from '../api-keys/keys';
import { appConfig } from '../config';
import { ensureQueue } from '../queue';
import { db } from '../runtime';
import { deriveKey, unseal } from '../secrets/seal';
import { VIDEO_QUEUES } from '../videos/schedule';
import { postSignedWebhook } from '../webhooks/signed';
import { taskRecord, taskSelect } from './videos';
import { log } from '../observability/log';

// An API caller's webhook_url is called when Atelier's video task ends (videos/schedule.ts queues it), the way the service calls
// its callers (decisions.md row 7): a JSON event signed Standard-Webhooks style, here with the
// key's own secret; delivered at least once, retried with backoff until a 2xx, stopped by a 410.
// The address is checked (and pinned) at every attempt, like archiving's downloads.

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
  const body = JSON.stringify({ id: `evt_${record.id}`, type: `video_generation.${record.status}`, created: Math.floor(Date.now() / 1000), data: record });
  const secret = unseal(key.webhookSecret, deriveKey(appConfig().atelierSecret), webhookSecretContext(key.id));
  const status = await postSignedWebhook('callback', task.callbackUrl, secret, `msg_${record.id}`, body);
  if (status === 410) return 'gone';
  if (status < 200 || status >= 300) throw new Error(`the caller's webhook answered ${status}`);
  return 'delivered';
}

const callbackJob = z.object({ videoTaskId: z.uuid() });

/** Retried after about 5 s, 10 s, 20 s, … for ten attempts. */
export async function registerCallbackJobs(boss: PgBoss): Promise<void> {
  await ensureQueue(boss, { name: VIDEO_QUEUES.callback, policy: 'short', retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 });
  await boss.work(VIDEO_QUEUES.callback, { batchSize: 1 }, async ([job]) => {
    const { videoTaskId } = callbackJob.parse(job.data);
    if ((await deliverCallback(videoTaskId)) === 'gone') log().info({ videoTaskId }, 'callback answered 410: not called again');
  });
}
