import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { CompareBoardPage, resetKnobs, setKnobs } from './support/compare-board';

// Screenshots of the board in both languages, for review: `SCREENSHOTS=1 npx playwright test e2e/compare-screenshots.spec.ts`.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the compare screenshots');
test.setTimeout(180_000);

const dir = process.env.SCREENSHOT_DIR ?? path.join(process.env.E2E_OUTPUT_DIR ?? 'test-results', 'screenshots');
const FOUR = ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-pixel'];
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
const setLocaleCookie = (page: Page, locale: 'en' | 'zh-CN') => page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);

test.afterEach(async ({ request }) => resetKnobs(request));

test('compare board screenshots', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  const board = new CompareBoardPage(page);

  await setLocaleCookie(page, 'en');
  await board.open();
  await board.fill({ prompt: 'a red lighthouse on a cliff at dusk, soft light', models: FOUR, n: 2 });
  await board.run();
  await page.locator('img[data-asset-id]').last().scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator('img[data-asset-id]').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  const results = page.url();

  await setKnobs(request, { failModels: ['atelier-ink'] });
  await board.fill({ prompt: 'a quiet harbour in the rain', models: ['atelier-vista', 'atelier-ink', 'atelier-mosaic', 'atelier-pixel'] });
  await board.run();
  const partial = page.url();
  await resetKnobs(request);

  for (const locale of ['en', 'zh-CN'] as const) {
    await setLocaleCookie(page, locale);
    await page.goto('/compare');
    await shot(page, `compare-empty.${locale}`);
    for (const [name, url] of [['results', results], ['partial-failure', partial]]) {
      await page.goto(url);
      await expect.poll(() => page.locator('img[data-asset-id]').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true);
      await shot(page, `compare-${name}.${locale}`);
    }
    await setKnobs(request, { latencyMs: { '*': 20_000 } });
    await page.goto('/compare');
    await page.locator('main textarea').fill('snowy mountains at sunrise');
    await page.locator('main form button[type=submit]').click();
    await page.waitForTimeout(2300);
    await shot(page, `compare-running.${locale}`);
    await page.locator('[aria-busy=true] button').click();
    await resetKnobs(request);
  }
});
