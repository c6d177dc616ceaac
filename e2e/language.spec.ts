import { ownerState } from '../playwright.config';
import { expect, test } from '@playwright/test';

test('switches the whole UI between English and Chinese', async ({ page }) => {
  await page.goto('/edit');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Compare' })).toBeVisible();
  await page.getByRole('button', { name: 'Language' }).first().click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('navigation').first().getByRole('link', { name: '对比' })).toBeVisible();
  await page.getByRole('button', { name: '语言' }).first().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('follows the browser language when no choice was made', async ({ browser }) => {
  const context = await browser.newContext({ storageState: ownerState, locale: 'zh-CN', extraHTTPHeaders: { 'accept-language': 'zh-CN,zh;q=0.9' } });
  await context.clearCookies({ name: 'atelier-locale' });
  const page = await context.newPage();
  await page.goto('/edit');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await context.close();
});
