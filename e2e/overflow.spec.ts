import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signUpNewTeam, visit } from './support/accounts';
import { CompareBoardPage } from './support/compare-board';
import { overflowProblems } from './support/overflow';
import { shotPath } from './support/screenshots';

// Nothing is cut off or scrolls sideways, in either language, on a desktop and on a phone: the
// board, its viewer, the library, the dashboard, the requests log and settings (the studio's pages
// have their own spec). One new team with a little data; SCREENSHOTS=1 keeps a picture of each.
test.setTimeout(240_000);

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LOCALES = ['en', 'zh-CN'] as const;

async function expectNothingCut(page: Page, shot: string, fullPage = true) {
  // Fonts and images in place before measuring.
  await page.evaluate(() => document.fonts.ready);
  // Soft: one run names every page that is wrong.
  expect.soft(await page.evaluate(overflowProblems), shot).toEqual([]);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath(`overflow-${shot}.png`), fullPage });
}

test('no page scrolls sideways or cuts a label off, in English and Chinese, at 1440×900 and 390×844', async ({ browser }) => {
  const page = await signUpNewTeam(browser, 'Wide Layout', 'overflow@e2e.test');
  const context = page.context();
  // A little of everything: a board of two models (two images each), a collection with a long name.
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({
    prompt: 'a lighthouse keeper’s cottage on a windswept headland at dusk, warm light in the windows',
    models: ['atelier-aquarelle', 'atelier-mosaic'],
    n: 2,
  });
  const boardId = await board.run();
  await board.archived();
  await visit(page, '/library');
  await page.getByLabel('Collection name').fill('Spring campaign — client picks');
  await page.getByRole('button', { name: 'New collection' }).click();
  await expect(page).toHaveURL(/collection=/);
  await page.goto('/library');
  const item = (await page.getByTestId('library-item').first().getAttribute('href'))!;

  const pages: Array<[string, string, (page: Page) => Promise<void>]> = [
    ['board', `/compare/${boardId}`, (p) => expect(p.getByTestId('board-column')).toHaveCount(2)],
    ['compare', '/compare', (p) => expect(p.getByTestId('history-item').first()).toBeVisible()],
    ['library', '/library', (p) => expect(p.getByTestId('library-item').first()).toBeVisible()],
    ['library-item', item, (p) => expect(p.locator('main img').first()).toBeVisible()],
    ['dashboard', '/dashboard', (p) => expect(p.getByTestId('stat-range')).toBeVisible()],
    ['requests', '/dashboard/requests', (p) => expect(p.locator('main table, main [data-testid]').first()).toBeVisible()],
    ['budgets', '/dashboard/budgets', (p) => expect(p.locator('main form').first()).toBeVisible()],
    ['settings', '/settings', (p) => expect(p.locator('main h2').first()).toBeVisible()],
    ['settings-team', '/settings/team', (p) => expect(p.locator('main h2').first()).toBeVisible()],
    ['settings-shares', '/settings/shares', (p) => expect(p.locator('main h2, main h3').first()).toBeVisible()],
    [
      'settings-api-keys',
      '/settings/api-keys',
      async (p) => {
        await p.getByRole('button', { name: /^(New API key|新建 API 密钥)$/ }).click();
        await expect(p.locator('main form').first()).toBeVisible();
      },
    ],
    ['settings-alerts', '/settings/alerts', (p) => expect(p.locator('main form').first()).toBeVisible()],
  ];

  for (const locale of LOCALES) {
    await context.addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const at = `${locale}.${viewport.name}`;
      for (const [label, url, ready] of pages) {
        await visit(page, url);
        await ready(page);
        await expectNothingCut(page, `${label}.${at}`);
      }

      // The board's viewer, on an image and side by side.
      await visit(page, `/compare/${boardId}`);
      await board.column('atelier-mosaic').locator('[data-testid="board-image"] button').last().click();
      const viewer = page.getByTestId('compare-viewer');
      await expect(viewer.getByTestId('viewer-position')).toHaveText(locale === 'en' ? 'atelier-mosaic · 2 of 2' : 'atelier-mosaic · 第 2 张，共 2 张');
      await expectNothingCut(page, `viewer.${at}`, false);
      await page.keyboard.press('s');
      await expect(viewer).toHaveAttribute('data-layout', 'side');
      await expectNothingCut(page, `viewer-side.${at}`, false);
      await page.keyboard.press('s');
      await expect(viewer).toHaveAttribute('data-layout', 'swipe');
      await expectNothingCut(page, `viewer-swipe.${at}`, false);
    }
  }

  // Chinese readers read the models we know in Chinese (the service describes them in English).
  await page.setViewportSize(VIEWPORTS[0]);
  await visit(page, `/compare/${boardId}`);
  await page.getByRole('button', { name: '修改设置' }).click();
  await expect(page.getByText('纸上水彩', { exact: true })).toBeVisible();
  await expect(page.getByText('Watercolour on paper', { exact: true })).toHaveCount(0);
  // In the API key form, a field with a hint beside one without: both controls on one line.
  await visit(page, '/settings/api-keys');
  await page.getByRole('button', { name: '新建 API 密钥' }).click();
  const top = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!.y;
  expect(await top('名称')).toBe(await top('代表成员'));
  await context.close();
});
