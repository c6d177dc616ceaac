import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startService, type RunningService } from '../support/service';
import { pollVideo } from '../support/video';
import { startReceiver } from '../support/webhook-receiver';

const SECRET = `whsec_${Buffer.from('reference-service-test-secret-0123').toString('base64')}`;

let svc: RunningService;
beforeAll(async () => {
  svc = await startService({ SERVICE_ALLOW_PRIVATE_WEBHOOKS: '1', SERVICE_WEBHOOK_SECRET: SECRET });
});
afterAll(() => svc?.dispose());

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = probe();
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function verify(headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return headers['webhook-signature'].split(' ').includes(`v1,${expected}`);
}

const video = (body: Record<string, unknown>) =>
  call(svc, 'POST', '/v1/videos/generations', { model: 'atelier-motion', duration: 3, resolution: '480p', ...body });

describe('webhooks (decisions.md row 7)', () => {
  it('signs each delivery and retries after 5 s and 30 s when the receiver fails twice', async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      const task = await video({ prompt: 'lighthouse at night', webhook_url: receiver.url });
      await waitFor('three deliveries', () => receiver.received.length >= 3, 120_000);
      const [first, second, third] = receiver.received;
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(first.headers['webhook-id']).toMatch(/^evt_/);
      for (const r of receiver.received) {
        expect(verify(r.headers, r.body)).toBe(true);
        expect(Math.abs(Number(r.headers['webhook-timestamp']) - r.at / 1000)).toBeLessThan(5);
        expect(r.headers['content-type']).toBe('application/json');
      }
      expect(second.at - first.at).toBeGreaterThan(4_500);
      expect(second.at - first.at).toBeLessThan(7_500);
      expect(third.at - second.at).toBeGreaterThan(29_000);
      expect(third.at - second.at).toBeLessThan(33_000);

      const event = JSON.parse(third.body);
      expect(event).toMatchObject({ id: first.headers['webhook-id'], type: 'video_generation.completed', created: expect.any(Number) });
      expect(event.data).toMatchObject({ id: task.json.id, object: 'video_generation', status: 'completed', progress: 100, video_url: expect.any(String) });
      expect(verify({ ...third.headers, 'webhook-signature': 'v1,AAAA' }, third.body)).toBe(false);
      await sleep(2000);
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  }, 150_000);

  it('stops retrying when the receiver answers 410', async () => {
    const receiver = await startReceiver([410]);
    try {
      await video({ prompt: 'meadow', webhook_url: receiver.url });
      await waitFor('a delivery', () => receiver.received.length >= 1, 60_000);
      await sleep(6_500);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  }, 90_000);
});

describe('restarts (nothing lost)', () => {
  it('finishes a video whose render was cut off by a crash, without progress going backwards', async () => {
    const task = await call(svc, 'POST', '/v1/videos/generations', { model: 'atelier-motion', prompt: 'mountains and a lake', duration: 10, resolution: '720p' });
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
      await waitFor('the first, failed, delivery', () => receiver.received.length >= 1, 60_000);
      await sleep(1000); // let the service record the failed attempt before it dies
      await svc.restart('SIGKILL');
      await waitFor('the retry after the restart', () => receiver.received.length >= 2, 30_000);
      expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
      expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThan(4_500);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
