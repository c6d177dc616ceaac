import { expect, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';

export interface LibraryItem {
  id: string;
  generationId: string;
  prompt: string;
  model: string;
  state: string;
  assetId: string | null;
}

/** A board through the route the compare page calls, once all its images are stored: its id and its images as the library lists them. */
export async function storedBoard(page: Page, prompt: string, models: string[], n: number): Promise<{ id: string; images: LibraryItem[] }> {
  const made = await page.request.post('/api/compare', {
    headers: { origin: baseURL },
    data: { prompt, models, size: '1024x1024', n, background: 'opaque', seed: 11 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  let images: LibraryItem[] = [];
  await expect
    .poll(
      async () => {
        const { items } = (await (await page.request.get('/api/library')).json()) as { items: LibraryItem[] };
        images = items.filter((item) => item.generationId === id);
        return images.filter((item) => item.state === 'archived' && item.assetId).length;
      },
      { timeout: 60_000 },
    )
    .toBe(models.length * n);
  return { id, images };
}

/** A new collection of `images`, made and filled through the library (each item's page adds it); its library URL. */
export async function collectionOf(page: Page, name: string, images: LibraryItem[]): Promise<string> {
  await page.goto('/library');
  await page.getByRole('textbox', { name: 'Collection name' }).fill(name);
  await page.getByRole('button', { name: 'New collection' }).click();
  await expect(page).toHaveURL(/\/library\?collection=[0-9a-f-]{36}$/);
  const url = page.url();
  for (const image of images) {
    await page.goto(`/library/${image.id}`);
    await page.getByRole('combobox', { name: 'Choose a collection' }).selectOption({ label: name });
    await page.getByRole('button', { name: 'Add to collection' }).click();
    await expect(page.getByText(`Added to “${name}”`)).toBeVisible();
  }
  return url;
}
