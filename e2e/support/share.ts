import type { Page } from '@playwright/test';

/**
 * Creates a link from the Share dialog on `page` (UI in English) and returns its URL: of the result
 * shown, or with `collection` of the collection shown; `hide` unticks what the page should leave out.
 */
export async function shareFromDialog(
  page: Page,
  expiry = '7 days',
  { collection = false, hide = [] }: { collection?: boolean; hide?: Array<'prompt' | 'model' | 'size'> } = {},
): Promise<string> {
  await page.getByRole('button', { name: collection ? 'Share collection' : 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: collection ? 'Share this collection' : 'Share this result' });
  await dialog.getByText(expiry, { exact: true }).click();
  for (const what of hide) await dialog.getByTestId(`share-show-${what}`).uncheck();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-url').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  return url;
}
