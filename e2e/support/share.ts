import type { Page } from '@playwright/test';

/** Creates a link from the Share dialog of the result on `page` (UI in English) and returns its URL. */
export async function shareFromDialog(page: Page, expiry = '7 days'): Promise<string> {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this result' });
  await dialog.getByText(expiry, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-url').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return url;
}
