import { randomUUID } from 'node:crypto';
import { expect, sharedAtelier, test } from './support/fixtures';
import { signWebhook } from '@atelier/reference-service';

// The video webhook route: one body cap on every path to it, and, with a webhook secret configured
// (the embedded default), a delivery that is unsigned or wrongly signed is refused before any lookup.
// And the other way round: the embedded service calls back only Atelier itself, not whatever
// private address a key holder names.

const atelier = sharedAtelier('pglite');

const body = JSON.stringify({ id: 'evt_test', type: 'video_generation.completed', created: 0, data: { id: 'task_1', status: 'completed' } });

function signed(secret: string, payload = body): Record<string, string> {
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, payload),
  };
}

// With and without a query string: the server's fast path matches the path alone.
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

test('a refused delivery has a request id, in its answer and in the access log, without its token', async () => {
  const token = `secret-${randomUUID()}`;
  const path = `/api/webhooks/video/${randomUUID()}`;
  const given = `probe-${randomUUID()}`;
  const deliver = (headers: Record<string, string>) =>
    fetch(`${atelier.origin}${path}/${token}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const [mine, theirs] = await Promise.all([deliver({ 'x-request-id': given }), deliver({})]);
  expect([mine.status, theirs.status]).toEqual([401, 401]);
  expect(mine.headers.get('x-request-id')).toBe(given);
  expect(theirs.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const logged = () => {
    const lines = atelier.log().split('\n');
    return lines.filter((line) => line.includes(path)).map((line) => JSON.parse(line));
  };
  await expect.poll(() => logged().length).toBe(2);
  for (const requestId of [given, theirs.headers.get('x-request-id')])
    expect(logged()).toContainEqual(expect.objectContaining({ msg: 'request', requestId, method: 'POST', path: `${path}/…`, kind: 'webhook', status: 401 }));
  expect(atelier.log()).not.toContain(token);
});

test.describe("the embedded service's webhooks reach Atelier and nothing else private", () => {
  const targets = [
    'http://127.0.0.1:5432/',
    'http://localhost:6379/',
    'http://10.0.0.8/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:3000/',
    'http://0.0.0.0:80/',
  ];
  const start = (key: string, webhookUrl: string) =>
    fetch(`${atelier.origin}/v1/videos/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'atelier-motion', prompt: 'a probe', duration: 3, resolution: '480p', webhook_url: webhookUrl }),
    });

  test('loopback, private and metadata targets are refused for an ordinary key', async () => {
    const key = await atelier.mintKey();
    for (const target of targets) {
      const response = await start(key, target);
      expect(response.status, target).toBe(400);
      expect((await response.json()).error.code, target).toBe('invalid_webhook_url');
    }
  });

  test("Atelier's own callback origin is the one private target allowed", async () => {
    const response = await start(await atelier.mintKey(), `${atelier.origin}/api/webhooks/video/${randomUUID()}/token`);
    expect(response.status).toBe(200);
  });

  test('the admin API wants its token', async () => {
    for (const [method, path] of [
      ['POST', '/v1/admin/keys'],
      ['PUT', '/v1/admin/knobs'],
      ['GET', '/v1/admin/knobs'],
    ]) {
      expect((await fetch(`${atelier.origin}${path}`, { method, headers: { authorization: `Bearer ${await atelier.mintKey()}` } })).status, path).toBe(401);
      expect((await fetch(`${atelier.origin}${path}`, { method })).status, path).toBe(401);
    }
  });
});
