import { createHash } from 'node:crypto';
import { signUp } from '../../e2e/support/accounts';
import { CompareBoardPage } from '../../e2e/support/compare-board';
import { shareFromDialog } from '../../e2e/support/share';
import { expect, sharedAtelier, test } from './support/fixtures';

// An expired link answers 404. Expiry is at least a day away, so time is moved in the database:
// this test uses the suite's shared Atelier on PostgreSQL (the browser suite's server holds PGlite
// in-process), creates and shares a board through the UI, then moves the link's expiry.

const atelier = sharedAtelier('postgres');

test('an expired share link answers 404, and so do its images', async ({ browser }) => {
  test.setTimeout(180_000);
  const english = {
    name: 'atelier-locale',
    value: 'en',
    domain: '127.0.0.1',
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  const owner = await browser.newContext({ baseURL: atelier.origin, storageState: { cookies: [english], origins: [] } });
  const page = await owner.newPage();
  await signUp(page, { name: 'Eli Expiry', email: 'expiry@e2e.test', password: 'expiry-password-1' });
  await expect(page).toHaveURL(/\/edit$/);
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'a harbour that expires', models: ['atelier-pixel'], n: 1 });
  await board.run();
  await expect(page.locator('img[data-asset-id]').first()).toBeVisible({ timeout: 30_000 });
  const url = await shareFromDialog(page, '1 day');

  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  expect((await guest.goto(url))!.status()).toBe(200);
  const image = (await guest.getByTestId('shared-image').first().getAttribute('src'))!;
  expect((await visitor.request.get(new URL(image, atelier.origin).toString())).status()).toBe(200);

  const tokenHash = createHash('sha256').update(url.split('/').at(-1)!).digest('hex');
  const moved = await atelier.sql!.query(`UPDATE "ShareLink" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [tokenHash]);
  expect(moved.rowCount).toBe(1);

  expect((await guest.goto(url))!.status()).toBe(404);
  expect((await visitor.request.get(new URL(image, atelier.origin).toString())).status()).toBe(404);
  await page.goto('/settings/shares');
  await expect(page.getByTestId('share-link').filter({ hasText: 'a harbour that expires' })).toHaveAttribute('data-state', 'expired');
  await visitor.close();
  await owner.close();
});
