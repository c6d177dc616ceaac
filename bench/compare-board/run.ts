// `npm run bench:compare-board`: a comparison board's wall time against the service's latency (and when
// its images are archived, after the answer), and the Atelier server's memory and page size for the
// heaviest board (4 models × 4 images, 4096², b64_json).
// Needs a build in $NEXT_DIST_DIR (default .next) and Chromium (to sign up like a user).
import { readFile, writeFile } from 'node:fs/promises';
import { chromium, type APIRequestContext } from '@playwright/test';
import { signUp } from '../../e2e/support/accounts';
import { startAtelier } from '../../test/support/atelier';
import { startService } from '@atelier/reference-service/testing';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 5000);
const FOUR = ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-pixel'];
const mb = (kb: number) => kb / 1024;

async function memory(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

// The service runs as its own process, as in production, so its memory is not counted as Atelier's.
const svc = await startService({ SERVICE_ENGINE_THREADS: '4' });
// A free port of our own unless BENCH_PORT names one: another server on a fixed port would answer in our place.
const server = await startAtelier({ database: 'pglite', env: { UPSTREAM_BASE_URL: svc.url }, port: Number(process.env.BENCH_PORT) || undefined }).catch(
  async (error: unknown) => {
    await svc.dispose();
    throw error;
  },
);
const base = server.origin;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const knobs = (body: object) =>
  fetch(`${svc.url}/v1/admin/knobs`, { method: 'PUT', headers: { authorization: `Bearer ${svc.adminToken}` }, body: JSON.stringify(body) });

async function runBoard(request: APIRequestContext, body: object): Promise<{ ms: number; id: string; archivedMs: number }> {
  const started = performance.now();
  // A browser sends its origin with every POST; route handlers refuse state changes without it.
  const response = await request.post(`${base}/api/compare`, { data: body, headers: { origin: base }, timeout: 180_000 });
  const ms = performance.now() - started;
  if (response.status() !== 201) throw new Error(`board failed: ${response.status()} ${await response.text()}`);
  const id = ((await response.json()) as { id: string }).id;
  // URL results are archived by a background job after the answer: wait for it (as the page does),
  // so that one run's archiving does not weigh on the next.
  for (;;) {
    const { images } = (await (await request.get(`${base}/api/compare/${id}/images`)).json()) as { images: Array<{ state: string }> };
    if (images.some((i) => i.state === 'unsaved')) throw new Error(`board ${id}: an image could not be archived`);
    if (!images.some((i) => i.state === 'archiving')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ms, id, archivedMs: performance.now() - started };
}

try {
  const context = await browser.newContext({ baseURL: base });
  await context.addCookies([{ name: 'atelier-locale', value: 'en', url: base }]);
  const page = await context.newPage();
  await signUp(page, { name: 'Bench', email: 'bench@example.com', password: 'bench-password-1' });
  await page.waitForURL(/\/edit$/);
  // Not embedded: the account needs the service's key, stored like a user would in Settings.
  await page.goto('/settings');
  await page
    .getByRole('button', { name: 'Add key' })
    .or(page.getByRole('button', { name: 'Replace' }))
    .first()
    .click();
  await page.getByLabel('Service key').fill(svc.key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await page
    .getByLabel(`•••• ${svc.key.slice(-4)}`)
    .first()
    .waitFor();

  const board = { prompt: 'a quiet harbour at dusk with boats', models: FOUR, size: '1024x1024', n: 1, background: 'opaque', seed: 11 };
  await runBoard(context.request, board); // warm: engines, routes, database

  // 1. Wall time of a 4-model board when every model takes L.
  await knobs({ latencyMs: { '*': LATENCY_MS } });
  const walls: number[] = [];
  const archived: number[] = [];
  for (let i = 0; i < 3; i++) {
    const run = await runBoard(context.request, { ...board, seed: 100 + i });
    walls.push(run.ms);
    archived.push(run.archivedMs);
  }
  // Baseline: the same request sent straight to the service, which also spends its own compute time.
  const direct: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await fetch(`${svc.url}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: FOUR, prompt: board.prompt, size: board.size, n: 1, seed: 200 + i }),
    });
    await res.arrayBuffer();
    direct.push(performance.now() - started);
  }
  await knobs({ latencyMs: {} });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
  const wall = median(walls);

  // 2. The heaviest board: peak RSS growth of the Atelier server, and the size of the board's page.
  await writeFile(`/proc/${server.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const before = await memory(server.pid);
  const heavy = await runBoard(context.request, { ...board, size: '4096x4096', n: 4, responseFormat: 'b64_json' });
  const after = await memory(server.pid);
  const html = await (await context.request.get(`${base}/compare/${heavy.id}`)).text();
  const stored = await context.request.get(`${base}/api/compare/${heavy.id}/zip`);
  const zipBytes = (await stored.body()).length;
  const base64Run = /[A-Za-z0-9+/]{1000,}/.exec(html);

  console.log(`\ncomparison board (4 models, 1024², n=1), service latency L = ${LATENCY_MS} ms per model`);
  console.log(
    `  wall time (median of 3): ${wall.toFixed(0)} ms  -> wall / L = ${(wall / LATENCY_MS).toFixed(3)} (target <= 1.15); runs: ${walls.map((w) => w.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `  the service alone, same request (median of 3): ${median(direct).toFixed(0)} ms -> Atelier's own share ${(wall - median(direct)).toFixed(0)} ms (wall / service = ${(wall / median(direct)).toFixed(3)})`,
  );
  console.log(
    `  every image archived into storage (background job) after (median of 3): ${median(archived).toFixed(0)} ms; runs: ${archived.map((w) => w.toFixed(0)).join(', ')} ms`,
  );
  console.log(`heaviest board (4 models × n=4, 4096×4096, b64_json)`);
  console.log(`  wall time: ${(heavy.ms / 1000).toFixed(1)} s; images stored: ${(zipBytes / 1024 / 1024).toFixed(1)} MB (zip of the board)`);
  console.log(
    `  server RSS: ${mb(before.rss).toFixed(0)} MB before, peak ${mb(after.hwm).toFixed(0)} MB -> peak growth ${mb(after.hwm - before.rss).toFixed(0)} MB (target < 1024 MB)`,
  );
  console.log(`  board page HTML: ${(html.length / 1024).toFixed(1)} KB; base64 in it: ${base64Run ? `YES (${base64Run[0].length}+ chars)` : 'none'}`);
} catch (error) {
  console.error(`the server's output:\n${server.log()}`);
  throw error;
} finally {
  await browser.close();
  await server.stop();
  await svc.dispose();
}
