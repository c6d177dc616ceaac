import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { CompareBoardPage } from './support/compare-board';
import { resetKnobs, setKnobs } from './support/knobs';
import { SCREENSHOT_DIR as dir } from './support/screenshots';

// Screenshots of the board in both languages, for review: `SCREENSHOTS=1 npx playwright test e2e/compare-screenshots.spec.ts`.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the compare screenshots');
test.setTimeout(360_000);

const FOUR = ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-pixel'];
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
const setLocaleCookie = (page: Page, locale: 'en' | 'zh-CN') => page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
const imagesLoaded = (page: Page) =>
  expect
    .poll(
      () => page.locator('main img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)),
      { timeout: 30_000 },
    )
    .toBe(true);

/** Answers the page's poll as if the archive job had given up on two images (one link still valid, one expired). */
async function failTwoCopies(page: Page) {
  type Image = Record<string, unknown> & { outputId: string; state: string };
  let failed: Image[] | null = null;
  await page.route('**/api/compare/*/images', async (route) => {
    const response = await route.fetch();
    const { images } = (await response.json()) as { images: Image[] };
    // The first two at the first poll (stored or not by then: the worker races the poll), and the same two ever after.
    // An image the worker already stored has no service link of its own: it is given the one a fresh
    // board's image has (seven days), so the page is not handed an image it could not draw.
    const week = new Date(Date.now() + 7 * 86_400_000).toISOString();
    failed ??= images.slice(0, 2).map((image, n) => ({
      ...image,
      state: 'unsaved',
      ...(n === 1
        ? { serviceUrl: null, availableUntil: new Date(Date.now() - 86_400_000).toISOString() }
        : { serviceUrl: image.serviceUrl ?? null, availableUntil: image.availableUntil ?? week }),
    }));
    await route.fulfill({ response, json: { images: images.map((image) => failed!.find((f) => f.outputId === image.outputId) ?? image) } });
  });
}

test.afterEach(() => resetKnobs());

test('compare board screenshots', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const board = new CompareBoardPage(page);

  await setLocaleCookie(page, 'en');
  await board.open();
  await board.fill({ prompt: 'a red lighthouse on a cliff at dusk, soft light', models: FOUR, n: 2 });
  await board.run();
  await board.archived();
  await page.locator('img[data-asset-id]').last().scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator('img[data-asset-id]').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  const results = page.url();

  await setKnobs({ failModels: ['atelier-ink'] });
  await board.fill({ prompt: 'a quiet harbour in the rain', models: ['atelier-vista', 'atelier-ink', 'atelier-mosaic', 'atelier-pixel'] });
  await board.run();
  await board.archived();
  const partial = page.url();
  await resetKnobs();

  for (const locale of ['en', 'zh-CN'] as const) {
    await setLocaleCookie(page, locale);
    await page.goto('/compare');
    await shot(page, `compare-empty.${locale}`);
    for (const [name, url] of [
      ['results', results],
      ['partial-failure', partial],
    ]) {
      await page.goto(url);
      await expect
        .poll(() =>
          page
            .locator('img[data-asset-id]')
            .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)),
        )
        .toBe(true);
      await shot(page, `compare-${name}.${locale}`);
    }
    // A board just answered: its images show from the service while the job archives them (about 2 s each).
    await setLocaleCookie(page, 'en');
    await board.open();
    await board.fill({ prompt: 'a red lighthouse on a cliff at dusk, soft light', models: FOUR, n: 2 });
    await board.run();
    await setLocaleCookie(page, locale);
    await page.reload();
    await imagesLoaded(page);
    await shot(page, `compare-archiving.${locale}`);
    // And two copies that failed for good.
    await setLocaleCookie(page, 'en');
    await board.open();
    await board.fill({ prompt: 'a quiet harbour in the rain', models: FOUR, n: 1 });
    await failTwoCopies(page);
    await board.run();
    await setLocaleCookie(page, locale);
    await page.reload();
    // The worker may have stored all four before the reload: then there is no poll to fake.
    if ((await board.images('archiving').count()) > 0) {
      await expect(page.getByTestId('unsaved-note')).toHaveCount(2);
      await expect(board.images('archiving')).toHaveCount(0, { timeout: 60_000 }); // the other two are stored meanwhile
      await imagesLoaded(page);
      await shot(page, `compare-unsaved.${locale}`);
    } else {
      test.info().annotations.push({ type: 'skipped shot', description: `compare-unsaved.${locale}: archived before the page loaded` });
    }
    await page.unroute('**/api/compare/*/images');

    await setKnobs({ latencyMs: { '*': 20_000 } });
    await page.goto('/compare');
    await page.locator('main textarea').fill('snowy mountains at sunrise');
    await page.locator('main form button[type=submit]').click();
    await page.waitForTimeout(2300);
    await shot(page, `compare-running.${locale}`);
    await page.locator('[aria-busy=true] button').click();
    await resetKnobs();
  }
});
