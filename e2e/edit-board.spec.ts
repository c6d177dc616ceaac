import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { underMask } from '../test/support/photos';
import { assetPixels, EditStudio, H, STROKE, testPng, W } from './support/edit-studio';
import { setKnobs } from './support/knobs';
import { shotPath } from './support/screenshots';
import { shareFromDialog } from './support/share';
import { readZip } from './support/zip';

// Edit runs of several results in the studio, against the reference service: an edit board of four
// edit models (one failing, one leaking outside the mask and answering at its own size), variants of
// one model with their seeds, "use this one", the mask guard's badge both ways (restored, and
// measured only with the team's setting off), and each run reopened as it ran. SCREENSHOTS=1 keeps
// pictures of each at 1440×900 and 390×844, in English and Chinese.

/** The reference catalog's edit models and their price for a picture up to 1024 px (packages/reference-service/catalog.json). */
const PRICES = { 'atelier-edit': 0.1, 'atelier-edit-fast': 0.04, 'atelier-edit-hd': 0.2, 'atelier-edit-fill': 0.35 } as const;
const BOARD = Object.keys(PRICES) as Array<keyof typeof PRICES>;

/** Runs kept for the later tests (reopening, screenshots). */
const runs: { board?: string; variants?: string; unrestored?: string } = {};

let png: Buffer;
test.beforeAll(async () => {
  png = await testPng(W, H);
});

/** The reference service's fault knobs; `reset` puts back what these tests change. */
const reset = () => setKnobs({ failModels: [], leakyModels: {} });

const sha = async (page: Page, assetId: string) =>
  createHash('sha256')
    .update(await (await page.request.get(`/api/assets/${assetId}?download=1`)).body())
    .digest('hex');

/**
 * A picture in the studio with a hard-edged stroke painted for an object removal (unfeathered: the
 * mask guard then finds an exact model's answer untouched outside the mask and keeps it as it is).
 */
async function masked(studio: EditStudio) {
  await studio.open();
  await studio.upload(png);
  await studio.chooseKind('remove');
  const more = studio.page.getByRole('button', { name: 'More', exact: true });
  await more.click();
  await studio.page.getByRole('group', { name: 'More', exact: true }).getByLabel('Feather').fill('0');
  await more.click();
  await studio.paint({ width: W, height: H }, STROKE);
}

test('an edit board of four models: a card each (model, cost, time, seed, mask guard), a failure uncharged, full screen, a ZIP and a share', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const studio = new EditStudio(page);
  await masked(studio);
  await page.getByTestId('compare-models').check();
  const picks = page.getByTestId('board-models');
  for (const model of BOARD) await picks.getByRole('checkbox', { name: model, exact: true }).check();
  await expect(picks.getByRole('checkbox', { checked: true })).toHaveCount(4);
  // Variants and the board do not combine: the count is off while comparing.
  await expect(page.getByRole('radio', { name: '2', exact: true })).toBeDisabled();
  // Each model once, at its price for 640×480.
  await expect(page.getByTestId('edit-estimate')).toHaveAttribute('data-amount', '0.69');

  await setKnobs({ failModels: ['atelier-edit-fill'], leakyModels: 'atelier-edit-fast=0.3:1024x1024' });
  try {
    await studio.submit.click();
    const ids = await studio.ids();
    runs.board = ids.generation;
  } finally {
    await reset();
  }
  const cards = page.getByTestId('result-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.locator('h3')).toHaveText(BOARD);
  // What ran is charged: the failed request is not.
  await expect(page.getByTestId('edit-cost')).toContainText('0.34');

  const card = (model: string) => cards.and(page.locator(`[data-model="${model}"]`));
  const files = new Set<string>();
  for (const model of ['atelier-edit', 'atelier-edit-fast', 'atelier-edit-hd'] as const) {
    const one = card(model);
    await expect(one).toHaveAttribute('data-status', 'completed');
    files.add((await one.getAttribute('data-result-asset'))!);
    // A seed is there, as a whole number (a missing attribute would read as 0 through Number()).
    expect(await one.getAttribute('data-seed')).toMatch(/^\d+$/);
    await expect(one.getByTestId('result-cost')).toContainText(String(PRICES[model]));
    await expect(one.getByTestId('result-time')).toHaveText(/^\d+\.\d s$/);
    await expect(one.getByRole('button', { name: 'Use this one' })).toBeEnabled();
  }
  expect(files.size).toBe(3);
  // Exact models leave everything outside the mask alone; the leaky one was put back, its own answer kept.
  await expect(card('atelier-edit').getByTestId('mask-guard')).toHaveAttribute('data-tone', 'success');
  await expect(card('atelier-edit').getByTestId('mask-guard-label')).toHaveText('Outside the mask: 0.0% changed');
  await expect(card('atelier-edit').getByTestId('raw-answer')).toHaveCount(0);
  const leaky = card('atelier-edit-fast');
  await expect(leaky.getByTestId('mask-guard')).toHaveAttribute('data-tone', 'warning');
  await expect(leaky.getByTestId('mask-guard-label')).toHaveText(/^Outside the mask: [1-9]\d*\.\d% changed — restored$/);
  await expect(leaky.getByTestId('mask-guard-fit')).toContainText('The model answered at 1024×1024');
  await expect(leaky.getByTestId('raw-answer')).toHaveAttribute('href', /^\/api\/assets\/[0-9a-f-]{36}\?download=1$/);
  await leaky.getByTestId('heatmap-toggle').click();
  await expect(leaky.getByTestId('heatmap')).toBeVisible();
  const failed = card('atelier-edit-fill');
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed.getByTestId('result-error')).not.toBeEmpty();
  await expect(failed.getByTestId('result-cost')).toHaveText('not charged');
  await expect(failed.getByRole('button', { name: 'Use this one' })).toHaveCount(0);

  // The studio still fits 1440×900 with four cards on its stage.
  const page900 = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, inner: window.innerHeight }));
  expect(page900.scroll, 'the page scrolls').toBeLessThanOrEqual(page900.inner);

  // A card opens the board's synced viewer; ← → page through the results, then the original.
  await card('atelier-edit').getByRole('button', { name: 'atelier-edit', exact: true }).click();
  const viewer = page.getByTestId('compare-viewer');
  await expect(viewer.getByTestId('viewer-position')).toHaveText('atelier-edit · 1 of 1');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-position')).toHaveText('atelier-edit-fast · 1 of 1');
  await page.keyboard.press('s');
  await expect(viewer).toHaveAttribute('data-layout', 'side');
  await expect(viewer.getByTestId('viewer-pane')).toHaveCount(4); // three models and the original
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // The run as a ZIP: manifest.json, the original and mask, each result, the restored one's raw answer beside it.
  const zipLink = page.getByTestId('edit-zip');
  await expect(zipLink).toHaveAttribute('href', `/api/edits/${runs.board}/zip`);
  const zip = await page.request.get(`/api/edits/${runs.board}/zip`);
  expect(zip.status()).toBe(200);
  const { names, manifest } = readZip<{ mode: string; results: Array<{ model: string; status: string; seed: number | null; file: string | null }> }>(
    await zip.body(),
  );
  expect(names[0]).toBe('manifest.json');
  expect(manifest.mode).toBe('board');
  expect(manifest.results.map((r) => [r.model, r.status])).toEqual(BOARD.map((m) => [m, m === 'atelier-edit-fill' ? 'failed' : 'completed']));
  expect(names).toEqual(expect.arrayContaining(['original.png', 'mask.png', '2-atelier-edit-fast-raw.png']));

  // Shared like a board: the original beside each result.
  const url = await shareFromDialog(page);
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  await guest.goto(url);
  await expect(guest.getByTestId('shared-edit-results').locator('figure')).toHaveCount(4);
  await visitor.close();

  // Reopened, the run shows its cards again.
  await studio.open(`?edit=${runs.board}`);
  await expect(cards).toHaveCount(4);
  await expect(card('atelier-edit-fast').getByTestId('mask-guard')).toHaveAttribute('data-tone', 'warning');
});

test('variants: three results of one model, each its own seed and file; one viewed, used, and the next edit starts from it', async ({ page }) => {
  test.setTimeout(90_000);
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(png);
  await studio.chooseKind('style');
  await page.getByRole('radio', { name: '3', exact: true }).check({ force: true });
  await expect(page.getByTestId('compare-models')).toBeDisabled();
  // The estimate multiplies: three times the model's price.
  await expect(page.getByTestId('edit-estimate')).toHaveAttribute('data-amount', '0.3');
  await expect(page.getByTestId('edit-estimate')).toContainText('× 3');
  await studio.submit.click();
  const first = await studio.ids();
  runs.variants = first.generation;

  const strip = page.getByTestId('variant');
  await expect(strip).toHaveCount(3);
  const assets = await strip.evaluateAll((items) => items.map((item) => item.getAttribute('data-result-asset')!));
  const seeds = (await strip.evaluateAll((items) => items.map((item) => item.getAttribute('data-seed')!))).map(Number);
  expect(new Set(assets).size).toBe(3);
  // Seeds s, s + 1, s + 2: each request its own.
  expect(seeds.map((seed) => (seed - seeds[0] + 2 ** 32) % 2 ** 32)).toEqual([0, 1, 2]);
  // Three different files, byte for byte.
  expect(new Set(await Promise.all(assets.map((id) => sha(page, id)))).size).toBe(3);
  await expect(page.getByTestId('edit-cost')).toContainText('0.3');

  // The first is on show; the second, clicked, takes its place in the before/after.
  const after = page.getByTestId('before-after').getByRole('img', { name: 'After' });
  await expect(after).toHaveAttribute('src', `/api/assets/${assets[0]}`);
  await strip.nth(1).getByRole('button').click();
  await expect(after).toHaveAttribute('src', `/api/assets/${assets[1]}`);
  await expect(strip.nth(1)).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('variant-facts')).toContainText(`Seed ${seeds[1]}`);

  // "Use this one": the picked file is the picture, the run the next step's parent.
  await page.getByRole('button', { name: 'Use this one' }).click();
  await expect(studio.canvas).toBeVisible();
  await expect(page.getByTestId('variant-strip')).toHaveCount(0);
  await page.getByRole('radio', { name: '1', exact: true }).check({ force: true });
  await studio.submit.click();
  await expect(studio.result).not.toHaveAttribute('data-generation', first.generation, { timeout: 45_000 });
  const next = await studio.ids();
  expect(next.original).toBe(assets[1]);
  const chain = (await (await page.request.get(`/api/edits/${next.generation}/versions`)).json()).versions as Array<{
    id: string;
    parentId: string | null;
    resultAssetId: string;
  }>;
  expect(chain.map((v) => v.id)).toEqual([first.generation, next.generation]);
  expect(chain[0].resultAssetId).toBe(assets[1]);

  // Reopened, the run shows its strip with the pick on show.
  await studio.open(`?edit=${first.generation}`);
  await expect(strip).toHaveCount(3);
  await expect(strip.nth(1)).toHaveAttribute('data-current', 'true');
  await expect(after).toHaveAttribute('src', `/api/assets/${assets[1]}`);
});

test('a model that changes 30 % outside the mask: the badge says so within a point and the result keeps every pixel there; one that answers at 1024×1024 is brought back to the picture’s size', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const studio = new EditStudio(page);
  /** The result against the original where the mask is 0: the first pixel that differs, or null. */
  const keptOutside = async () => {
    const ids = await studio.ids();
    const [original, result, mask] = await Promise.all([
      assetPixels(page.request, ids.original),
      assetPixels(page.request, ids.result),
      assetPixels(page.request, ids.mask!, 1),
    ]);
    expect([result.width, result.height]).toEqual([original.width, original.height]);
    return underMask(original.data, result.data, mask.data, original.width);
  };
  try {
    await setKnobs({ leakyModels: 'atelier-edit-fast=0.3' });
    await masked(studio);
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('atelier-edit-fast');
    await studio.submit.click();
    const label = studio.result.getByTestId('mask-guard-label');
    await expect(label).toHaveText(/^Outside the mask: \d+\.\d% changed — restored$/);
    expect(Math.abs(Number(/([\d.]+)%/.exec((await label.textContent())!)![1]) - 30)).toBeLessThanOrEqual(1);
    const leaked = await keptOutside();
    expect(leaked.keptButChanged, 'a pixel outside the mask').toBeNull();
    expect(leaked.kept).toBeGreaterThan(0.9 * W * H);

    // The same model answering at its own size, for a picture of another shape.
    await setKnobs({ leakyModels: 'atelier-edit-fast=0:1024x1024' });
    await studio.open();
    await studio.upload(await testPng(1600, 1067));
    await studio.chooseKind('remove');
    await studio.paint({ width: 1600, height: 1067 }, [
      [700, 450],
      [900, 560],
    ]);
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('atelier-edit-fast');
    await studio.submit.click();
    await expect(studio.result.getByTestId('mask-guard-fit')).toContainText('1024×1024');
    expect((await keptOutside()).keptButChanged, 'a pixel outside the mask').toBeNull();
  } finally {
    await reset();
  }
});

test("with the team's restore off, a leaky model's change is measured and left: a plain badge, no raw answer", async ({ page }) => {
  test.setTimeout(90_000);
  const restore = async (on: boolean) => {
    await page.goto('/settings/team');
    const toggle = page.getByTestId('mask-guard-switch');
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', String(on));
      await expect(toggle).toBeEnabled(); // saved
    }
  };
  await restore(false);
  try {
    const studio = new EditStudio(page);
    await masked(studio);
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('atelier-edit-fast');
    await setKnobs({ leakyModels: 'atelier-edit-fast=0.12' });
    await studio.submit.click();
    runs.unrestored = (await studio.ids()).generation;
    const guard = studio.result.getByTestId('mask-guard');
    await expect(guard).toHaveAttribute('data-tone', 'neutral');
    await expect(guard.getByTestId('mask-guard-label')).toHaveText(/^Outside the mask: 1[12]\.\d% changed$/);
    await expect(guard.getByTestId('raw-answer')).toHaveCount(0);
    await expect(guard.getByTestId('mask-guard-fit')).toHaveCount(0);
    // Its heat map lies over the result in the before/after.
    await guard.getByTestId('heatmap-toggle').click();
    await expect(page.getByTestId('before-after').getByTestId('heatmap')).toBeVisible();
  } finally {
    await reset();
    await restore(true);
  }
});

test('screenshots: the board of four, the variant strip and the badge both ways, in both languages, wide and narrow', async ({ page }) => {
  test.skip(!process.env.SCREENSHOTS, 'screenshots only on request');
  test.skip(!runs.board || !runs.variants || !runs.unrestored, 'needs the runs above');
  test.setTimeout(120_000);
  const studio = new EditStudio(page);
  for (const locale of ['en', 'zh-CN'] as const) {
    await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
    for (const viewport of [
      { name: '1440x900', width: 1440, height: 900 },
      { name: '390x844', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const shot = (name: string) => page.screenshot({ path: shotPath(`edit-${name}.${viewport.name}.${locale}.png`), fullPage: viewport.width < 1000 });
      await studio.open(`?edit=${runs.board}`);
      await expect(page.getByTestId('result-card')).toHaveCount(4);
      await page.getByTestId('result-card').nth(1).getByTestId('heatmap-toggle').click();
      await page.waitForTimeout(500);
      await shot('board');
      await studio.open(`?edit=${runs.variants}`);
      await expect(page.getByTestId('variant')).toHaveCount(3);
      await page.waitForTimeout(500);
      await shot('variants');
      await studio.open(`?edit=${runs.unrestored}`);
      await studio.result.getByTestId('heatmap-toggle').click();
      await page.waitForTimeout(500);
      await shot('unrestored');
    }
  }
});
