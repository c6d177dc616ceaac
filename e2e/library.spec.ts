import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { baseURL } from '../playwright.config';
import { signUpNewTeam } from './support/accounts';
import { EditStudio, testPng } from './support/edit-studio';
import { shareFromDialog } from './support/share';
import { VideosPage } from './support/videos';
import { shotPath } from './support/screenshots';
import { readZip } from './support/zip';

// The library of a brand-new team: what it makes in the three features shows up in one grid,
// newest first, from small stored previews; older results load as the end scrolls into view, and
// results made elsewhere in the team arrive without a reload.

const FOUR = ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-pixel'];

/** The two models whose pictures are quickest to render and store, for the boards that only fill pages. */
const QUICK = ['atelier-pixel', 'atelier-mosaic'];

/** A board through the route the compare page calls (as a browser would: same origin, JSON). */
async function board(page: Page, prompt: string, n = 4, models = FOUR) {
  const response = await page.request.post('/api/compare', {
    headers: { origin: baseURL },
    data: { prompt, models, size: '1024x1024', n, background: 'opaque', seed: 7 },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const items = (page: Page) => page.getByTestId('library-item');

test('the library gathers edits, board images and videos, pages on scroll and takes in new results without a reload', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await signUpNewTeam(browser, 'Lin Library', 'library@e2e.test');
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'Your library is empty' })).toBeVisible();

  // One edit, through the studio.
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(await testPng(640, 480));
  await studio.chooseKind('style');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('the harbour as a watercolour');
  await studio.submit.click();
  await studio.ids();
  // Eight boards of 8 images: 64 more, 65 in all, more than one page of 60.
  for (let i = 0; i < 8; i++) await board(page, `board ${i}: lanterns along a quay at night`, 4, QUICK);

  // Pages of 60, newest first, with a cursor to the rest.
  const first = await (await page.request.get('/api/library')).json();
  expect(first.items).toHaveLength(60);
  expect(first.next).toEqual(expect.any(String));
  await page.goto('/library');
  await expect.poll(() => items(page).count()).toBeGreaterThanOrEqual(60);
  await expect(items(page).first()).toContainText('board 7: lanterns along a quay at night');
  await expect(items(page).first()).toHaveAttribute('data-kind', 'comparison');

  // Board images are stored by a job after the answer: the poll brings each tile its stored preview.
  // (The next page may be on its way meanwhile: it loads as the end of the grid nears the screen.)
  const archived = page.locator('[data-testid="library-item"][data-state="archived"]');
  await expect.poll(() => archived.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(60);
  // The first screen: 60 previews, each a stored WebP of 256 px, under 1.5 MB together.
  const previews = (
    await items(page)
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src')!))
  ).slice(0, 60);
  expect(previews).toHaveLength(60);
  let bytes = 0;
  for (const src of previews) {
    const response = await page.request.get(src);
    expect(response.headers()['content-type']).toBe('image/webp');
    const body = await response.body();
    expect((await sharp(body).metadata()).width).toBeLessThanOrEqual(256);
    bytes += body.length;
  }
  expect(bytes).toBeLessThan(1.5 * 1024 * 1024);
  console.log(`library first screen: 60 previews, ${(bytes / 1024).toFixed(0)} KiB`);

  // The end of the grid comes into view: the older page loads, and that is everything.
  await page.getByTestId('library-grid').locator('li').last().scrollIntoViewIfNeeded();
  await expect(items(page)).toHaveCount(65);
  await expect(page.getByText('That’s everything your team has made.')).toBeVisible();
  await expect(items(page).last()).toHaveAttribute('data-kind', 'edit');
  await expect(items(page).last()).toHaveAttribute('href', /^\/library\/[0-9a-f-]{36}$/);

  // A result made elsewhere in the team (another tab here) appears within 10 s, without a reload.
  const elsewhere = await page.context().newPage();
  await elsewhere.goto('/compare');
  await board(elsewhere, 'a new board from another tab', 1);
  await expect(items(page).filter({ hasText: 'a new board from another tab' })).toHaveCount(4, { timeout: 10_000 });
  await expect(items(page).first()).toContainText('a new board from another tab');

  // A video joins once it is rendered and stored, with its poster as the preview.
  await elsewhere.goto('/videos');
  await new VideosPage(elsewhere).create({ model: 'atelier-motion', prompt: 'a slow pan over the library shelves', duration: '3 s', resolution: '480p' });
  const video = items(page).filter({ hasText: 'a slow pan over the library shelves' });
  await expect(video).toHaveAttribute('data-kind', 'video', { timeout: 90_000 });
  const poster = await page.request.get((await video.locator('img').getAttribute('src'))!);
  expect(poster.headers()['content-type']).toBe('image/webp');

  // Find: a Chinese word inside a phrase, then the kind on top of it; the filters live in the URL.
  await board(page, '海边的灯塔，黄昏时分', 1);
  await page.goto('/library');
  await page.getByRole('searchbox').fill('灯塔');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/[?&]q=%E7%81%AF%E5%A1%94/);
  await expect(items(page)).toHaveCount(4);
  for (const text of await items(page).allTextContents()) expect(text).toContain('海边的灯塔');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('edit');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  await page.getByRole('searchbox').fill('');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveAttribute('data-kind', 'edit');

  // Detail: the edit (its lineage starts at the upload), then the lighthouse board's images, stepped
  // through with the keys inside the search, reused on a new board, and favourited.
  await items(page).first().click();
  await expect(page).toHaveURL(/\/library\/[0-9a-f-]{36}\?kind=edit$/);
  await expect(page.getByTestId('item-prompt')).toHaveText('the harbour as a watercolour');
  await expect(page.getByTestId('lineage').locator('li')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Edit this image' })).toHaveAttribute('href', /^\/edit\?asset=[0-9a-f-]{36}$/);
  const editItem = page.url();
  // Reused in the studio: the result opens there as the next edit's input.
  await page.getByRole('link', { name: 'Edit this image' }).click();
  await expect(studio.canvas).toBeVisible();
  await expect(page.getByTestId('source-info')).toBeVisible();
  await page.goto(editItem);

  await page.goto('/library?q=%E7%81%AF%E5%A1%94');
  await items(page).first().click();
  await expect(page.getByTestId('item-prompt')).toHaveText('海边的灯塔，黄昏时分');
  await expect(page.getByRole('definition').first()).toHaveText('atelier-vista');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('definition').first()).toHaveText('atelier-aquarelle');
  expect(page.url()).toContain('q=%E7%81%AF%E5%A1%94');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('definition').first()).toHaveText('atelier-vista');
  await page.getByRole('button', { name: 'Favourite' }).click();
  await expect(page.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'New board from this' }).click();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('海边的灯塔，黄昏时分');
  await expect(page.getByRole('textbox', { name: 'Seed' })).toHaveValue('7');
  // One image marked is one favourite, and its board shows as holding one; marking the whole board
  // on its page marks all its images.
  await page.goto('/library?fav=1');
  await expect(items(page)).toHaveCount(1);
  const boardHref = (await (await page.request.get('/api/library?fav=1')).json()).items[0].href as string;
  await page.goto(boardHref);
  // The star turns at once and the save follows (a server action, POSTed to the page); a full
  // navigation would abort it, so each click waits for its save.
  const star = async (pressed: boolean) => {
    const saved = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: /favourite/i, pressed: !pressed }).click();
    await expect(page.getByRole('button', { name: /favourite/i, pressed })).toBeVisible();
    await saved;
  };
  await star(false);
  await star(true);
  await page.goto('/library?fav=1');
  await expect(items(page)).toHaveCount(4);

  // Delete the edit: gone from the library (and the studio's history), in the trash, restorable.
  await page.goto(editItem);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/library\?kind=edit$/);
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  await page.goto('/edit');
  await expect(page.getByTestId('edit-history')).toHaveCount(0);
  await page.goto('/library?trash=1');
  await expect(items(page)).toHaveCount(1);
  await items(page).first().click();
  await expect(page.getByTestId('in-trash')).toBeVisible();
  if (process.env.SCREENSHOTS) {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: shotPath('library-detail-trash.en.png') });
    await page.goto('/library?trash=1');
    await expect(items(page)).toHaveCount(1);
    await page.screenshot({ path: shotPath('library-trash.en.png') });
    await items(page).first().click();
  }
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('in-trash')).toHaveCount(0);
  await page.goto('/library?kind=edit');
  await expect(items(page)).toHaveCount(1);

  // Collections: make one, put the lighthouse images in it from the selection, find them through it.
  await page.goto('/library');
  await page.getByRole('textbox', { name: 'Collection name' }).fill('Lighthouses');
  await page.getByRole('button', { name: 'New collection' }).click();
  await expect(page).toHaveURL(/\/library\?collection=[0-9a-f-]{36}$/);
  const collectionUrl = page.url();
  await page.goto('/library?q=%E7%81%AF%E5%A1%94');
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('button', { name: 'Select all 4 shown' }).click();
  await page.getByRole('toolbar', { name: 'Selected results' }).getByRole('button', { name: 'Add to collection' }).click();
  await expect(page.getByText('Added to “Lighthouses”')).toBeVisible();
  await page.goto(collectionUrl);
  await expect(items(page)).toHaveCount(4);
  await expect(page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: /Lighthouses\s*4/ })).toHaveAttribute('aria-current', 'page');

  // The whole collection by one link: a visitor with no session sees its four images and nothing of
  // the team; revoked from Settings, the page and its files answer 404.
  const collectionLink = await shareFromDialog(page, '7 days', { collection: true });
  const visitor = await browser.newContext({ locale: 'en-US', storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  expect((await guest.goto(collectionLink))!.status()).toBe(200);
  await expect(guest.getByTestId('shared-collection-name')).toHaveText('Lighthouses');
  const shared = guest.getByTestId('shared-collection-item');
  await expect(shared).toHaveCount(4);
  await expect(guest.locator('body')).not.toContainText('¥');
  await expect(guest.locator('body')).not.toContainText('Lin Library');
  const sharedImage = guest.getByTestId('shared-collection-item').first().locator('img');
  await expect.poll(() => sharedImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const sharedFile = new URL(await sharedImage.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  if (process.env.SCREENSHOTS) {
    await guest.waitForLoadState('networkidle');
    await guest.screenshot({ path: shotPath('library-collection-shared.en.png') });
    await visitor.addCookies([{ name: 'atelier-locale', value: 'zh-CN', url: baseURL }]);
    await guest.reload();
    await expect(guest.getByText('分享的合集')).toBeVisible();
    await guest.waitForLoadState('networkidle');
    await guest.screenshot({ path: shotPath('library-collection-shared.zh-CN.png') });
  }
  await page.goto('/settings/shares');
  const linkRow = page.getByTestId('share-link').filter({ hasText: 'Lighthouses' });
  if (process.env.SCREENSHOTS) {
    await expect(linkRow).toBeVisible();
    await page.screenshot({ path: shotPath('library-collection-share-settings.en.png') });
  }
  await expect(linkRow).toContainText('Collection');
  await linkRow.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(linkRow).toHaveAttribute('data-state', 'revoked');
  expect((await guest.goto(collectionLink))!.status()).toBe(404);
  expect((await visitor.request.get(sharedFile)).status()).toBe(404);
  await visitor.close();

  // Bulk: choose a range with shift-click, download one ZIP whose manifest says what each file is.
  await page.goto('/library?q=%E7%81%AF%E5%A1%94');
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await items(page).nth(0).click();
  await items(page)
    .nth(2)
    .click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
  const zipHref = (await page.getByRole('link', { name: 'Download ZIP' }).getAttribute('href'))!;
  const zip = await page.request.get(zipHref);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const listed = readZip<Array<{ file: string; prompt: string; model: string; seed: number; size: string; cost: string; author: string; created: string }>>(
    await zip.body(),
  );
  expect(listed.names.slice(0, 2)).toEqual(['manifest.json', 'manifest.csv']);
  expect(listed.names).toHaveLength(5);
  expect(listed.manifest.map((m) => m.model)).toEqual(['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic']);
  for (const entry of listed.manifest) {
    expect(listed.names).toContain(entry.file);
    expect(entry).toMatchObject({ prompt: '海边的灯塔，黄昏时分', seed: 7, size: '1024x1024', author: 'Lin Library' });
    expect(Number(entry.cost)).toBeGreaterThan(0);
  }
  // All that match the filters, in one go.
  const all = await page.request.get(`/api/library/zip?all=1&q=${encodeURIComponent('灯塔')}`);
  expect(all.status()).toBe(200);
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: shotPath('library-bulk.en.png') });
  }
  // And the three into the trash together.
  await page.getByRole('toolbar', { name: 'Selected results' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(items(page)).toHaveCount(1);
  await page.goto('/library?trash=1');
  await expect(items(page)).toHaveCount(3);
  // Back out of the trash: every result that matches, in one go.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('button', { name: 'Select all that match' }).click();
  await expect(page.getByTestId('selected-count')).toHaveText('All that match the filters (up to 500)');
  await page.getByRole('toolbar', { name: 'Selected results' }).getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('3 restored')).toBeVisible();
  await expect(page.getByRole('heading', { name: /The trash is empty/ })).toBeVisible();
  await page.goto('/library?q=%E7%81%AF%E5%A1%94');
  await expect(items(page)).toHaveCount(4);

  // Another team's result does not exist for a stranger.
  const stranger = await signUpNewTeam(browser, 'Sam Stranger', 'library-peek@e2e.test');
  expect((await stranger.request.get(editItem)).status()).toBe(404);
  // Nor does its collection, by page or by route.
  const collectionId = new URL(collectionUrl).searchParams.get('collection');
  expect((await stranger.request.get(`/library?collection=${collectionId}`)).status()).toBe(404);
  expect((await stranger.request.get(`/api/library?collection=${collectionId}`)).status()).toBe(404);
  await stranger.context().close();

  // SCREENSHOTS=1: the filled library in both languages, on a desktop and a phone.
  if (process.env.SCREENSHOTS) {
    for (const locale of ['en', 'zh-CN']) {
      await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
      await page.goto('/library?q=%E7%81%AF%E5%A1%94');
      await expect(archived.first()).toBeVisible();
      await page.screenshot({ path: shotPath(`library-search.${locale}.png`) });
      await items(page).first().click();
      await expect(page.getByTestId('item-media')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath(`library-detail.${locale}.png`) });
      await page.goto(editItem);
      await expect(page.getByTestId('lineage')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath(`library-detail-edit.${locale}.png`) });
      await page.goto(collectionUrl);
      await expect(archived.first()).toBeVisible();
      await page.getByRole('button', { name: locale === 'en' ? 'Select' : '选择', exact: true }).click();
      await page.getByTestId('select-matching').click();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath(`library-collection-bulk.${locale}.png`) });
      await page.goto('/library');
      await expect(archived.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: shotPath(`library.${locale}.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: shotPath(`library-phone.${locale}.png`) });
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
  }
});

test('the library answers only for the active team, and refuses cursors it did not make', async ({ browser }) => {
  const stranger = await signUpNewTeam(browser, 'Lin Library', 'library-stranger@e2e.test');
  const mine = await (await stranger.request.get('/api/library')).json();
  expect(mine.items.every((item: { prompt: string }) => !item.prompt.includes('lanterns along a quay'))).toBe(true);
  for (const before of ['x', 'a'.repeat(10_000), "2026-11-01'; drop", `2026-11-01T10:00:00.000Z~${'0'.repeat(36)}~0~0`]) {
    const response = await stranger.request.get(`/api/library?before=${encodeURIComponent(before)}`);
    expect(response.status(), before.slice(0, 40)).toBe(400);
  }
  expect((await stranger.request.get('/api/library?since=yesterday')).status()).toBe(400);
  // The bulk ZIP: named ids or all that match, never both; at most 200 named; another team's ids are not found.
  const id = '00000000-0000-4000-8000-000000000000';
  expect(
    (
      await stranger.request.get(
        `/api/library/zip?ids=${Array(201)
          .fill(id)
          .map((_, i) => id.slice(0, -3) + String(i).padStart(3, '0'))
          .join(',')}`,
      )
    ).status(),
  ).toBe(400);
  expect((await stranger.request.get(`/api/library/zip?ids=${id}&all=1`)).status()).toBe(400);
  expect((await stranger.request.get('/api/library/zip')).status()).toBe(400);
  expect((await stranger.request.get(`/api/library/zip?ids=${id}`)).status()).toBe(404);
  expect((await stranger.request.get(`/library?before=${encodeURIComponent('not-a-cursor')}`)).status()).toBe(404);
});

test('times are shown in the browser’s time zone, wherever the server runs', async ({ browser }) => {
  const page = await signUpNewTeam(browser, 'Tao Time', 'library-time@e2e.test', { timezoneId: 'Asia/Shanghai' });
  await board(page, 'a clock tower at noon', 1);
  await page.goto('/compare');
  // Past boards: the server knows no viewer's zone (its HTML says UTC); the browser shows its own.
  const time = page.locator('time').first();
  const at = new Date((await time.getAttribute('datetime'))!);
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  const inShanghai = new Intl.DateTimeFormat('en', { ...options, timeZone: 'Asia/Shanghai' }).format(at);
  expect(inShanghai).not.toBe(new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(at));
  await expect(time).toHaveText(inShanghai);

  // The dashboard's costliest results are moments too (the days of money stay in the team's zone).
  await page.goto('/dashboard');
  const spent = page.locator('tbody time').first();
  const spentAt = new Date((await spent.getAttribute('datetime'))!);
  const short: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Shanghai' };
  await expect(spent).toHaveText(new Intl.DateTimeFormat('en', short).format(spentAt));
  // And Settings: when a member joined, when a key was saved.
  await page.goto('/settings/team');
  await expect(page.locator('tbody time')).toHaveCount(1);
});
