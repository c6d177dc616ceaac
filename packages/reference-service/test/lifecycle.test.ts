import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../src/testing/service';
import { pollVideo } from '../src/testing/video';
import { testService } from '../src/testing/vitest';
import { startReceiver } from '../src/testing/webhook-receiver';

const SECRET = `whsec_${Buffer.from('reference-service-test-secret-0123').toString('base64')}`;

const svc = testService({ SERVICE_ALLOW_PRIVATE_WEBHOOKS: '1', SERVICE_WEBHOOK_SECRET: SECRET });

const video = (body: Record<string, unknown>) =>
  call(svc, 'POST', '/v1/videos/generations', { model: 'atelier-motion', duration: 3, resolution: '480p', ...body });

// The webhook schedule itself (5 s, 30 s, ... and 410) is checked on a fake clock in
// lib/reference-service/webhooks.test.ts; here, what must survive a real process being killed.
describe('restarts (nothing lost)', () => {
  it('finishes a video whose render was cut off by a crash, without progress going backwards', async () => {
    const task = await video({ prompt: 'mountains and a lake', duration: 5 });
    let before = 0;
    const until = Date.now() + 60_000;
    while (Date.now() < until && before < 10) {
      before = (await call(svc, 'GET', `/v1/videos/generations/${task.json.id}`)).json.progress;
      await sleep(100);
    }
    expect(before).toBeGreaterThanOrEqual(10);
    expect(before).toBeLessThan(100);
    await svc.restart('SIGKILL');
    const { final, history } = await pollVideo(svc, task.json.id, 150_000);
    expect(history[0].progress).toBeGreaterThanOrEqual(before);
    expect(final.status).toBe('completed');
  }, 240_000);

  it('delivers a pending webhook after a restart', async () => {
    const receiver = await startReceiver([500]);
    try {
      await video({ prompt: 'boats in a harbour', webhook_url: receiver.url });
      await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(1), { timeout: 60_000, interval: 100 }); // the first, failed, delivery
      await sleep(1000); // let the service record the failed attempt before it dies
      await svc.restart('SIGKILL');
      await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 100 }); // the retry after the restart
      expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
      expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThan(4_500);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
