import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import PgBoss from 'pg-boss';
import { scenePng, type RunningService } from '@atelier/reference-service/testing';
import { S3BlobStore } from '../../lib/storage/s3-store';
import { shotPath } from '../../e2e/support/screenshots';
import type { Atelier } from '../support/atelier';
import { Session, signUp } from '../security/support/session';
import { DEPLOY_BLOCKS, startCluster, type Cluster } from './support/cluster';
import type { Proxy } from './support/proxy';

// Atelier in its production shape (support/cluster.ts: the service on its own, two web replicas
// that run no jobs, one `npm run worker`, one PostgreSQL, S3 and a round-robin balancer). People
// sign in through one replica and work through the other; the service's webhooks reach either.

test.describe.configure({ mode: 'serial' });

let cluster: Cluster;
let service: RunningService;
let s3: Cluster['s3'];
let proxy: Proxy;
let first: Atelier;
let second: Atelier;
let person: Session;
let workerMetrics: string;

/** One process's metrics: the sum of a metric's series whose labels include `labels`. */
async function scrape(origin: string) {
  const answer = await fetch(`${origin}/api/metrics`, { headers: { authorization: `Bearer ${cluster.metricsToken}` } });
  expect(answer.status).toBe(200);
  const text = await answer.text();
  return {
    process: /process="([^"]+)"/.exec(text)?.[1],
    sum(name: string, labels: Record<string, string> = {}) {
      return text
        .split('\n')
        .filter((line) => line.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
        .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
    },
    has: (name: string) => text.includes(`\n${name}{`),
  };
}

/** The same person's requests sent to one replica directly (the session cookie is the host's, not the port's); route handlers only. */
const on = (replica: Atelier) =>
  new Session(
    replica,
    person.email,
    person.cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1) })),
    proxy.origin,
  );
const sql = (text: string, values: unknown[] = []) => first.sql!.query(text, values).then((r) => r.rows);
const board = (seed: number, model = 'atelier-vista') =>
  JSON.stringify({ prompt: 'a lantern on a quay', models: [model], size: '1024x1024', n: 1, background: 'opaque', seed });
/** Sets the service's fault knobs (its admin API). */
async function knobs(values: Record<string, unknown>) {
  const answer = await fetch(`${service.url}/v1/admin/knobs`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${service.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(values),
  });
  expect(answer.status).toBe(200);
}
const runBoard = (session: Session, seed: number) =>
  session.fetch('/api/compare', { method: 'POST', headers: { 'content-type': 'application/json' }, body: board(seed) });

test('the processes are started the way docs/deploy.md says', () => {
  const scripts = (JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  expect([DEPLOY_BLOCKS.web.command, DEPLOY_BLOCKS.worker.command, DEPLOY_BLOCKS.service.command]).toEqual([
    'npm run serve',
    'npm run worker',
    'npm run service',
  ]);
  // What startAtelier and startWorker spawn: node on the bundle `npm run build` makes, one process,
  // so that a signal reaches the server itself (tsx's own CLI relays it to a child and SIGKILLs one
  // that does not say within 30 ms that it got it: under load, a server killed without draining).
  expect(scripts.serve).toBe('NODE_ENV=production exec node --max-semi-space-size=64 dist/server.mjs');
  expect(scripts.worker).toBe('exec node dist/worker.mjs');
  expect(scripts.service).toBe('exec npm --workspace @atelier/reference-service run start');
});

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster();
  ({ proxy, service, first, second, s3, workerMetrics } = cluster);
  person = await signUp({ ...first, origin: proxy.origin }, 'Cluster User');
  await person.act('saveUserKey', { key: service.key }, '/settings');
});

test.afterAll(async () => {
  await cluster?.stop();
});

test('boards through either replica are archived into S3 by the worker alone', async () => {
  test.setTimeout(60_000);
  const ids: string[] = [];
  for (const seed of [1, 2]) {
    const answer = await runBoard(person, seed);
    expect(answer.status).toBe(201);
    ids.push(((await answer.json()) as { id: string }).id);
  }
  expect([...proxy.served.keys()].sort()).toEqual([first.origin, second.origin].sort()); // both replicas served
  // Replicas run no jobs: the worker stores the images in the bucket.
  await expect
    .poll(async () => (await sql(`SELECT count(*)::int AS n FROM "GenerationOutput" WHERE "generationId" = ANY($1) AND archive = 'archived'`, [ids]))[0].n, {
      timeout: 30_000,
    })
    .toBe(2);
  const store = new S3BlobStore(s3.config);
  const assets = await sql(`SELECT a.id, a."storageKey" FROM "Asset" a JOIN "GenerationOutput" o ON o."assetId" = a.id WHERE o."generationId" = ANY($1)`, [
    ids,
  ]);
  for (const asset of assets) {
    expect(await store.get(asset.storageKey)).not.toBeNull();
    const file = await person.fetch(`/api/assets/${asset.id}`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/png']);
  }
  store.client.destroy();
});

test('a video survives the replica that started it being killed, completes by webhook and is charged once', async () => {
  test.setTimeout(90_000);
  // Server actions go through the balancer (Next.js checks the page's origin against the host).
  const { generationId } = await person.act<{ generationId: string }>(
    'startVideo',
    { model: 'atelier-motion', prompt: 'a slow pan over a harbour', duration: 3 },
    '/videos',
  );
  const starter = [first, second].find((replica) => replica.origin === proxy.last)!;
  await starter.restart('SIGKILL');
  await expect.poll(async () => (await sql(`SELECT status FROM "Generation" WHERE id = $1`, [generationId]))[0].status, { timeout: 60_000 }).toBe('completed');
  const [task] = await sql(`SELECT "lastHeardAt" FROM "VideoTask" WHERE "generationId" = $1`, [generationId]);
  expect(task.lastHeardAt).not.toBeNull(); // the service's webhook came through the balancer
  const ledger = await sql(`SELECT status::text, count(*)::int AS n FROM "LedgerEntry" WHERE "generationId" = $1 GROUP BY status`, [generationId]);
  // Charged once; the reservation made at the start is given back.
  expect(ledger.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
    { status: 'released', n: 1 },
    { status: 'settled', n: 1 },
  ]);
});

test('cancelling an edit through the other replica stops it where it runs (the cancel travels through the database)', async () => {
  test.setTimeout(60_000);
  await knobs({ latencyMs: { 'atelier-edit': 30_000 } });
  const requestId = randomUUID();
  const form = new FormData();
  form.set('requestId', requestId);
  form.set('kind', 'style');
  form.set('prompt', 'convert to watercolor style');
  form.set('image', new Blob([new Uint8Array(await scenePng(320, 240))], { type: 'image/png' }), 'scene.png');
  const started = Date.now();
  const running = on(first).fetch('/edit/run', { method: 'POST', body: form });
  await expect
    .poll(async () => (await sql(`SELECT status FROM "Generation" WHERE "requestId" = $1`, [requestId]))[0]?.status, { timeout: 20_000 })
    .toBe('running');
  const cancel = await on(second).fetch(`/edit/run?request=${requestId}`, { method: 'DELETE' });
  expect(await cancel.json()).toEqual({ cancelled: true });

  const answer = await running;
  expect(answer.status).toBe(409);
  expect((await answer.json()).error.message).toMatch(/cancelled/);
  expect(Date.now() - started).toBeLessThan(20_000); // not the 30 s the service would take
  const rows = await sql(
    `SELECT g.status, array_agg(l.status::text) AS ledger FROM "Generation" g LEFT JOIN "LedgerEntry" l ON l."generationId" = g.id WHERE g."requestId" = $1 GROUP BY g.status`,
    [requestId],
  );
  expect(rows).toEqual([{ status: 'cancelled', ledger: ['released'] }]);
  await knobs({ latencyMs: {} });
});

test('SIGTERM lets a board in flight finish, then the replica exits', async () => {
  test.setTimeout(60_000);
  await knobs({ latencyMs: { 'atelier-vista': 3000 } });
  const inFlight = runBoard(on(second), 3);
  await expect.poll(async () => (await sql(`SELECT count(*)::int AS n FROM "Generation" WHERE status = 'running'`))[0].n).toBe(1);
  const restarted = second.restart('SIGTERM');
  const answer = await inFlight;
  expect(answer.status).toBe(201);
  await restarted;
  expect(second.log()).toContain('"msg":"SIGTERM: finishing requests in flight');
  expect(second.log()).toContain('"msg":"stopped"');
  await knobs({ latencyMs: {} });
});

test('a replica killed mid-board fails only its own requests; the board is marked interrupted and its reservation released', async ({ browser }) => {
  test.setTimeout(60_000);
  await knobs({ latencyMs: { 'atelier-vista': 4000 } });
  const running = async () => (await sql(`SELECT count(*)::int AS n FROM "Generation" WHERE status = 'running'`))[0].n;
  const dying = runBoard(on(first), 7).then(
    (answer) => answer.status,
    () => 'cut off',
  );
  const living = runBoard(on(second), 8);
  await expect.poll(running).toBe(2);
  await first.restart('SIGKILL');
  expect(await dying).toBe('cut off');
  expect((await living).status).toBe(201);
  await knobs({ latencyMs: {} });

  // The killed process's reservation stays until its lease lapses (60 s unrenewed) and the minute's
  // sweep runs: both are brought forward here.
  const [held] = await sql(`SELECT "generationId", "leaseId" FROM "LedgerEntry" WHERE status = 'reserved'`);
  await sql(`UPDATE "ProcessLease" SET "renewedAt" = "renewedAt" - interval '2 minutes' WHERE id = $1`, [held.leaseId]);
  const boss = new PgBoss({ connectionString: first.databaseUrl, supervise: false, schedule: false });
  await boss.start();
  await boss.send('ledger.sweep', {});
  await boss.stop({ graceful: false });
  await expect
    .poll(async () => (await sql(`SELECT status::text, "errorCode" FROM "Generation" WHERE id = $1`, [held.generationId]))[0], { timeout: 20_000 })
    .toEqual({ status: 'failed', errorCode: 'interrupted' });
  expect(await sql(`SELECT count(*)::int AS n FROM "LedgerEntry" WHERE status = 'reserved'`)).toEqual([{ n: 0 }]);
  // The dashboard counts it apart: nothing charged here, but the service may have billed it.
  const dashboard = await (await person.fetch('/dashboard')).text();
  expect(dashboard).toMatch(/data-testid="stat-interrupted" data-count="1"/);
  if (process.env.SCREENSHOTS) {
    for (const locale of ['en', 'zh-CN']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies(
        [...person.cookie.split('; ').map((pair) => pair.split('=')), ['atelier-locale', locale]].map(([name, ...value]) => ({
          name,
          value: value.join('='),
          url: proxy.origin,
        })),
      );
      const page = await context.newPage();
      await page.goto(`${proxy.origin}/dashboard`);
      await expect(page.getByTestId('stat-interrupted')).toBeVisible();
      await page.screenshot({ path: shotPath(`dashboard-interrupted-${locale}.png`) });
      await context.close();
    }
  }
});

test('each replica and the worker report their metrics, and a request’s id is in its logs', async () => {
  test.setTimeout(60_000);
  const processes = [first.origin, second.origin, workerMetrics];
  const before = await Promise.all(processes.map(scrape));
  for (const seed of [5, 6]) expect((await runBoard(person, seed)).status).toBe(201);
  const { generationId } = await person.act<{ generationId: string }>(
    'startVideo',
    { model: 'atelier-motion', prompt: 'gulls over a pier', duration: 3 },
    '/videos',
  );
  await expect.poll(async () => (await sql(`SELECT status FROM "Generation" WHERE id = $1`, [generationId]))[0].status, { timeout: 40_000 }).toBe('completed');
  // A hard budget the next board would pass: refused with 402, counted by the replica that refused it.
  await person.act('saveBudgets', { teamBudget: '0.30', hard: true, timeZone: 'UTC', members: [] }, '/dashboard/budgets');
  const refused = await runBoard(person, 4);
  expect(refused.status).toBe(402);
  const requestId = refused.headers.get('x-request-id')!;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const logged = () => (first.log() + second.log()).split('\n').find((l) => l.includes(requestId) && l.includes('"msg":"request"'));
  await expect.poll(logged).toBeTruthy();
  expect(JSON.parse(logged()!)).toMatchObject({ requestId, method: 'POST', path: '/api/compare', status: 402, kind: 'api' });

  const after = await Promise.all(processes.map(scrape));
  expect(new Set(after.map((m) => m.process)).size).toBe(3); // one label per process
  const total = (metric: string, labels: Record<string, string> = {}, at = after) => at.slice(0, 2).reduce((sum, m) => sum + m.sum(metric, labels), 0);
  const grew = (metric: string, labels: Record<string, string> = {}) => total(metric, labels) - total(metric, labels, before);
  expect(grew('atelier_http_request_duration_seconds_count', { kind: 'api' })).toBeGreaterThanOrEqual(3);
  for (const replica of [0, 1])
    expect(
      after[replica].sum('atelier_http_request_duration_seconds_count') - before[replica].sum('atelier_http_request_duration_seconds_count'),
    ).toBeGreaterThan(0);
  expect(grew('atelier_service_request_duration_seconds_count', { operation: 'images.generations', model: 'atelier-vista', status: '200' })).toBe(2);
  expect(grew('atelier_budget_refusals_total', { budget: 'team' })).toBe(1);
  expect(grew('atelier_webhooks_total', { direction: 'in', kind: 'video', outcome: 'accepted' })).toBeGreaterThanOrEqual(1);
  // The worker: the job queues (read from the database) and its archive failures (none).
  const [, , jobs] = after;
  expect(jobs.has('atelier_jobs')).toBe(true);
  expect(jobs.sum('atelier_archive_failures_total')).toBe(0);
  expect(jobs.sum('atelier_service_up')).toBe(1);
  // Without the token, nothing.
  expect((await fetch(`${first.origin}/api/metrics`)).status).toBe(404);
});

test('after everything restarts, every result and file is there', async () => {
  test.setTimeout(90_000);
  await cluster.worker.stop();
  await Promise.all([first.restart('SIGTERM'), second.restart('SIGTERM')]);
  await cluster.restartWorker();
  const archived = () => sql(`SELECT "assetId" FROM "GenerationOutput" WHERE "assetId" IS NOT NULL`);
  await expect.poll(async () => (await archived()).length, { timeout: 30_000 }).toBe(8); // six boards and two videos
  const outputs = await archived();
  for (const { assetId } of outputs) expect((await person.fetch(`/api/assets/${assetId}`, { method: 'HEAD' })).status).toBe(200);
  expect((await fetch(`${proxy.origin}/api/ready`)).status).toBe(200);
  expect(await sql(`SELECT count(*)::int AS n FROM "LedgerEntry" WHERE status = 'reserved'`)).toEqual([{ n: 0 }]);
});
