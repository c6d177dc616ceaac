import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { OWNER } from './support/accounts';
import { CompareBoardPage } from './support/compare-board';
import { shareFromDialog } from './support/share';

// Share links: the signed-in owner shares a board; a visitor with no session opens it; revoking it
// from Settings, or its expiry passing, turns the link into a 404. Expiry is also covered on both
// databases in test/integration/share-links.test.ts.

test('a shared board opens with no session, shows only the result, and answers 404 once revoked', async ({ page, browser }) => {
  const prompt = `a lighthouse to share ${randomUUID().slice(0, 8)}`;
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt, models: ['atelier-vista', 'atelier-mosaic'] });
  await board.run();
  await board.archived(); // a share shows stored images only
  const total = (await page.getByTestId('board-total').textContent())!;

  const url = await shareFromDialog(page);
  expect(url).toMatch(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{43}$`));

  // A fresh context with an explicitly empty state (Playwright would otherwise apply the project's
  // signed-in storageState to browser.newContext too): no session cookie at all.
  const visitor = await browser.newContext({ locale: 'en-US', storageState: { cookies: [], origins: [] } });
  expect(await visitor.cookies()).toEqual([]);
  const guest = await visitor.newPage();
  const opened = await guest.goto(url);
  expect(opened!.status()).toBe(200);
  await expect(guest).toHaveURL(url);
  await expect(guest.getByTestId('shared-prompt')).toHaveText(prompt);
  await expect(guest.getByTestId('shared-column')).toHaveCount(2);
  const images = guest.getByTestId('shared-image');
  await expect(images).toHaveCount(2);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/^\/s\/[A-Za-z0-9_-]{43}\/media\/[0-9a-f-]{36}$/);
  }

  // Link previews: Open Graph and Twitter tags, and no indexing.
  const meta = (selector: string) => guest.locator(selector).first().getAttribute('content');
  expect(await meta('meta[property="og:title"]')).toContain(prompt);
  expect(await meta('meta[property="og:description"]')).toBe(prompt);
  const ogImage = (await meta('meta[property="og:image"]'))!;
  expect(ogImage).toMatch(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{43}/media/[0-9a-f-]{36}\\?w=1024$`));
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await meta('meta[name="robots"]')).toContain('noindex');
  const preview = await visitor.request.get(ogImage);
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toBe('image/webp');
  expect(preview.headers()['cache-control']).toBe('private, no-cache');
  // Crawlers get the tags in the document head.
  const crawled = await (await visitor.request.get(url, { headers: { 'user-agent': 'Twitterbot/1.0' } })).text();
  expect(crawled.split('</head>')[0]).toContain('property="og:image"');

  // Nothing else of the team: no cost, no owner, no team name, no studio navigation.
  const html = await guest.content();
  for (const secret of [OWNER.email, OWNER.name, total]) expect(html).not.toContain(secret);
  await expect(guest.locator('body')).not.toContainText('¥');
  await expect(guest.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

  // Revoked from Settings → 404 for the page and its files.
  await page.goto('/settings/shares');
  const row = page.getByTestId('share-link').filter({ hasText: prompt });
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row).toContainText('by you');
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  const gone = await guest.goto(url);
  expect(gone!.status()).toBe(404);
  await expect(guest.getByRole('heading', { name: 'This link isn’t available' })).toBeVisible();
  expect((await visitor.request.get(ogImage)).status()).toBe(404);
  expect((await visitor.request.get(`${baseURL}/s/${'A'.repeat(43)}`)).status()).toBe(404);
  await visitor.close();
});

// An expired link: e2e/share-expiry.spec.ts (it needs PostgreSQL to move time, so it runs its own server).
