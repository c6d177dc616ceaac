import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signUp } from './support/accounts';
import { setKnobs } from './support/knobs';
import { VideosPage } from './support/videos';
import { SCREENSHOT_DIR as dir } from './support/screenshots';

// Screenshots of the video library (empty, rendering, completed, failed) and the player, in both
// languages: `SCREENSHOTS=1 npx playwright test e2e/videos-screenshots.spec.ts`.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the video screenshots');
test.setTimeout(300_000);

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
const prefs = (locale: string) => [{ name: 'atelier-locale', value: locale, url: baseURL }];

test('video screenshots', async ({ browser }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 1000 }, storageState: { cookies: [], origins: [] } });
  await context.addCookies(prefs('en'));
  const page = await context.newPage();
  await signUp(page, { name: 'Lin Video', email: 'screens-videos@e2e.test', password: 'videos-password-1' });
  await expect(page).toHaveURL(/\/edit$/);
  for (const locale of ['en', 'zh-CN'] as const) {
    await context.addCookies(prefs(locale));
    await page.goto('/videos');
    await shot(page, `videos-empty.${locale}`);
  }

  await context.addCookies(prefs('en'));
  await page.goto('/videos');
  const videos = new VideosPage(page);
  await videos.create({ model: 'atelier-motion', prompt: 'A slow pan across a misty mountain lake at sunrise' });
  await setKnobs({ failModels: ['atelier-motion-pro'] });
  await videos.create({ model: 'atelier-motion-pro', prompt: 'A neon city street in the rain at night' });
  const cards = page.getByTestId('video-card');
  await expect(
    cards
      .getByTestId('video-state')
      .filter({ has: page.locator('[data-state=completed]') })
      .or(cards.locator('[data-state=completed]')),
  ).toHaveCount(1, { timeout: 150_000 });
  await expect(cards.locator('[data-state=failed]')).toHaveCount(1, { timeout: 150_000 });
  await setKnobs({ failModels: [] });
  // One more, caught while it renders.
  await page.locator('form[aria-label="New video"] textarea').fill('Waves rolling onto a quiet beach, late afternoon');
  await page.getByRole('form', { name: 'New video' }).getByText('10 s', { exact: true }).click();
  await page.getByRole('form', { name: 'New video' }).getByRole('button', { name: 'Generate video' }).click();
  await expect(cards.locator('[data-state=running]')).toHaveCount(1, { timeout: 60_000 });
  await expect.poll(async () => Number(await cards.getByRole('progressbar').first().getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThan(10);

  for (const locale of ['en', 'zh-CN'] as const) {
    await context.addCookies(prefs(locale));
    await page.goto('/videos');
    await expect.poll(() => page.locator('video').evaluateAll((videos) => videos.length > 0)).toBe(true);
    await page.waitForTimeout(1500); // posters load
    await shot(page, `videos-library.${locale}`);
  }
  for (const locale of ['en', 'zh-CN'] as const) {
    await context.addCookies(prefs(locale));
    await page.goto('/videos');
    await cards.filter({ hasText: 'misty mountain lake' }).click();
    await expect(page.getByTestId('video-player')).toBeVisible();
    await page.waitForTimeout(1500);
    await shot(page, `videos-player.${locale}`);
    await page.goto('/videos');
    await cards.filter({ hasText: 'neon city' }).click();
    await expect(page.getByTestId('video-failure')).toBeVisible();
    await shot(page, `videos-failed.${locale}`);
  }
  await context.close();
});
