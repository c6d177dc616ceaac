import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startReceiver } from './testing/webhook-receiver';
import { WEBHOOK_RETRY_DELAYS_S } from './config';
import { JsonStore } from './store';
import { WebhookOutbox } from './webhooks';

// decisions.md row 7, in process on a fake clock: the schedule is checked to the millisecond without
// waiting it out. The deliveries themselves are real HTTP to a real receiver.

const SECRET = `whsec_${Buffer.from('reference-service-test-secret-0123').toString('base64')}`;
const event = { type: 'video_generation.completed' as const, data: { id: 'task_1', status: 'completed' } };

function verify(headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return headers['webhook-signature'].split(' ').includes(`v1,${expected}`);
}

/** Lets real I/O (the POST, the outbox's file writes) run while the fake clock stands still. */
async function settle(done: () => boolean | Promise<boolean>, what = ''): Promise<void> {
  const until = performance.now() + 10_000; // real time: the fake clock does not move meanwhile
  while (!(await done()) && performance.now() < until) await new Promise((r) => setImmediate(r));
  expect(await done(), `${what} (outbox next at ${outbox.nextAttemptAt}, recorded ${await recorded()})`).toBe(true);
}

/** What the outbox has written down for its one event: the failed attempts so far, or gone once it ended. */
async function recorded(): Promise<number | 'gone'> {
  const [delivery] = await new JsonStore(dir).list<{ attempts: number }>('webhooks');
  return delivery ? delivery.attempts : 'gone';
}

/** Done with an attempt: `received` deliveries arrived, the outbox wrote down `attempts`, and set its next one (or none). */
const after = (receiver: { received: unknown[] }, received: number, attempts: number | 'gone', nextAt?: number) => async () =>
  receiver.received.length === received && (await recorded()) === attempts && outbox.nextAttemptAt === nextAt;

let dir: string;
let outbox: WebhookOutbox;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  outbox = new WebhookOutbox(
    new JsonStore(dir),
    SECRET,
    WEBHOOK_RETRY_DELAYS_S.map((s) => s * 1000),
  );
});
afterEach(async () => {
  outbox.close();
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

describe('webhook outbox (decisions.md row 7)', () => {
  it('signs each delivery and retries after 5 s and then 30 s when the receiver fails twice', async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      await outbox.enqueue(receiver.url, event);
      const start = Date.now();
      await vi.advanceTimersByTimeAsync(0);
      await settle(after(receiver, 1, 1, start + 5_000));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(receiver.received).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await settle(after(receiver, 2, 2, start + 35_000));
      await vi.advanceTimersByTimeAsync(29_999);
      expect(receiver.received).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await settle(after(receiver, 3, 'gone'));

      expect(receiver.received.map((r) => r.at - start)).toEqual([0, 5_000, 35_000]);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      for (const r of receiver.received) {
        expect(verify(r.headers, r.body)).toBe(true);
        expect(Number(r.headers['webhook-timestamp'])).toBe(Math.floor(r.at / 1000));
        expect(r.headers['content-type']).toBe('application/json');
      }
      const body = JSON.parse(receiver.received[2].body);
      expect(body).toMatchObject({
        id: receiver.received[0].headers['webhook-id'],
        type: 'video_generation.completed',
        created: Math.floor(start / 1000),
        data: event.data,
      });
      expect(verify({ ...receiver.received[2].headers, 'webhook-signature': 'v1,AAAA' }, receiver.received[2].body)).toBe(false);
      // A 2xx ends it: a day later, nothing more.
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('follows the whole schedule, then drops the event', async () => {
    const receiver = await startReceiver(Array(20).fill(500));
    try {
      await outbox.enqueue(receiver.url, event);
      const start = Date.now();
      for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_S.length; attempt++) {
        await vi.advanceTimersByTimeAsync(attempt === 0 ? 0 : WEBHOOK_RETRY_DELAYS_S[attempt - 1] * 1000);
        const failures = attempt + 1;
        const last = failures > WEBHOOK_RETRY_DELAYS_S.length;
        await settle(
          after(receiver, failures, last ? 'gone' : failures, last ? undefined : Date.now() + WEBHOOK_RETRY_DELAYS_S[attempt] * 1000),
          `attempt ${failures}`,
        );
      }
      const gaps = receiver.received.slice(1).map((r, i) => (r.at - receiver.received[i].at) / 1000);
      expect(gaps).toEqual([5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400]);
      expect(receiver.received[0].at).toBe(start);
    } finally {
      await receiver.close();
    }
  });

  it('stops retrying when the receiver answers 410', async () => {
    const receiver = await startReceiver([410]);
    try {
      await outbox.enqueue(receiver.url, event);
      await vi.advanceTimersByTimeAsync(0);
      await settle(after(receiver, 1, 'gone'));
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
