import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signWebhook } from '../../lib/reference-service';
import { startAtelier, type Atelier } from './support/atelier';

// The video webhook route: one body cap on every path to it, and, with a webhook secret configured
// (the embedded default), a delivery that is unsigned or wrongly signed is refused before any lookup.

let atelier: Atelier;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  atelier = await startAtelier({ database: 'pglite' });
});
test.afterAll(async () => atelier?.stop());

const body = JSON.stringify({ id: 'evt_test', type: 'video_generation.completed', created: 0, data: { id: 'task_1', status: 'completed' } });

function signed(secret: string, payload = body): Record<string, string> {
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  return { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, payload) };
}

// Both the server's fast path and, with a query string, the Next.js route behind it.
for (const suffix of ['', '?attempt=2']) {
  const url = () => `${atelier.origin}/api/webhooks/video/${randomUUID()}/some-token${suffix}`;

  test(`unsigned delivery: 401 before the task is looked up${suffix}`, async () => {
    const response = await fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('invalid_signature');
  });

  test(`wrongly signed delivery: 401${suffix}`, async () => {
    const response = await fetch(url(), { method: 'POST', headers: signed('whsec_' + Buffer.from('not the secret').toString('base64')), body });
    expect(response.status).toBe(401);
  });

  test(`rightly signed delivery for an unknown task: 404${suffix}`, async () => {
    const response = await fetch(url(), { method: 'POST', headers: signed(atelier.webhookSecret), body });
    expect(response.status).toBe(404);
  });

  test(`a delivery over 64 KB: 413${suffix}`, async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(200 * 1024) });
    const response = await fetch(url(), { method: 'POST', headers: signed(atelier.webhookSecret, big), body: big });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('request_too_large');
  });
}
