import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { shareFromDialog } from './support/share';

// What each page costs a visitor in JavaScript before it can be used: every script the page loads
// until the network is idle (its first-load chunks, and any the page pulls in at once), gzipped as a
// server would send them. A page over its budget fails here; the figures go to docs/benchmarks.md.
// The not-found page is the baseline: React, Next.js and the shell every page carries.

const KB = 1024;
/**
 * Pages without a canvas or a chart; the dashboard's charts; the studio's and the board's canvases.
 * React and Next.js 16 (Turbopack) alone are 132 KB of the empty page's 139 KB, so a plain page's
 * budget leaves it about 35 KB of its own (docs/benchmarks.md has each page's figure).
 */
const BUDGET = { plain: 175 * KB, charts: 200 * KB, canvas: 260 * KB };

/** Each page and its budget; the signed-out pages are measured without the owner's session. */
const PAGES: { path: string; budget: number; signedOut?: true }[] = [
  { path: '/sign-in', budget: BUDGET.plain, signedOut: true },
  { path: '/sign-up', budget: BUDGET.plain, signedOut: true },
  ...['/videos', '/library', '/dashboard/budgets', '/dashboard/requests', '/inbox', '/inbox/approvals'].map((path) => ({ path, budget: BUDGET.plain })),
  ...['/settings', '/settings/team', '/settings/api-keys', '/settings/alerts', '/settings/shares', '/settings/decisions'].map((path) => ({
    path,
    budget: BUDGET.plain,
  })),
  { path: '/dashboard', budget: BUDGET.charts },
  { path: '/edit', budget: BUDGET.canvas },
  { path: '/compare', budget: BUDGET.canvas },
];

/** The gzipped bytes of the scripts `path` loads, each script counted once, and the page's status. */
async function firstLoadJs(page: Page, path: string): Promise<{ status: number; size: number }> {
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || scripts.has(response.url())) return;
    scripts.set(response.url(), 0);
    // A document the page navigated away from (a redirect) lets go of its bodies: the script, a static
    // chunk, is then fetched again.
    const body = response.body().catch(async () => (await page.request.get(response.url())).body());
    pending.push(body.then((bytes) => void scripts.set(response.url(), gzipSync(bytes).length)));
  };
  page.on('response', onResponse);
  const answer = await page.goto(path, { waitUntil: 'networkidle' }).finally(() => page.off('response', onResponse));
  await Promise.all(pending);
  // FIRST_LOAD_DETAIL=1 lists each script, largest first: where to look when a page is over.
  if (process.env.FIRST_LOAD_DETAIL) {
    const largest = [...scripts].sort((a, b) => b[1] - a[1]).map(([url, size]) => `  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
    console.log(`${path}:\n${largest.join('\n')}`);
  }
  return { status: answer?.status() ?? 0, size: [...scripts.values()].reduce((sum, size) => sum + size, 0) };
}

/** A board of two images shared from its page; the link's path. */
async function sharedBoard(page: Page): Promise<string> {
  const made = await page.request.post('/api/compare', {
    headers: { origin: baseURL },
    data: {
      prompt: 'a lighthouse for the first-load budget',
      models: ['atelier-pixel', 'atelier-mosaic'],
      size: '1024x1024',
      n: 1,
      background: 'opaque',
      seed: 3,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto(`/compare/${((await made.json()) as { id: string }).id}`);
  return new URL(await shareFromDialog(page)).pathname;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test('every page loads its JavaScript within its budget (gzip)', async ({ page, browser }) => {
  const figures: string[] = [];
  const over: string[] = [];
  const measure = async (on: Page, path: string, budget: number) => {
    const { status, size } = await firstLoadJs(on, path);
    expect(status, `${path} answers`).toBe(200);
    figures.push(`${path.padEnd(22)} ${kb(size).padStart(9)}  (budget ${kb(budget)})`);
    if (size > budget) over.push(`${path}: ${kb(size)} > ${kb(budget)}`);
  };

  const empty = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  const baseline = await firstLoadJs(empty, '/no-such-page');
  expect(baseline.status).toBe(404);
  figures.push(`${'empty page (404)'.padEnd(22)} ${kb(baseline.size).padStart(9)}`);
  for (const { path, budget, signedOut } of PAGES) await measure(signedOut ? empty : page, path, budget);
  // A share page, as the person it was sent to opens it: signed out, the gallery and its viewer.
  await measure(empty, await sharedBoard(page), BUDGET.plain);
  await empty.close();

  console.log(`first-load JS (gzip):\n${figures.join('\n')}`);
  expect(over, 'pages over their first-load JS budget').toEqual([]);
});
