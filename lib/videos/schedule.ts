import { enqueue } from '../queue';

export const VIDEO_QUEUES = { sync: 'video.sync', complete: 'video.complete', sweep: 'video.sweep', callback: 'api.video-callback' } as const;

/** Asks for the task to be re-read from the service in `seconds` (one pending sync per task). */
export async function scheduleSync(videoTaskId: string, seconds: number): Promise<void> {
  await enqueue(VIDEO_QUEUES.sync, { videoTaskId }, { startAfter: Math.max(0, Math.round(seconds)), singletonKey: `sync:${videoTaskId}` });
}

/**
 * A webhook arrived: re-read the task now. Keyed apart from the polls, so a poll queued for later
 * does not swallow it; one queued nudge per task absorbs any burst of deliveries.
 */
export async function scheduleNudge(videoTaskId: string): Promise<void> {
  await enqueue(VIDEO_QUEUES.sync, { videoTaskId, heard: true }, { singletonKey: `nudge:${videoTaskId}` });
}

/** Archiving the video and recording its cost: heavy work, kept out of the webhook's answer. */
export async function scheduleCompletion(videoTaskId: string): Promise<void> {
  await enqueue(VIDEO_QUEUES.complete, { videoTaskId }, { singletonKey: `complete:${videoTaskId}` });
}

/** A task made through Atelier's API with a webhook_url has ended: its caller is to be called (lib/api/callbacks.ts). */
export async function scheduleCallback(task: { id: string; callbackUrl: string | null }): Promise<void> {
  if (!task.callbackUrl) return;
  await enqueue(VIDEO_QUEUES.callback, { videoTaskId: task.id }, { singletonKey: `callback:${task.id}` });
}
