import { expect, test } from '@playwright/test';
import { baseURL, ownerState } from '../playwright.config';
import { expectInStudio, OWNER } from './support/accounts';

test.describe('signed out', () => {
  test.use({
    storageState: {
      cookies: [{ name: 'atelier-locale', value: 'en', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [],
    },
  });

  test('studio pages send visitors to sign in', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('signs in with the right password only', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectInStudio(page);
  });

  test('refuses a second account for the same email', async ({ page }) => {
    await page.goto('/sign-up');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(OWNER.email.toUpperCase());
    await page.getByLabel('Password').fill('another-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this email already exists.')).toBeVisible();
  });
});

test('health is liveness; readiness reports database, migrations and storage', async ({ request }) => {
  const health = await request.get(`${baseURL}/api/health`);
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await request.get(`${baseURL}/api/ready`);
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok', migrations: 'current' });
});

test('signs out this session only', async ({ browser }) => {
  // A session of its own: signing out ends it server-side, so the suite's shared one must stay out of it.
  const context = await browser.newContext({
    storageState: {
      cookies: [{ name: 'atelier-locale', value: 'en', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [],
    },
  });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectInStudio(page);
  const signedIn = await context.cookies();
  await page.getByRole('button', { name: 'Account' }).first().click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // The very cookie that was signed out no longer opens the studio, even put back by hand.
  await context.addCookies(signedIn);
  await page.goto('/edit');
  await expect(page).toHaveURL(/\/sign-in/);
  await context.close();
  // The owner's other session goes on.
  const other = await browser.newContext({ storageState: ownerState });
  const studio = await other.newPage();
  await studio.goto('/edit');
  await expectInStudio(studio);
  await other.close();
});
