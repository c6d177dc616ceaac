import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signUp } from './support/accounts';
import { CompareBoardPage } from './support/compare-board';
import { SCREENSHOT_DIR as dir } from './support/screenshots';
import { VideosPage } from './support/videos';

// Screenshots of the cost dashboard and budgets for review, in both languages and both themes:
// `SCREENSHOTS=1 npx playwright test e2e/dashboard-screenshots.spec.ts`.
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the dashboard screenshots');
test.setTimeout(300_000);

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
const prefs = (locale: string, theme: string) => [
  { name: 'atelier-locale', value: locale, url: baseURL },
  { name: 'atelier-theme', value: theme, url: baseURL },
];

test('dashboard screenshots', async ({ browser }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 1000 }, storageState: { cookies: [], origins: [] } });
  await context.addCookies(prefs('en', 'light'));
  const page = await context.newPage();
  await signUp(page, { name: 'Mei Lin', email: 'screens-dashboard@e2e.test', password: 'dashboard-password-1' });
  await expect(page).toHaveURL(/\/edit$/);

  for (const locale of ['en', 'zh-CN'] as const) {
    await context.addCookies(prefs(locale, 'light'));
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-range')).toBeVisible();
    await shot(page, `dashboard-empty.${locale}`);
  }

  await context.addCookies(prefs('en', 'light'));
  const board = new CompareBoardPage(page);
  const runs: Array<[string, string[], number]> = [
    ['a red lighthouse on a cliff at dusk', ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-pixel'], 2],
    ['a quiet harbour in the rain', ['atelier-ink', 'atelier-vista'], 1],
    ['a paper boat on a pond', ['atelier-pixel'], 4],
  ];
  for (const [prompt, models, n] of runs) {
    await board.open();
    await board.fill({ prompt, models, n });
    await board.run();
  }
  await page.goto('/dashboard/budgets');
  await page.getByLabel('Monthly budget (¥)').first().fill('1.20');
  await page.getByRole('button', { name: 'Save budgets' }).click();
  await expect(page.getByText('Budgets saved')).toBeVisible();

  for (const locale of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await context.addCookies(prefs(locale, theme));
      await page.goto('/dashboard?range=7d');
      await expect(page.getByTestId('daily-bar').first()).toBeVisible();
      await shot(page, `dashboard-filled.${locale}.${theme}`);
      await page.goto('/dashboard/budgets');
      await expect(page.getByRole('button', { name: /Save budgets|保存预算/ })).toBeVisible();
      await shot(page, `dashboard-budgets.${locale}.${theme}`);
    }
  }
  // Dashboard → Requests: members' calls by default; the system's (model list, video polls) when asked.
  await context.addCookies(prefs('en', 'light'));
  await new VideosPage(page).createShort('a tide coming in');
  await expect
    .poll(
      async () => {
        await page.goto('/dashboard/requests?origin=system');
        return page.locator('tr[data-system]').count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  for (const locale of ['en', 'zh-CN'] as const) {
    await context.addCookies(prefs(locale, 'light'));
    for (const [name, query] of [
      ['requests', ''],
      ['requests-all', '?origin=all'],
    ] as const) {
      await page.goto(`/dashboard/requests${query}`);
      await expect(page.getByTestId('request-log')).toBeVisible();
      await shot(page, `dashboard-${name}.${locale}`);
    }
  }
  await context.addCookies(prefs('zh-CN', 'light'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('daily-bar').first()).toBeVisible();
  await shot(page, 'dashboard-phone.zh-CN');
  await context.close();
});
