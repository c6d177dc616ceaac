import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { EditStudio, testPng } from './support/edit-studio';
import { shotPath } from './support/screenshots';

// Each selection tool at work, in both languages, at 1440 px and at 390 px with touch: SCREENSHOTS=1.
test.skip(!process.env.SCREENSHOTS, 'screenshots only on request');

const W = 1200;
const H = 800;

async function studioAt(page: Page, locale: string) {
  await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
  const studio = new EditStudio(page);
  await studio.open();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await testPng(W, H) });
  await expect(studio.canvas).toBeVisible();
  await page.locator('input[name="edit-kind"][value="local"]').check({ force: true });
  const box = (await studio.canvas.boundingBox())!;
  const zoom = Math.min((box.width - 32) / W, (box.height - 32) / H);
  const at = ([x, y]: [number, number]) => [box.x + (box.width - W * zoom) / 2 + x * zoom, box.y + (box.height - H * zoom) / 2 + y * zoom] as const;
  const useTool = (name: string) => page.locator(`[role="toolbar"] [role="group"]`).first().getByRole('button').nth(TOOLS.indexOf(name)).click();
  return { studio, at, useTool };
}

const TOOLS = ['brush', 'rect', 'ellipse', 'lasso', 'polygon', 'wand'];

/** The toolbar's "More" panel, opened if it is shut. */
async function openMore(page: Page, locale: string) {
  const button = page.getByRole('button', { name: locale === 'en' ? 'More' : '更多', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}
/** The overlay's colour swatches (in the open "More" panel). */
const overlayColours = (page: Page) => page.locator('[role="toolbar"] [role="group"]').last().locator('button[style]');

for (const locale of ['en', 'zh-CN'] as const) {
  test.describe(`selection tools in ${locale}`, () => {
    test.use({ viewport: { width: 1440, height: 1000 } });
    test('each tool', async ({ page }) => {
      const { at, useTool } = await studioAt(page, locale);
      const shot = (name: string) => page.screenshot({ path: shotPath(`mask-${name}-${locale}.png`) });

      await useTool('rect');
      await page.mouse.move(...at([120, 120]));
      await page.mouse.down();
      await page.mouse.move(...at([420, 360]), { steps: 5 });
      await page.mouse.up();
      await shot('rect');

      await useTool('ellipse');
      await page.keyboard.down('Alt');
      await page.mouse.move(...at([200, 180]));
      await page.mouse.down();
      await page.mouse.move(...at([340, 300]), { steps: 5 });
      await page.mouse.up();
      await page.keyboard.up('Alt');
      await shot('ellipse-subtract');

      await useTool('lasso');
      await page.mouse.move(...at([700, 150]));
      await page.mouse.down();
      for (let i = 1; i <= 36; i++) {
        const a = (i / 36) * Math.PI * 2;
        await page.mouse.move(...at([860 + 160 * Math.cos(a) - 160, 300 + 120 * Math.sin(a) * (1 + 0.2 * Math.sin(3 * a))]));
      }
      await page.mouse.up();
      await shot('lasso');

      await useTool('polygon');
      for (const p of [
        [300, 500],
        [600, 460],
        [700, 700],
        [360, 740],
      ] as Array<[number, number]>)
        await page.mouse.click(...at(p));
      await page.mouse.move(...at([330, 620]));
      await shot('polygon-open');
      await page.keyboard.press('Enter');

      await useTool('wand');
      await page.mouse.click(...at([520, 420]));
      await openMore(page, locale);
      await overlayColours(page).nth(1).click(); // the second overlay colour
      await page.keyboard.press('Escape');
      await shot('wand-cyan');

      await openMore(page, locale);
      await page.getByRole('button', { name: locale === 'en' ? 'Grow' : '扩大', exact: true }).click();
      await shot('more-open');
      await useTool('brush');
      await page.mouse.move(...at([900, 600]));
      await shot('grown-brush');
      // Back to the default colour for the next run.
      await openMore(page, locale);
      await overlayColours(page).nth(0).click();
    });
  });

  test.describe(`the studio at 1440×900, ${locale}`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    test('fits the screen', async ({ page }) => {
      const { studio } = await studioAt(page, locale);
      await page.mouse.move(700, 500);
      await page.screenshot({ path: shotPath(`studio-1440x900-${locale}.png`) });
      const box = (await page.getByTestId('edit-submit').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(900);
      await page.getByTestId('history-open').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: shotPath(`studio-history-${locale}.png`) });
      await page.keyboard.press('Escape');
      // A result, with its steps under it.
      await page.locator('input[name="edit-kind"][value="style"]').check({ force: true });
      await page.getByTestId('edit-submit').click();
      await expect(studio.result).toBeVisible({ timeout: 45_000 });
      await page.getByTestId('before-after').getByRole('slider').fill('30');
      await expect(page.getByTestId('version')).toHaveCount(2);
      // The steps take their room from the canvas.
      await page.screenshot({ path: shotPath(`studio-result-${locale}.png`), fullPage: true });
    });
  });

  test.describe(`the studio at 390 px with touch, ${locale}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    test('narrow', async ({ page }) => {
      const { studio } = await studioAt(page, locale);
      // A finger on the canvas: the hints turn to gestures.
      await studio.canvas.tap();
      await expect(page.getByTestId('mask-hints')).toContainText(locale === 'en' ? 'Pinch to zoom' : '双指捏合缩放');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shotPath(`studio-390x844-${locale}.png`) });
      await page.screenshot({ path: shotPath(`mask-narrow-${locale}.png`), fullPage: true });
      // Nothing sticks out sideways: the page does not scroll horizontally.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}
