import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { CompareBoardPage } from './support/compare-board';
import { resetKnobs, setKnobs } from './support/knobs';
import { EditStudio, testPng } from './support/edit-studio';
import { shareFromDialog } from './support/share';
import { collectionOf, storedBoard } from './support/share-gallery';
import { VideosPage } from './support/videos';
import { SCREENSHOT_DIR as dir } from './support/screenshots';

// Screenshots of share links for review: the public page (board, edit, video; desktop and phone),
// the 404, the Share dialog and Settings → Share links, in both languages and both themes; and the
// gallery: a shared collection, its viewer open, a shared board (desktop and phone, both languages).
// `SCREENSHOTS=1 npx playwright test e2e/share-screenshots.spec.ts`.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the share screenshots');
test.setTimeout(420_000);

const LOCALES = ['en', 'zh-CN'] as const;
const THEMES = ['light', 'dark'] as const;
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
const prefs = (locale: string, theme: string) => [
  { name: 'atelier-locale', value: locale, url: baseURL },
  { name: 'atelier-theme', value: theme, url: baseURL },
];

/** Waits until every image on the page has really loaded, and every video shows a frame. */
async function settle(page: Page) {
  for (const image of await page.locator('img').all()) await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => page.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await expect.poll(() => page.locator('video').evaluateAll((videos) => videos.every((v) => (v as HTMLVideoElement).readyState >= 2))).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A visitor with no session, in the given language, theme and viewport. */
async function visitor(browser: Browser, locale: string, theme: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL, storageState: { cookies: [], origins: [] } });
  await context.addCookies(prefs(locale, theme));
  return context;
}

test('share screenshots', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.context().addCookies(prefs('en', 'light'));

  // A board with one failed model, shared; the dialog is captured on the way.
  const board = new CompareBoardPage(page);
  await board.open();
  await setKnobs({ failModels: ['atelier-ink'] });
  await board.fill({
    prompt: 'a red lighthouse on a cliff at dusk, soft light, watercolour sky',
    models: ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-ink'],
    n: 2,
  });
  await board.run();
  await resetKnobs();
  const boardPage = page.url();
  const boardUrl = await shareFromDialog(page, 'Never');
  await shareFromDialog(page, '1 day'); // a second link, revoked below, for the list's states

  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(await testPng(1200, 800), 'harbour.png');
  await studio.chooseKind('style');
  await studio.submit.click();
  await studio.ids();
  const editUrl = await shareFromDialog(page, '30 days');

  const card = await new VideosPage(page).createShort('A paper boat drifting across a calm pond at sunrise');
  await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'completed', { timeout: 200_000 });
  await card.click();
  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  const videoUrl = await shareFromDialog(page, '7 days');

  await page.goto('/settings/shares');
  // Newest first: the 1-day link of the board.
  const oneDay = page.getByTestId('share-link').filter({ hasText: 'lighthouse' }).first();
  await oneDay.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(oneDay).toHaveAttribute('data-state', 'revoked');

  const pages = { board: boardUrl, edit: editUrl, video: videoUrl };
  for (const locale of LOCALES) {
    for (const theme of THEMES) {
      const desktop = await visitor(browser, locale, theme, { width: 1440, height: 1000 });
      const guest = await desktop.newPage();
      for (const [name, url] of Object.entries(pages)) {
        await guest.goto(url);
        await settle(guest);
        await shot(guest, `share-${name}.${locale}.${theme}`);
      }
      await guest.goto(`/s/${'A'.repeat(43)}`);
      await shot(guest, `share-404.${locale}.${theme}`);
      await desktop.close();

      const phone = await visitor(browser, locale, theme, { width: 390, height: 844 });
      const mobile = await phone.newPage();
      for (const [name, url] of Object.entries({ board: boardUrl, edit: editUrl })) {
        await mobile.goto(url);
        await settle(mobile);
        await shot(mobile, `share-${name}-phone.${locale}.${theme}`);
      }
      await phone.close();

      await page.context().addCookies(prefs(locale, theme));
      await page.goto(boardPage);
      await page.getByTestId('share-button').click();
      const dialog = page.getByRole('dialog');
      await page.waitForTimeout(300);
      await shot(page, `share-dialog.${locale}.${theme}`, false);
      await dialog.getByTestId('share-create').click();
      await expect(dialog.getByTestId('share-url')).toBeVisible();
      await shot(page, `share-dialog-created.${locale}.${theme}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/settings/shares');
      await expect(page.getByTestId('share-link').first()).toBeVisible();
      await shot(page, `settings-shares.${locale}.${theme}`);
    }
  }
  await page.context().addCookies(prefs('zh-CN', 'dark'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/shares');
  await shot(page, 'settings-shares-phone.zh-CN.dark');
});

test('share gallery screenshots', async ({ page, browser }) => {
  await page.context().addCookies(prefs('en', 'light'));
  const prompt = 'a red lighthouse on a cliff at dusk, soft light, watercolour sky';
  const { id, images } = await storedBoard(page, prompt, ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-ink'], 2);
  await page.goto(await collectionOf(page, 'Coastline — client picks', images));
  const collectionUrl = await shareFromDialog(page, '30 days', { collection: true });
  await page.goto(`/compare/${id}`);
  const boardUrl = await shareFromDialog(page, 'Never');

  const sizes = { desktop: { width: 1440, height: 1000 }, phone: { width: 390, height: 844 } };
  for (const locale of LOCALES) {
    for (const [device, viewport] of Object.entries(sizes)) {
      const context = await visitor(browser, locale, 'light', viewport);
      const guest = await context.newPage();
      for (const [name, url] of Object.entries({ collection: collectionUrl, board: boardUrl })) {
        await guest.goto(url);
        await settle(guest);
        await shot(guest, `share-gallery-${name}-${device}.${locale}`);
        await guest.locator('a[data-gallery]').nth(2).click();
        const image = guest.getByTestId('gallery-image');
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        await shot(guest, `share-gallery-${name}-viewer-${device}.${locale}`, false);
        await guest.keyboard.press('Escape');
      }
      await context.close();
    }
  }
  const dark = await visitor(browser, 'zh-CN', 'dark', sizes.desktop);
  const guest = await dark.newPage();
  await guest.goto(collectionUrl);
  await settle(guest);
  await shot(guest, 'share-gallery-collection-desktop.zh-CN.dark');
  await dark.close();

  await page.goto(`/compare/${id}`);
  await page.getByTestId('share-button').click();
  await page.getByRole('dialog').getByTestId('share-show-prompt').uncheck();
  await shot(page, 'share-gallery-dialog.en', false);
  await page.keyboard.press('Escape');
  await page.goto('/settings/shares');
  await shot(page, 'share-gallery-settings.en');
});
