import { createHash, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { shareFromDialog } from './support/share';
import { collectionOf, storedBoard } from './support/share-gallery';
import { readZip } from './support/zip';

// A collection shared with a client: made and shared by the signed-in owner, opened by a visitor with
// no session, paged in the gallery's full-screen viewer (arrows, keys, swipe), downloaded as one ZIP
// whose files are byte for byte the library's own downloads; the view counted in Settings (a link
// preview bot's not); once revoked, the page, every file and the ZIP answer 404.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('a shared collection: gallery and viewer signed out, a ZIP of the library’s very files, a view counted, 404 once revoked', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const { images } = await storedBoard(page, `harbour lanterns for the client ${tag}`, ['atelier-pixel', 'atelier-mosaic'], 2);

  // A collection of the four, through the library.
  const name = `Client picks ${tag}`;
  const collectionUrl = await collectionOf(page, name, images);
  await page.goto(collectionUrl);
  const url = await shareFromDialog(page, '7 days', { collection: true });

  // Signed out: the gallery of four, each with its prompt, model and size, and its own download.
  const visitor = await browser.newContext({ locale: 'en-US', storageState: { cookies: [], origins: [] } });
  const guest = await visitor.newPage();
  expect((await guest.goto(url))!.status()).toBe(200);
  await expect(guest.getByTestId('shared-collection-name')).toHaveText(name);
  const tiles = guest.getByTestId('shared-collection-item');
  await expect(tiles).toHaveCount(4);
  await expect(tiles.first()).toContainText(`harbour lanterns for the client ${tag}`);
  await expect(tiles.first()).toContainText('1024x1024');
  const models = await tiles.locator('.font-mono').allTextContents();
  expect(models.filter((m) => m.startsWith('atelier-')).sort()).toEqual(images.map((i) => i.model).sort());

  // The viewer: opened on the second tile, paged with the arrow button, the keys and a swipe.
  await tiles.nth(1).locator('a[data-gallery]').click();
  const viewer = guest.getByRole('dialog', { name: 'Viewer' });
  await expect(viewer).toBeVisible();
  await expect(viewer).toBeFocused();
  const position = viewer.getByTestId('gallery-position');
  await expect(position).toContainText('2 of 4');
  const shownImage = viewer.getByTestId('gallery-image');
  await expect.poll(() => shownImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(position).toContainText('3 of 4');
  await guest.keyboard.press('ArrowRight');
  await expect(position).toContainText('4 of 4');
  await expect(viewer.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await guest.keyboard.press('ArrowLeft');
  await expect(position).toContainText('3 of 4');
  const box = (await viewer.getByTestId('gallery-image').boundingBox())!;
  await guest.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await guest.mouse.down();
  await guest.mouse.move(box.x + box.width * 0.3 + 200, box.y + box.height / 2, { steps: 5 });
  await guest.mouse.up();
  await expect(position).toContainText('2 of 4');
  const viewed = new URL(await shownImage.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(viewed).toMatch(/^\/s\/[A-Za-z0-9_-]{43}\/media\/[0-9a-f-]{36}$/);
  // Tab stays inside; Escape closes and gives focus back to the tile it opened from.
  for (let i = 0; i < 5; i++) await guest.keyboard.press('Tab');
  expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await guest.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(tiles.nth(1).locator('a[data-gallery]')).toBeFocused();

  // Open Graph: the first picture with its size, a large card.
  const meta = (selector: string) => guest.locator(selector).first().getAttribute('content');
  expect(await meta('meta[property="og:image"]')).toMatch(/\/media\/[0-9a-f-]{36}\?w=1024$/);
  expect(await meta('meta[property="og:image:width"]')).toBe('1024');
  expect(await meta('meta[property="og:image:height"]')).toBe('1024');
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');

  // Download all: one ZIP whose files are, byte for byte, the library's own download of each asset.
  const download = guest.waitForEvent('download');
  await guest.getByTestId('shared-download-all').click();
  const zipPath = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const zipBytes = readFileSync(zipPath);
  const listed = readZip<{ kind: string; name: string; files: Array<{ file: string; prompt: string; model: string; size: string }> }>(zipBytes);
  expect(listed.names[0]).toBe('manifest.json');
  expect(listed.manifest).toMatchObject({ kind: 'collection', name });
  expect(listed.manifest.files).toHaveLength(4);
  const files = readZip(zipBytes, listed.names.slice(1)).files;
  const zipped = Object.values(files).map(sha256).sort();
  const library: string[] = [];
  for (const image of images) {
    const own = await page.request.get(`/api/assets/${image.assetId}?download=1`);
    expect(own.status()).toBe(200);
    library.push(sha256(await own.body()));
  }
  expect(zipped).toEqual(library.sort());
  for (const entry of listed.manifest.files) expect(entry).toMatchObject({ prompt: `harbour lanterns for the client ${tag}`, size: '1024x1024' });
  // One file alone, named after the collection, its place and model.
  const one = await visitor.request.get(`${baseURL}${viewed}?download=1`);
  expect(one.headers()['content-disposition']).toMatch(new RegExp(`filename="client-picks-${tag}-0\\d-atelier-(pixel|mosaic)\\.png"`));

  // A second link that leaves out prompts and models: neither is anywhere in its page or its ZIP.
  await page.goto(collectionUrl);
  const quiet = await shareFromDialog(page, '1 day', { collection: true, hide: ['prompt', 'model'] });
  // (The prompt is nowhere in the HTML; model names are in the dictionary's model descriptions, so
  // the page's text is what is checked for them.)
  const html = await (await visitor.request.get(quiet)).text();
  expect(html).not.toContain(`harbour lanterns for the client ${tag}`);
  expect((await guest.goto(quiet))!.status()).toBe(200);
  const text = await guest.locator('main').innerText();
  for (const model of ['atelier-pixel', 'atelier-mosaic']) expect(text).not.toContain(model);
  expect(text).toContain('1024x1024');
  const quietZip = readZip<{ files: Array<Record<string, string>> }>(await (await visitor.request.get(`${quiet}/zip`)).body());
  expect(quietZip.manifest.files).toEqual([1, 2, 3, 4].map((n) => ({ file: `0${n}.png`, size: '1024x1024' })));

  // Views: the visitor's page counted, a link-preview bot's not; shown in Settings.
  await visitor.request.get(url, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } });
  await page.goto('/settings/shares');
  // Newest first: the link the visitor paged through is the older of the two.
  const row = page.getByTestId('share-link').filter({ hasText: name }).last();
  await expect(row.getByTestId('share-views')).toHaveAttribute('data-views', '1');
  await expect(row).toContainText('1 view');
  await expect(row).toContainText('last viewed');

  // Revoked: the page, every file (full, preview, download) and the ZIP answer 404.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  expect((await guest.goto(url))!.status()).toBe(404);
  const token = new URL(url).pathname.split('/')[2];
  for (const image of images) {
    for (const query of ['', '?w=512', '?download=1'])
      expect((await visitor.request.get(`${baseURL}/s/${token}/media/${image.assetId}${query}`)).status()).toBe(404);
  }
  expect((await visitor.request.get(`${baseURL}/s/${token}/zip`)).status()).toBe(404);
  await visitor.close();
});
