import type { Page } from '@playwright/test';

/**
 * Creates a link from the Share dialog on `page` (UI in English) and returns its URL: of the result
 * shown, or with `collection` of the collection shown.
 */
export async function shareFromDialog(page: Page, expiry = '7 days', { collection = false } = {}): Promise<string> {
  await page.getByRole('button', { name: collection ? 'Share collection' : 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: collection ? 'Share this collection' : 'Share this result' });
  await dialog.getByText(expiry, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-url').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return url;
}
