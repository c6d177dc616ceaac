import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectInStudio, signUp } from './support/accounts';

test('invites a member by link, who joins with that role', async ({ page, browser }) => {
  await page.goto('/settings/team');
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(new RegExp('/invite/[A-Za-z0-9_-]{20,}$'));

  const invitee = await browser.newContext({
    storageState: {
      cookies: [{ name: 'atelier-locale', value: 'en', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [],
    },
  });
  const guest = await invitee.newPage();
  await guest.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
  await expect(guest.getByText('You’re invited')).toBeVisible();
  await guest.getByRole('link', { name: 'Create an account' }).click();
  await guest.waitForURL(/\/sign-up\?callbackUrl=/);
  await signUp(guest, { name: 'Ivan Invitee', email: 'invitee@e2e.test', password: 'invitee-password' }, guest.url());
  await guest.getByRole('button', { name: 'Accept and join' }).click();
  await expectInStudio(guest);
  await guest.goto('/settings/team');
  await expect(guest.getByText('owner@e2e.test')).toBeVisible();
  await invitee.close();

  await page.reload();
  const row = page.getByRole('row', { name: /invitee@e2e\.test/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('combobox')).toHaveValue('member');
  // The link works once.
  const again = await browser.newContext();
  const other = await again.newPage();
  await other.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
  await expect(other.getByText(/can’t be used|无法使用/)).toBeVisible();
  await again.close();

  // Removing asks first, then the member is gone from the team.
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
});

test('creates a team from the team menu, switches to it as owner', async ({ page }) => {
  await page.goto('/edit');
  await page.getByRole('button', { name: 'Switch team' }).first().click();
  await page.getByRole('menuitem', { name: 'Create team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create team' });
  await dialog.getByLabel('Team name').fill('Brand studio');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await expect(page.getByText('Team created')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Team name' })).toHaveValue('Brand studio');
});
