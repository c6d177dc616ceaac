import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signUpNewTeam } from './support/accounts';
import { shotPath } from './support/screenshots';

// "More like this" on a library item: a board run twice with the same prompt and seed makes the
// same pictures again (the reference service is deterministic), so each result's twin is the first
// thing its page shows as alike; the section is made of library tiles that open their items.

const MODELS = ['atelier-pixel', 'atelier-mosaic'];

async function board(page: Page, prompt: string, seed: number) {
  const response = await page.request.post('/api/compare', {
    headers: { origin: baseURL },
    data: { prompt, models: MODELS, size: '1024x1024', n: 1, background: 'opaque', seed },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('an item page shows the results that look like it, its twin first', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signUpNewTeam(browser, 'Sim Similar', 'similar@e2e.test');
  await board(page, 'a lighthouse by the sea at dusk', 7);
  await board(page, 'a red fox in fresh snow', 8);
  await board(page, 'a teapot of blue porcelain', 9);
  await board(page, 'a lighthouse by the sea at dusk', 7);

  // Boards are stored (and signed) by a job after the answer.
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/library')).json()).items as Array<{ state: string }>).filter((i) => i.state === 'archived').length,
      {
        timeout: 60_000,
      },
    )
    .toBe(8);
  const { items } = await (await page.request.get('/api/library')).json();
  const newest = items[0] as { id: string; model: string; prompt: string };
  const twin = (items as Array<{ id: string; model: string; prompt: string }>).find(
    (i) => i.id !== newest.id && i.model === newest.model && i.prompt === newest.prompt,
  )!;

  const similar = await (await page.request.get(`/api/library/${newest.id}/similar`)).json();
  expect(similar.items[0]).toMatchObject({ id: twin.id, similarity: 1 });
  // Another team's result is not found.
  const stranger = await signUpNewTeam(browser, 'Sam Stranger', 'similar-peek@e2e.test');
  expect((await stranger.request.get(`/api/library/${newest.id}/similar`)).status()).toBe(404);
  await stranger.context().close();

  await page.goto(`/library/${newest.id}`);
  const section = page.getByTestId('similar-results');
  await expect(section.getByRole('heading', { name: 'More like this' })).toBeVisible();
  const tiles = section.getByTestId('library-item');
  await expect(tiles.first()).toHaveAttribute('href', `/library/${twin.id}`);
  await expect(section.getByTestId('similar-alike').first()).toHaveText('100 % alike');

  if (process.env.SCREENSHOTS) {
    for (const locale of ['en', 'zh-CN']) {
      await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
      await page.goto(`/library/${newest.id}`);
      await expect(tiles.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath(`library-similar.${locale}.png`), fullPage: true });
    }
  }

  await tiles.first().click();
  await expect(page).toHaveURL(new RegExp(`/library/${twin.id}$`));
});
