import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, sharedAtelier, test } from './support/fixtures';
import { actionId, formActionBody, PASSWORD, signUp, type Session } from './support/session';

// Requests from elsewhere: every cookie-authenticated entry point that changes something refuses
// another origin; every response with a body carries the security headers; every redirect stays on-site.

const atelier = sharedAtelier('pglite');
let owner: Session;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  owner = await signUp(atelier, 'Origin Owner');
});

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Authenticated by a bearer key or a secret in the URL, not by cookies: outside the origin rule. */
const BEARER = [/^\/api\/webhooks\//, /^\/v1\//, /^\/api\/v1\//];
const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Every route handler's mutating methods, read from the route tree itself: a new one is tested without being listed here. */
function routeHandlers(): Array<{ path: string; method: string }> {
  const found: Array<{ path: string; method: string }> = [];
  for (const entry of readdirSync(path.join(ROOT, 'app'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'route.ts') continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    const exported = [...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(\w+)/g)].map((m) => m[1]);
    for (const m of source.matchAll(/export\s+const\s+\{([^}]*)\}/g)) exported.push(...m[1].split(',').map((s) => s.trim()));
    const url = path
      .relative(path.join(ROOT, 'app'), entry.parentPath)
      .split(path.sep)
      .filter((segment) => !/^\(.*\)$/.test(segment))
      .map((segment) => (segment === '[...nextauth]' ? 'signout' : /^\[.*\]$/.test(segment) ? randomUUID() : segment))
      .join('/');
    for (const method of exported.filter((e) => MUTATING.includes(e))) found.push({ path: `/${url}`, method });
  }
  return found.filter((r) => !BEARER.some((b) => b.test(r.path)));
}

/** Every server action of the build (they all arrive as POSTs with a Next-Action header). */
function serverActions(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  return Object.values(manifest.node).flatMap((entry) => (entry.exportedName ? [entry.exportedName] : []));
}

test.describe('another origin cannot change anything with your cookies', () => {
  const hostile: Array<{ name: string; headers: Record<string, string> }> = [
    { name: 'a foreign Origin', headers: { origin: 'http://evil.example' } },
    { name: 'a page on another port of the same host', headers: { origin: 'http://127.0.0.1:1' } },
    { name: 'Origin: null', headers: { origin: 'null' } },
    { name: 'no Origin, Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
    { name: 'no Origin, Sec-Fetch-Site: same-site', headers: { 'sec-fetch-site': 'same-site' } },
  ];

  test('the route tree has the entry points this test expects to find', () => {
    const paths = routeHandlers().map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /edit/run', 'DELETE /edit/run', 'POST /api/compare', 'POST /api/auth/signout']));
    expect(serverActions()).toEqual(expect.arrayContaining(['startVideo', 'saveBudgets', 'changeMemberRole', 'signInWithPassword']));
  });

  for (const { name, headers } of hostile) {
    test(`route handlers refuse ${name}`, async () => {
      for (const route of routeHandlers()) {
        const response = await fetch(`${atelier.origin}${route.path}`, {
          method: route.method,
          headers: { cookie: owner.cookie, 'content-type': 'application/json', ...headers },
          body: route.method === 'DELETE' ? undefined : '{}',
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(403);
      }
    });

    test(`server actions refuse ${name}`, async () => {
      for (const action of serverActions()) {
        const response = await fetch(`${atelier.origin}/settings`, {
          method: 'POST',
          headers: { cookie: owner.cookie, 'next-action': actionId(action), 'content-type': 'text/plain;charset=UTF-8', ...headers },
          body: '[{}]',
        });
        expect(response.status, action).toBe(403);
      }
    });
  }

  test('the same origin still works, with Origin or with Sec-Fetch-Site alone', async () => {
    const status = (headers: Record<string, string>) =>
      fetch(`${atelier.origin}/api/compare`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json', ...headers },
        body: '{}',
      }).then((r) => r.status);
    expect(await status({ origin: atelier.origin })).toBe(400);
    expect(await status({ 'sec-fetch-site': 'same-origin' })).toBe(400);
  });

  test('a JSON route takes only application/json (a form or text/plain post is refused)', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await owner.fetch('/api/compare', { method: 'POST', headers: { 'content-type': type }, body: '{"prompt":"x"}' });
      expect(response.status, type).toBe(415);
    }
  });
});

test.describe('security headers on every response', () => {
  const EVERYWHERE = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': expect.stringMatching(/^(same-origin|strict-origin|strict-origin-when-cross-origin|no-referrer)$/),
    'permissions-policy': expect.stringContaining('camera=()'),
    'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  };
  const responses: Array<{ name: string; request: () => Promise<Response> }> = [
    { name: 'a page', request: () => owner.fetch('/edit') },
    { name: 'the sign-in page', request: () => fetch(`${atelier.origin}/sign-in`) },
    { name: 'a 404 page', request: () => owner.fetch('/no-such-page') },
    { name: 'an API answer', request: () => fetch(`${atelier.origin}/api/health`) },
    { name: 'an API error', request: () => owner.fetch('/api/compare', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }) },
    {
      name: 'a 413',
      request: () => owner.fetch('/api/compare', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2 * 1024 * 1024) }),
    },
    { name: 'a static file', request: () => fetch(`${atelier.origin}/icon.svg`) },
    { name: 'the embedded service', request: () => fetch(`${atelier.origin}/v1/models`) },
    { name: 'a webhook answer', request: () => fetch(`${atelier.origin}/api/webhooks/video/${randomUUID()}/t`, { method: 'POST', body: '{}' }) },
  ];
  for (const { name, request } of responses) {
    test(name, async () => {
      const response = await request();
      for (const [header, value] of Object.entries(EVERYWHERE)) expect(response.headers.get(header), `${header} on ${name}`).toEqual(value);
      // Plain http here: no HSTS (it would pin a browser to https that is not there).
      expect(response.headers.get('strict-transport-security')).toBeNull();
    });
  }

  test('pages carry a nonce-based script policy, a new nonce each time', async () => {
    const policies = await Promise.all([owner.fetch('/edit'), owner.fetch('/edit')].map(async (r) => (await r).headers.get('content-security-policy')!));
    const nonces = policies.map((p) => /'nonce-([^']+)'/.exec(p)?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(policies[0]).not.toContain("'unsafe-inline' 'nonce");
    expect(policies[0]).toMatch(/script-src [^;]*'nonce-/);
  });

  test('a studio page renders in Chromium without one policy violation, and cannot be framed', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: atelier.origin });
    await context.addCookies(
      owner.cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), url: atelier.origin })),
    );
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => /Content Security Policy|Refused to/.test(message.text()) && violations.push(message.text()));
    for (const url of ['/edit', '/compare', '/videos', '/dashboard', '/settings']) {
      await page.goto(url);
      await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
    }
    expect(violations).toEqual([]);
    // A page elsewhere cannot frame the studio (frame-ancestors 'none', X-Frame-Options: DENY).
    const framer = await context.newPage();
    await framer.setContent(`<iframe id="studio" src="${atelier.origin}/sign-in"></iframe>`);
    await expect.poll(() => framer.frames().length).toBe(2);
    await framer.waitForTimeout(500);
    expect(
      await framer
        .frames()[1]
        .locator('body')
        .innerText()
        .catch(() => ''),
    ).not.toContain('Welcome back');
    await context.close();
  });
});

test.describe('redirects after sign-in stay on this site', () => {
  const HOSTILE = [
    'https://evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '%2F%09%2Fevil.example%2Fphish',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    'http:evil.example',
    'https:/evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' //evil.example',
    '/\n/evil.example',
    '/%0A',
    'http://127.0.0.1:1/elsewhere',
  ];

  const onSite = (location: string | null) => {
    expect(location).toBeTruthy();
    const target = new URL(location!, atelier.origin);
    expect(target.origin).toBe(atelier.origin);
    return target;
  };

  test(`a signed-in visit to /sign-in and /sign-up with ${HOSTILE.length} hostile callbacks`, async () => {
    for (const callback of HOSTILE) {
      for (const page of ['/sign-in', '/sign-up']) {
        const response = await owner.fetch(`${page}?callbackUrl=${encodeURIComponent(callback)}`);
        expect(response.status, `${page} ${JSON.stringify(callback)}`).toBeLessThan(500);
        onSite(response.headers.get('location'));
      }
    }
  });

  test('the sign-in form, sent with each hostile callback, lands on this site', async () => {
    for (const callback of HOSTILE) {
      const response = await fetch(`${atelier.origin}/sign-in`, {
        method: 'POST',
        headers: { origin: atelier.origin, 'next-action': actionId('signInWithPassword'), accept: 'text/x-component' },
        body: formActionBody({ email: owner.email, password: PASSWORD, callbackUrl: callback }),
      });
      expect(response.status, JSON.stringify(callback)).toBeLessThan(500);
      onSite(response.headers.get('x-action-redirect')?.split(';')[0] ?? null);
    }
  });

  test('a same-site callback survives', async () => {
    const response = await owner.fetch(`/sign-in?callbackUrl=${encodeURIComponent('/compare?page=2#top')}`);
    expect(onSite(response.headers.get('location')).pathname).toBe('/compare');
  });
});
