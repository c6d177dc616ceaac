import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL, dataDir } from '../playwright.config';
import { expectInStudio, signUp } from './support/accounts';

const MY_KEY = 'sk-e2e-secret-7f3a9c1b5d2e8f40-WXYZ';

test('a new account has a provisioned key, shown only as its last 4', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByText('Provisioned automatically')).toBeVisible();
  await expect(page.getByLabel(/^•••• .{4}$/).first()).toBeVisible();
});

test('stores a key of its own, and no page, response or bundle ever carries a key', async ({ browser }) => {
  // A user of its own: the owner's working key stays in place for the feature tests.
  const context = await browser.newContext({
    storageState: {
      cookies: [
        { name: 'atelier-locale', value: 'en', domain: new URL(baseURL).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
      ],
      origins: [],
    },
  });
  const page = await context.newPage();
  await signUp(page, { name: 'Kim Keys', email: 'keys@e2e.test', password: 'keys-password-1' });
  await expectInStudio(page);
  const bodies: string[] = [];
  page.on('response', async (response) => {
    try {
      bodies.push(await response.text());
    } catch {
      // redirects and aborted requests have no body
    }
  });
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Replace' }).first().click();
  await page.getByLabel('Service key').fill(MY_KEY);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByText('Added by you')).toBeVisible();
  await expect(page.getByLabel('•••• WXYZ')).toBeVisible();

  for (const route of ['/edit', '/compare', '/videos', '/library', '/dashboard', '/settings', '/settings/team']) {
    const html = await (await page.request.get(route)).text();
    bodies.push(html);
  }
  await page.reload();
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
  const forbidden = [MY_KEY, MY_KEY.slice(0, 20), ...Object.values(secrets)];
  for (const body of bodies) for (const secret of forbidden) expect(body.includes(secret), `a response contains ${secret.slice(0, 6)}…`).toBe(false);

  // The client bundles hold no secret either.
  const files = (await readdir('.next/static', { recursive: true })).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  for (const name of files) {
    const file = path.join('.next/static', name);
    const js = await readFile(file, 'utf8');
    for (const secret of forbidden) expect(js.includes(secret), `${file} contains a secret`).toBe(false);
  }
  // Nor does anything the server logged.
  const log = await readFile(path.join(dataDir, 'server.log'), 'utf8');
  for (const secret of forbidden) expect(log.includes(secret), 'the server log contains a secret').toBe(false);
  await context.close();
});
