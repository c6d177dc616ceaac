import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, sharedService, type RunningService } from '@atelier/reference-service/testing';
import { createUpstreamClient, UpstreamError, type UpstreamClient, type VideoTask } from './index';

// The video task lifecycle through the client, against the real standalone reference service.
let svc: RunningService;
let upstream: UpstreamClient;
beforeAll(async () => {
  svc = await sharedService({ failModels: ['atelier-motion-pro'] });
  upstream = createUpstreamClient({ baseUrl: svc.url, apiKey: svc.key });
});
afterAll(() => svc?.dispose());

async function pollUntilDone(id: string, timeoutMs = 120_000): Promise<VideoTask[]> {
  const seen: VideoTask[] = [];
  for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(250)) {
    const task = await upstream.getVideoTask(id);
    seen.push(task);
    if (task.status !== 'processing') return seen;
  }
  throw new Error(`video ${id} still processing after ${timeoutMs} ms`);
}

describe('video tasks against the reference service', () => {
  it('creates a processing task and follows it to a completed MP4 with its cost', async () => {
    const created = await upstream.createVideo({
      model: 'atelier-motion',
      prompt: 'a red sunset over the sea',
      duration: 3,
      resolution: '480p',
      aspectRatio: '16:9',
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^vid_/),
      model: 'atelier-motion',
      status: 'processing',
      rawStatus: 'processing',
      progress: 0,
      estimatedRemaining: expect.any(Number),
    });
    const seen = await pollUntilDone(created.id);
    const final = seen.at(-1)!;
    expect(final).toEqual({
      id: created.id,
      model: 'atelier-motion',
      status: 'completed',
      rawStatus: 'completed',
      progress: 100,
      videoUrl: expect.any(String),
      expiresAt: expect.any(Number),
      cost: { amount: '0.3', currency: 'CNY' },
    });
    expect(final.expiresAt! - Date.now() / 1000).toBeGreaterThan(6.9 * 86400);
    expect(seen.every((t) => t.progress >= 0 && t.progress <= 100)).toBe(true);
    const file = await download(final.videoUrl!);
    expect([file.status, file.type]).toEqual([200, 'video/mp4']);
  }, 150_000);

  it('reports a failing model as a failed task with the service message', async () => {
    const created = await upstream.createVideo({ model: 'atelier-motion-pro', prompt: 'city', duration: 5, resolution: '480p' });
    const final = (await pollUntilDone(created.id)).at(-1)!;
    expect(final).toMatchObject({ status: 'failed', error: { code: 'model_error', message: expect.stringContaining('atelier-motion-pro') } });
    expect(final.videoUrl).toBeUndefined();
  }, 60_000);

  it('answers an unknown task with 404 task_not_found, and a bad duration or webhook URL with 400', async () => {
    await expect(upstream.getVideoTask('vid_nope')).rejects.toMatchObject({ status: 404, code: 'task_not_found', kind: 'not_found' });
    const error = await upstream.createVideo({ model: 'atelier-motion', prompt: 'x', duration: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_duration', param: 'duration', retryable: false });
    // The reference refuses loopback callbacks, which shows webhookUrl reaches it as webhook_url.
    const hook = upstream.createVideo({ model: 'atelier-motion', prompt: 'x', duration: 3, webhookUrl: 'http://127.0.0.1:9/hook' });
    await expect(hook).rejects.toMatchObject({ status: 400, code: 'invalid_webhook_url' });
  });
});
