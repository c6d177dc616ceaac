import { expect, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';

export const OWNER = { name: 'Olivia Owner', email: 'owner@e2e.test', password: 'owner-password-1' };

/** Fills and submits the sign-up form, in English, and waits for the studio. */
export async function signUp(page: Page, account: { name: string; email: string; password: string }, from = '/sign-up') {
  await visit(page, from);
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Pins the UI to English for selectors, whatever the browser prefers. */
export async function useEnglish(page: Page) {
  await page.context().addCookies([{ name: 'atelier-locale', value: 'en', url: page.url().startsWith('http') ? page.url() : 'http://127.0.0.1' }]);
}

/** Waits until the page has hydrated (components/hydration-mark.tsx): a click before that does nothing. */
export async function live(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** Goes to `url` and waits until the page is live, for a spec that clicks or types on it next. */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await live(page);
}

export async function expectInStudio(page: Page) {
  await expect(page).toHaveURL(/\/edit$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
}

/**
 * A new person with a team of their own, signed up in a fresh context (Playwright would otherwise
 * hand it the project's signed-in owner), in English; their studio page.
 */
export async function signUpNewTeam(browser: Browser, name: string, email: string, options: { timezoneId?: string } = {}): Promise<Page> {
  const english = {
    name: 'atelier-locale',
    value: 'en',
    domain: new URL(baseURL).hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  const context = await browser.newContext({ baseURL, storageState: { cookies: [english], origins: [] }, ...options });
  const page = await context.newPage();
  await signUp(page, { name, email, password: `${name.toLowerCase().replace(/\W+/g, '-')}-password-1` });
  await expect(page).toHaveURL(/\/edit$/);
  return page;
}
