import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signUpNewTeam } from './support/accounts';
import { shotPath } from './support/screenshots';

// The library as one live view: a search follows the keys without a reload (the address kept in
// step, so reloading shows the same), tags put on a result and on a selection, filtered by and
// managed by the owner, results dragged (or sent with C) to a collection, and the trash's cards
// each with their days left and their own Restore.

const QUICK = ['atelier-pixel', 'atelier-mosaic'];

async function board(page: Page, prompt: string) {
  const response = await page.request.post('/api/compare', {
    headers: { origin: baseURL },
    data: { prompt, models: QUICK, size: '1024x1024', n: 1, background: 'opaque', seed: 3 },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const items = (page: Page) => page.getByTestId('library-item');
const search = (page: Page) => page.getByRole('searchbox');

/** The count the route gives for a query, when it gives one (the search's work adds it). */
async function routeCount(page: Page, query: string): Promise<number | null> {
  const answer = (await (await page.request.get(`/api/library?${query}`)).json()) as { total?: number };
  return typeof answer.total === 'number' ? answer.total : null;
}

test('the library searches as one types, tags results, drops them on collections and restores from the trash', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signUpNewTeam(browser, 'Liv Live', 'library-live@e2e.test');
  await board(page, 'a lighthouse on the rocks at dusk');
  await board(page, 'a red balloon over the city');
  await board(page, '海边的灯塔，黄昏时分');

  // Every document the tab loads from here on: a live search loads none.
  await page.goto('/library');
  await expect(items(page)).toHaveCount(6);
  const documents: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'document' && documents.push(request.url())));
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));

  await search(page).pressSequentially('balloon', { delay: 40 });
  await expect(items(page)).toHaveCount(2);
  for (const text of await items(page).allTextContents()) expect(text).toContain('red balloon');
  await expect(page).toHaveURL(/\/library\?q=balloon$/);
  const count = await routeCount(page, 'q=balloon');
  if (count !== null) await expect(page.getByTestId('result-count')).toHaveText(`${count} results`);
  // Another filter, live too: no video matches; cleared, the search is back.
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('video');
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  await expect(page).toHaveURL(/kind=video/);
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('');
  await expect(items(page)).toHaveCount(2);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
  expect(documents).toEqual([]);
  // The address is the search: reloading it shows the same.
  await page.reload();
  await expect(search(page)).toHaveValue('balloon');
  await expect(items(page)).toHaveCount(2);

  // Tags on a result's page: one typed, one of the prompt's words suggested; a chip taken off.
  await items(page).first().click();
  await page.getByRole('combobox', { name: 'Tag name' }).fill('Balloons');
  await page.getByRole('button', { name: 'Add tag' }).click();
  const chips = page.getByTestId('item-tags').getByRole('listitem');
  await expect(chips).toHaveText(['Balloons']);
  await page.getByRole('button', { name: 'Add the tag “city”' }).click();
  await expect(chips).toHaveText(['Balloons', 'city']);
  await page.getByRole('button', { name: 'Remove the tag “city”' }).click();
  await expect(chips).toHaveText(['Balloons']);
  if (process.env.SCREENSHOTS) {
    for (const locale of ['en', 'zh-CN']) {
      await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
      await page.reload();
      await expect(page.getByTestId('item-media')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath(`library-item-tags.${locale}.png`) });
    }
    await page.context().addCookies([{ name: 'atelier-locale', value: 'en', url: baseURL }]);
  }

  // A tag for a selection: the lighthouses (in both languages) at once.
  await page.goto('/library?q=rocks');
  await expect(items(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('button', { name: 'Select all 2 shown' }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Selected results' });
  await toolbar.getByRole('combobox', { name: 'Tag name' }).fill('Lighthouse');
  await toolbar.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('“Lighthouse” added to 2 results')).toBeVisible();
  // The Chinese board is the newest: its first image, under the same tag typed in another case.
  await page.goto('/library');
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await items(page).first().click();
  await toolbar.getByRole('combobox', { name: 'Tag name' }).fill('lighthouse');
  await toolbar.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('Tagged “Lighthouse”')).toBeVisible();

  // The tag filter, live.
  await page.goto('/library');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('Lighthouse');
  await expect(items(page)).toHaveCount(3);
  await expect(page).toHaveURL(/\/library\?tag=Lighthouse$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
  if (process.env.SCREENSHOTS) {
    await search(page).fill('灯塔');
    await expect(page).toHaveURL(/q=/);
    for (const locale of ['en', 'zh-CN']) {
      await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
      await page.reload();
      await expect(items(page).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath(`library-live-tags.${locale}.png`) });
    }
    await page.context().addCookies([{ name: 'atelier-locale', value: 'en', url: baseURL }]);
    await page.goto('/library?tag=Lighthouse');
  }

  // The owner manages the tags: renamed, then 'Balloons' merged into it.
  await page.getByRole('button', { name: 'Manage tags' }).click();
  const manager = page.getByRole('dialog', { name: 'Manage tags' });
  await manager.getByRole('textbox', { name: 'New name for “Lighthouse”' }).fill('Lighthouses');
  await manager.getByRole('textbox', { name: 'New name for “Lighthouse”' }).press('Enter');
  await expect(page.getByText('Tag renamed')).toBeVisible();
  await manager.getByRole('combobox', { name: 'Merge “Balloons” into' }).selectOption({ label: 'Lighthouses' });
  await expect(page.getByText('Tags merged')).toBeVisible();
  // Left: the one kept, and 'city', which no result carries any more (a tag stays until merged).
  await expect(manager.getByRole('listitem')).toHaveCount(2);
  await manager.getByRole('button', { name: 'Close' }).click();
  await page.goto('/library?tag=lighthouses');
  await expect(items(page)).toHaveCount(4);

  // Collections: a result dragged onto one, another sent there with C and the list.
  await page.goto('/library');
  await page.getByRole('textbox', { name: 'Collection name' }).fill('Picks');
  await page.getByRole('button', { name: 'New collection' }).click();
  await expect(page).toHaveURL(/collection=/);
  await page.goto('/library');
  const picks = page.getByTestId('collection-chip').filter({ hasText: 'Picks' });
  await items(page).nth(0).dragTo(picks);
  await expect(page.getByText('Added to “Picks”')).toBeVisible();
  await expect(picks).toContainText('1');
  await items(page).nth(1).focus();
  await page.keyboard.press('c');
  const list = page.getByRole('dialog', { name: 'Add 1 result to a collection' });
  await expect(list.getByRole('button', { name: /Picks/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picks).toContainText('2');

  // The trash: each card says how long it stays and restores on its own.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await items(page).nth(0).click();
  await items(page).nth(1).click();
  await page.getByRole('toolbar', { name: 'Selected results' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(items(page)).toHaveCount(4);
  await page.goto('/library?trash=1');
  await expect(items(page)).toHaveCount(2);
  await expect(page.getByTestId('days-left')).toHaveText(['30 days left', '30 days left']);
  if (process.env.SCREENSHOTS) {
    for (const locale of ['en', 'zh-CN']) {
      await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
      await page.reload();
      await expect(items(page)).toHaveCount(2);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath(`library-trash-cards.${locale}.png`) });
    }
    await page.context().addCookies([{ name: 'atelier-locale', value: 'en', url: baseURL }]);
    await page.reload();
  }
  await page.getByTestId('library-grid').getByRole('button', { name: 'Restore' }).first().click();
  await expect(items(page)).toHaveCount(1);
  await page.getByTestId('library-grid').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('heading', { name: 'The trash is empty.' })).toBeVisible();
  await page.goto('/library');
  await expect(items(page)).toHaveCount(6);
});

test('a member of another team sees none of a team’s tags', async ({ browser }) => {
  const stranger = await signUpNewTeam(browser, 'Sam Tags', 'library-live-stranger@e2e.test');
  await board(stranger, 'a quiet harbour');
  await stranger.goto('/library?tag=Lighthouses');
  await expect(stranger.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  // The tag asked for is shown as chosen; the other team's tags are not offered.
  await expect(stranger.getByRole('combobox', { name: 'Tag' }).locator('option')).toHaveText(['Any tag', 'Lighthouses']);
  await stranger.context().close();
});

/**
 * Not a check, a measure (issue 36: under 300 ms): typing a 10-character query, the time from the
 * last key to the final results drawn (the frame after the grid last changed), five queries, each
 * new to the cache, the median printed.
 */
test('measure: last key to results drawn, typing 10 characters', { tag: '@timing' }, async ({ browser }) => {
  const page = await signUpNewTeam(browser, 'Mia Measure', 'library-measure@e2e.test');
  for (const prompt of ['a lighthouse on the rocks at dusk', 'a red balloon over the city', 'the city at night from above']) await board(page, prompt);
  await page.goto('/library');
  await expect(items(page)).toHaveCount(6);
  await page.evaluate(() => {
    const w = window as unknown as { lastKey: number; drawn: number };
    document.addEventListener('keydown', () => (w.lastKey = performance.now()), { capture: true });
    new MutationObserver(() => requestAnimationFrame(() => (w.drawn = performance.now()))).observe(document.querySelector('main')!, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  const figures: number[] = [];
  for (const query of ['lighthouse', 'red balloo', 'over the c', 'rocks at d', 'the city a']) {
    await search(page).pressSequentially(query, { delay: 60 });
    // Settled: nothing has changed for a second.
    await page.waitForTimeout(1_000);
    const { lastKey, drawn } = await page.evaluate(() => {
      const w = window as unknown as { lastKey: number; drawn: number };
      return { lastKey: w.lastKey, drawn: w.drawn };
    });
    figures.push(Math.round(drawn - lastKey));
    await search(page).fill('');
    await expect(items(page)).toHaveCount(6);
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(`last key → results drawn (ms): ${figures.join(', ')}; median ${sorted[2]}`);
});
