import { expect, test } from '@playwright/test';
import { sumCosts } from '../lib/upstream/cost';
import { CompareBoardPage } from './support/compare-board';
import { resetKnobs, setKnobs } from './support/knobs';
import { readZip } from './support/zip';
import { shotPath } from './support/screenshots';

// The comparison board against the embedded reference service, as the signed-in owner.
const FOUR = ['atelier-vista', 'atelier-aquarelle', 'atelier-mosaic', 'atelier-pixel'];

test.afterEach(() => resetKnobs());

test('a 4-model board shows 4 columns whose costs add up to the total shown', async ({ page }) => {
  // The service's files download slowly, so the board is seen while its images are being stored.
  await setKnobs({ fileLatencyMs: 3000 });
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'a red lighthouse on a cliff at dusk', models: FOUR, n: 2 });
  // The estimate comes from the service's price list: (0.08 + 0.06 + 0.05 + 0.04) × 2.
  await expect(page.getByTestId('estimate')).toHaveAttribute('data-amount', '0.46');
  await board.run();

  await expect(board.columns()).toHaveCount(4);
  expect(await board.columns().evaluateAll((cols) => cols.map((c) => c.getAttribute('data-model')))).toEqual(FOUR);
  const costs = await board.columns().evaluateAll((cols) => cols.map((c) => c.getAttribute('data-cost')!));
  const total = await page.getByTestId('board-total').getAttribute('data-amount');
  expect(sumCosts(costs)).toBe(total);
  expect(total).toBe('0.46');
  for (const model of FOUR) await expect(board.column(model).locator('img')).toHaveCount(2);
  await expect(page.getByTestId('board-seed')).toHaveText(/^\d+$/);
  // Each card shows the time to answer, which the models share (the service answers them in one request).
  const elapsed = (await page.getByTestId('board-elapsed').textContent())!;
  expect(elapsed).toMatch(/^\d+\.\d s$/);
  for (const model of FOUR) await expect(board.column(model).getByTestId('column-time')).toHaveText(elapsed);

  // The board answers before its images are archived: meanwhile they show from the service's signed
  // URLs, with download, zip and share held back, then switch to the stored copies without a reload.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const pending = board.images('archiving').first();
  await expect(pending.locator('img')).toHaveAttribute('src', /\/v1\/files\/file_[0-9a-f]+\.png\?expires=\d+&signature=/);
  await expect(pending.getByRole('link', { name: 'Download' })).toHaveCount(0);
  await expect(pending.getByRole('link', { name: 'Open in editor' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download all (zip)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeDisabled();
  await expect(page.getByTestId('archive-progress')).toContainText(/Saving the images to Atelier \(\d of 8\)/);
  await setKnobs({ fileLatencyMs: 0 });
  await board.archived();
  await expect(board.images('archived')).toHaveCount(8);
  await expect(page.locator('img[data-asset-id]')).toHaveCount(8);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page.getByTestId('archive-progress')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeEnabled();

  // Thumbnails are small WebPs that really load; the full file and the zip are there on demand.
  const thumb = board.column('atelier-vista').locator('img').first();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  const src = (await thumb.getAttribute('src'))!;
  const small = await page.request.get(src);
  expect(small.headers()['content-type']).toBe('image/webp');
  await expect(page.getByRole('link', { name: 'Download all (zip)' })).toBeVisible();
  const zip = await page.request.get(`${page.url().replace('/compare/', '/api/compare/')}/zip`);
  expect(zip.headers()['content-type']).toBe('application/zip');
  // manifest.json first, saying what made every image, then the 8 images.
  type Manifest = {
    prompt: string;
    size: string;
    seed: number;
    total: string;
    currency: string;
    elapsedMs: number;
    models: Array<{ model: string; cost: string; files: Array<{ file: string; seed: number; cost: string | null }> }>;
  };
  const { names, manifest } = readZip<Manifest>(await zip.body());
  expect(names).toHaveLength(9);
  expect(names[0]).toBe('manifest.json');
  expect(manifest).toMatchObject({ prompt: 'a red lighthouse on a cliff at dusk', size: '1024x1024', total: '0.46', currency: 'CNY' });
  expect(manifest.seed).toBe(Number(await page.getByTestId('board-seed').textContent()));
  expect(manifest.elapsedMs).toBeGreaterThan(0);
  expect(manifest.models.map((m) => m.model)).toEqual(FOUR);
  expect(manifest.models.map((m) => m.cost)).toEqual(costs);
  for (const { files } of manifest.models) {
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(names).toContain(file.file);
      expect(file.seed).toEqual(expect.any(Number));
    }
  }
  await expect(page.getByRole('link', { name: 'Open in editor' }).first()).toHaveAttribute('href', /^\/edit\?asset=[0-9a-f-]{36}$/);

  // It is in the history, newest first.
  const boardUrl = page.url();
  await page.goto('/compare');
  await expect(page.getByTestId('history-item').first()).toContainText('a red lighthouse on a cliff at dusk');

  // Results first: at 1440×900 the board's settings are one line and each model's first image is whole in view.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(boardUrl);
  await expect(page.getByTestId('board-settings-summary')).toContainText('a red lighthouse on a cliff at dusk');
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveCount(0);
  for (const model of FOUR) await expect(board.column(model).locator('img').first()).toBeInViewport({ ratio: 1 });
  // Each column names its model whole (wrapped if need be), beside its time and cost.
  for (const model of FOUR) {
    const name = board.column(model).getByRole('heading', { name: model });
    await expect(name).toHaveText(model);
    expect(await name.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  }
  await page.getByRole('button', { name: 'Edit settings' }).click();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a red lighthouse on a cliff at dusk');
});

test('a failing model shows its failure while the other three show their images', async ({ page }) => {
  await setKnobs({ failModels: ['atelier-ink'] });
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'a quiet harbour in the rain', models: ['atelier-vista', 'atelier-ink', 'atelier-mosaic', 'atelier-pixel'] });
  await board.run();

  await expect(board.columns()).toHaveCount(4);
  const ink = board.column('atelier-ink');
  await expect(ink.getByTestId('failed-card')).toContainText('atelier-ink');
  await expect(ink.locator('img')).toHaveCount(0);
  for (const model of ['atelier-vista', 'atelier-mosaic', 'atelier-pixel']) await expect(board.column(model).locator('img')).toHaveCount(1);
  const costs = await board.columns().evaluateAll((cols) => cols.map((c) => c.getAttribute('data-cost')!));
  expect(sumCosts(costs)).toBe(await page.getByTestId('board-total').getAttribute('data-amount'));
});

test('a rerun with the locked seed gives byte-identical files', async ({ page }) => {
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'origami cranes over a pond', models: ['atelier-vista', 'atelier-mosaic'], seed: 24680 });
  const first = await board.run();
  await expect(page.getByTestId('board-seed')).toHaveText('24680');
  const firstHashes = await board.downloadedHashes();
  expect(firstHashes).toHaveLength(2);

  await page.getByRole('button', { name: 'Rerun, same seed' }).click();
  await expect(page).not.toHaveURL(new RegExp(first), { timeout: 70_000 });
  await expect(page.getByTestId('board-seed')).toHaveText('24680');
  await expect(board.columns()).toHaveCount(2);
  expect(await board.downloadedHashes()).toEqual(firstHashes);
  // The stored hashes say the same.
  const stored = await page.locator('img[data-sha256]').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('data-sha256')));
  expect(stored).toEqual(firstHashes);

  // One model again stays on this board as a new version of its column, and keeps the chosen seed:
  // the same file as that model's first. ←/→ step between the versions.
  const second = page.url();
  const column = board.columns().first();
  // Slow files keep the new version's image unsaved when it appears: the page's poll must bring its copy.
  // The service answers slowly: meanwhile the rerun's column shows its run and the other column stays as it was.
  await setKnobs({ fileLatencyMs: 2000, latencyMs: { '*': 2500 } });
  await column.getByRole('button', { name: 'Rerun this model' }).click();
  await expect(column.getByTestId('column-rerunning')).toBeVisible();
  await expect(column.getByTestId('column-rerunning')).toContainText('Generating…');
  await expect(board.columns()).toHaveCount(2);
  await expect(board.columns().nth(1).locator('img')).toBeVisible();
  await expect(board.columns().nth(1).getByTestId('column-rerunning')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Generating' })).toHaveCount(0);
  await expect(column.getByTestId('column-versions')).toHaveText('v2/2', { timeout: 70_000 });
  await expect(column.getByTestId('column-rerunning')).toHaveCount(0);
  await setKnobs({ fileLatencyMs: 0, latencyMs: {} });
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('compare-column-versions.en.png') });
  expect(page.url()).toBe(second);
  await expect(page.getByTestId('board-settings-summary')).toContainText('2 models');
  await expect(board.columns()).toHaveCount(2);
  const versionImage = await column.locator('img').first().getAttribute('src');
  expect(await board.downloadedHashes()).toEqual(firstHashes);
  await board.columns().first().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(board.columns().first().getByTestId('column-versions')).toHaveText('v1/2');
  expect(await board.columns().first().locator('img').first().getAttribute('src')).not.toBe(versionImage);
  await page.keyboard.press('ArrowRight');
  await expect(board.columns().first()).toHaveAttribute('data-version', '2');

  // A new seed gives other files.
  await page.getByRole('button', { name: 'Rerun, new seed' }).click();
  await expect(page.getByTestId('board-seed')).not.toHaveText('24680', { timeout: 70_000 });
  expect(await board.downloadedHashes()).not.toEqual(firstHashes);
});

test('checks the settings in the browser, and cancelling keeps the prompt for a retry', async ({ page }) => {
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'snowy mountains', models: [] });
  await page.getByRole('button', { name: 'Run board' }).click();
  await expect(page.getByText('Pick at least one model.')).toBeVisible();

  // A prompt past the service's 32,000 characters is kept whole; the counter beside the box says by how much it is over.
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  const counter = page.getByTestId('prompt-counter');
  await expect(counter).toBeHidden();
  await prompt.fill('x'.repeat(32_001));
  await expect(prompt).toHaveValue('x'.repeat(32_001));
  await expect(counter).toHaveText('1 character over the limit of 32,000: shorten the prompt to send it. Nothing is cut.');
  await prompt.fill('x'.repeat(30_000));
  await expect(counter).toHaveText('Characters: 30,000 of 32,000');
  await prompt.fill('snowy mountains');
  await expect(counter).toBeHidden();

  await setKnobs({ latencyMs: { '*': 8000 } });
  await board.pickModels(['atelier-pixel']);
  await page.getByRole('button', { name: 'Run board' }).click();
  await expect(page.getByRole('region', { name: 'Generating' })).toBeVisible();
  await expect(page.getByTestId('elapsed')).toHaveText(/^[1-9]\.\d s$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/^Cancelled\./)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('snowy mountains');
  await expect(page).toHaveURL(/\/compare$/);
  // The server saw the cancel too: the board is recorded as cancelled, not left running.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('history-item').first()).toContainText('Cancelled', { timeout: 1000 });
  }).toPass({ timeout: 5000 });
});

test('the full-screen viewer zooms and pans every image together, side by side or as a swipe', async ({ page }) => {
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'a harbour at dawn, boats and gulls', models: FOUR.slice(0, 3), n: 2 });
  await board.run();
  await page.getByRole('button', { name: 'Compare full screen' }).click();
  const viewer = page.getByTestId('compare-viewer');
  const panes = viewer.getByTestId('viewer-pane');
  await expect(panes).toHaveCount(3);
  await expect(panes.getByRole('img')).toHaveCount(3);
  for (const img of await panes.getByRole('img').all()) await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1024);

  /** Each pane's image box relative to its pane: the same box means the same region of the image in view. */
  const regions = () =>
    panes.evaluateAll((all) =>
      all.map((pane) => {
        const p = pane.getBoundingClientRect();
        const i = pane.querySelector('img')!.getBoundingClientRect();
        return [i.left - p.left, i.top - p.top, i.width, i.height].map((v) => Math.round(v));
      }),
    );
  const sameEverywhere = async () => {
    const [first, ...rest] = await regions();
    for (const other of rest) expect(other).toEqual(first);
    return first;
  };
  const fitted = await sameEverywhere();

  // Zoom one pane with the wheel, about its centre-left: every pane shows the same, larger region.
  const box = (await panes.first().boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await page.mouse.wheel(0, -600);
  await expect(viewer.getByTestId('viewer-zoom')).not.toHaveText('100%');
  await expect.poll(async () => (await regions())[0][2]).toBeGreaterThan(fitted[2] * 2);
  const zoomed = await sameEverywhere();
  // Pan another pane by dragging: all follow.
  const second = (await panes.nth(1).boundingBox())!;
  await page.mouse.move(second.x + second.width / 2, second.y + second.height / 2);
  await page.mouse.down();
  await page.mouse.move(second.x + second.width / 2 + 60, second.y + second.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await regions())[2][0]).not.toBe(zoomed[0]);
  await sameEverywhere();
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('compare-viewer.en.png') });

  // Keys: 0 fits again, S swipes two images in one pane, Esc closes.
  await page.keyboard.press('0');
  await expect(viewer.getByTestId('viewer-zoom')).toHaveText('100%');
  expect(await sameEverywhere()).toEqual(fitted);
  await page.keyboard.press('s');
  await expect(panes).toHaveCount(0);
  await expect(viewer.getByRole('slider', { name: 'Divider' })).toBeVisible();
  await expect(viewer.locator('[data-viewer-image]')).toHaveCount(2);
  // The swipe compares any two images, not only the first two models: its right side pages on.
  await expect(viewer.getByTestId('viewer-position')).toHaveText('atelier-vista · 1 of 2 ↔ atelier-aquarelle · 1 of 2');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-position')).toHaveText('atelier-vista · 1 of 2 ↔ atelier-aquarelle · 2 of 2');
  await viewer.getByRole('combobox', { name: 'Right image' }).selectOption({ label: 'atelier-mosaic · 2 of 2' });
  await expect(viewer.getByTestId('viewer-position')).toHaveText('atelier-vista · 1 of 2 ↔ atelier-mosaic · 2 of 2');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // Side by side pages through the image numbers: every model's second image.
  await page.getByRole('button', { name: 'Compare full screen' }).click();
  await expect(viewer.getByTestId('viewer-position')).toHaveText('Image 1 of 2');
  await viewer.getByRole('button', { name: 'Next image (→)' }).click();
  await expect(viewer.getByTestId('viewer-position')).toHaveText('Image 2 of 2');
  await expect(panes.locator('span')).toHaveText(FOUR.slice(0, 3).map((model) => `${model} · 2 of 2`));
  await page.keyboard.press('Escape');

  // A click on any image of the board opens it alone; the arrows, the keys and a swipe page through
  // every image of every model, saying whose and which.
  const position = viewer.getByTestId('viewer-position');
  await board.column('atelier-aquarelle').getByRole('button', { name: 'Image 2 of atelier-aquarelle' }).click();
  await expect(viewer).toHaveAttribute('data-layout', 'single');
  await expect(position).toHaveText('atelier-aquarelle · 2 of 2');
  await expect(panes).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText('atelier-mosaic · 1 of 2');
  await viewer.getByRole('button', { name: 'Next image (→)' }).click();
  await expect(position).toHaveText('atelier-mosaic · 2 of 2');
  await expect(viewer.getByRole('button', { name: 'Next image (→)' })).toHaveCount(0);
  const pane = (await panes.first().boundingBox())!;
  await page.mouse.move(pane.x + pane.width * 0.3, pane.y + pane.height / 2);
  await page.mouse.down();
  await page.mouse.move(pane.x + pane.width * 0.7, pane.y + pane.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(position).toHaveText('atelier-mosaic · 1 of 2');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText('atelier-vista · 1 of 2');
  await expect(viewer.getByRole('button', { name: 'Previous image (←)' })).toHaveCount(0);
  await expect.poll(() => panes.getByRole('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1024);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('compare-viewer-single.en.png') });
  await page.keyboard.press('Escape');
  // Enter on a focused image opens it too.
  await board.column('atelier-vista').getByRole('button', { name: 'Image 2 of atelier-vista' }).focus();
  await page.keyboard.press('Enter');
  await expect(position).toHaveText('atelier-vista · 2 of 2');
});
