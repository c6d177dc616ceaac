import { randomUUID } from 'node:crypto';
import { expect, sharedAtelier, test } from './support/fixtures';
import { MiB, peakDuring, sendHuge } from './support/huge-body';
import { actionId, signUp, type Session } from './support/session';

// Every request body is capped while it streams in, before Next.js or any parser sees it: a 1 GB
// upload sent chunked (no Content-Length to refuse up front) gets a 413 in the contract's error
// shape and leaves the server's memory where it was.

const atelier = sharedAtelier('pglite');
let owner: Session;
let serviceKey: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  owner = await signUp(atelier, 'Body Owner');
  serviceKey = await atelier.mintKey();
});

const boundary = '----atelier-test-boundary';
const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nremove the cup\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`;

const routes: Array<{ name: string; path: () => string; headers: () => Record<string, string>; head: string; limit: number }> = [
  {
    name: 'the edit studio upload (POST /edit/run)',
    path: () => '/edit/run',
    headers: () => ({ cookie: owner.cookie, origin: atelier.origin, 'content-type': `multipart/form-data; boundary=${boundary}` }),
    head: multipart,
    limit: 42 * MiB,
  },
  {
    name: 'a board (POST /api/compare)',
    path: () => '/api/compare',
    headers: () => ({ cookie: owner.cookie, origin: atelier.origin, 'content-type': 'application/json' }),
    head: '{"prompt":"',
    limit: 1 * MiB,
  },
  {
    name: 'a server action (POST /videos, Next-Action)',
    path: () => '/videos',
    headers: () => ({ cookie: owner.cookie, origin: atelier.origin, 'next-action': actionId('startVideo'), 'content-type': 'text/plain;charset=UTF-8' }),
    head: '[{"prompt":"',
    limit: 1 * MiB,
  },
  {
    name: 'the embedded service’s edits (POST /v1/images/edits)',
    path: () => '/v1/images/edits',
    headers: () => ({ authorization: `Bearer ${serviceKey}`, 'content-type': `multipart/form-data; boundary=${boundary}` }),
    head: multipart,
    limit: 42 * MiB,
  },
  {
    name: 'a webhook delivery with a query string',
    path: () => `/api/webhooks/video/${randomUUID()}/some-token?attempt=2`,
    headers: () => ({ 'content-type': 'application/json' }),
    head: '{"id":"evt_1","data":"',
    limit: 64 * 1024,
  },
  {
    name: 'any other path (POST /api/auth/callback/credentials, the sign-in form)',
    path: () => '/api/auth/callback/credentials',
    headers: () => ({ origin: atelier.origin, 'content-type': 'application/x-www-form-urlencoded' }),
    head: 'email=',
    limit: 1 * MiB,
  },
];

for (const route of routes) {
  test(`1 GB chunked to ${route.name}: 413 early, memory flat`, async () => {
    test.setTimeout(120_000);
    const url = `${atelier.origin}${route.path()}`;
    // Warm the route (its code loads once) so that what is measured is the body alone.
    await fetch(url, { method: 'POST', headers: route.headers(), body: route.head + 'x' }).then(
      (r) => r.arrayBuffer(),
      () => null,
    );
    const before = atelier.rss();
    const { result, peak } = await peakDuring(
      () => atelier.rss(),
      () => sendHuge(url, { headers: route.headers(), head: route.head }),
    );
    test.info().annotations.push({
      type: 'measured',
      description: `RSS +${((peak - before) / MiB).toFixed(1)} MB, ${(result.sent / MiB).toFixed(1)} MB sent before the cut`,
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ error: { type: 'request_too_large', code: 'request_too_large', message: expect.any(String), param: null } });
    // Read at most the limit + 1 MB; what the kernel buffered on the way is all the client got rid of.
    expect(result.sent).toBeLessThan(route.limit + 1 * MiB + 16 * MiB);
    expect(peak - before, `RSS grew from ${(before / MiB).toFixed(0)} MB to ${(peak / MiB).toFixed(0)} MB`).toBeLessThan(64 * MiB);
    expect((await fetch(`${atelier.origin}/api/health`)).status).toBe(200);
  });
}

test('a declared Content-Length over the limit is refused before any byte is read', async () => {
  const response = await fetch(`${atelier.origin}/api/compare`, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: atelier.origin, 'content-type': 'application/json', 'content-length': String(2 * MiB) },
    body: 'x'.repeat(2 * MiB),
  });
  expect(response.status).toBe(413);
  expect((await response.json()).error.code).toBe('request_too_large');
});

test('a body within the limit still goes through (a 30 MB edit upload reaches the edit route)', async () => {
  const filler = Buffer.alloc(30 * MiB, 0x61);
  const body = Buffer.concat([Buffer.from(multipart), filler, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const response = await owner.fetch('/edit/run', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
  // Not the size cap: the route itself answers, refusing a 30 MB "image" (over 20 MB) as bad input.
  expect(response.status).toBe(400);
  expect((await response.json()).error.message).toContain('20 MB');
});
