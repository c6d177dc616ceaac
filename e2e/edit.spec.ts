import { scenePng } from '@atelier/reference-service/testing';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { baseURL } from '../playwright.config';
import { shotPath } from './support/screenshots';
import { assetPixels, EditStudio, H, STROKE, testPng, W, type Kind } from './support/edit-studio';
import { setKnobs } from './support/knobs';
import { underMask } from '../test/support/photos';

let png: Buffer;
test.beforeAll(async () => {
  png = await testPng(W, H);
});

const KINDS: Kind[] = ['background', 'style', 'upscale', 'local', 'remove', 'add'];

for (const kind of KINDS) {
  test(`edits end to end: ${kind}`, async ({ page }) => {
    const studio = new EditStudio(page);
    await studio.open();
    await studio.upload(png);
    await studio.chooseKind(kind);
    const masked = kind === 'local' || kind === 'remove';
    const tools = page.getByRole('toolbar', { name: 'Mask tools' });
    if (masked) {
      // The button says why it cannot run yet.
      await expect(studio.submit).toBeDisabled();
      await expect(page.getByTestId('submit-reason')).toContainText('Paint the area');
      await expect(tools).toBeVisible();
      await studio.paint({ width: W, height: H }, STROKE);
      await expect(studio.submit).toBeEnabled();
    } else {
      await expect(tools).toHaveCount(0);
    }
    if (kind === 'upscale') await expect(page.getByLabel('Output size')).toHaveValue('1280x960');
    await studio.submit.click();
    const ids = await studio.ids();
    await expect(page.getByTestId('before-after')).toBeVisible();
    await expect(page.getByTestId('edit-cost')).toContainText('¥');

    const original = await assetPixels(page.request, ids.original);
    const result = await assetPixels(page.request, ids.result);
    expect([original.width, original.height]).toEqual([W, H]);
    expect([result.width, result.height]).toEqual(kind === 'upscale' ? [2 * W, 2 * H] : [W, H]);
    // The header names the file on show: the result, at its own size (an upscale's is twice the original's).
    await expect(page.getByTestId('source-info')).toHaveText(`Result · ${result.width}×${result.height}`);
    if (!masked) return expect(ids.mask).toBeNull();

    // The mask the service got: the image's natural size, one grey channel, white where painted.
    const mask = await assetPixels(page.request, ids.mask!, 1);
    expect([mask.format, mask.width, mask.height]).toEqual(['png', W, H]);
    for (const [x, y] of STROKE) expect(mask.data[y * W + x], `mask at ${x},${y}`).toBe(255);
    expect(mask.data[10 * W + 10]).toBe(0);
    expect(mask.data[470 * W + 630]).toBe(0);
    const values = new Set(mask.data);
    expect([...values].every((v) => v >= 0 && v <= 255)).toBe(true);
    expect(
      [...values].some((v) => v > 0 && v < 255),
      'feathered edges are grey',
    ).toBe(true);

    // Every pixel the mask keeps (0) is the original's, byte for byte; some painted ones changed.
    const { kept, keptButChanged, changed } = underMask(original.data, result.data, mask.data, W);
    expect(keptButChanged, 'a pixel changed where the mask is 0').toBeNull();
    expect(kept).toBeGreaterThan(W * H * 0.8);
    expect(changed).toBeGreaterThan(100);
  });
}

// decisions.md row 9: taking the background away in words needs no mask and leaves transparency.
test('removes the background in words, Chinese and English: alpha 0 around the subject', async ({ page }) => {
  await page.context().addCookies([{ name: 'atelier-locale', value: 'zh-CN', url: baseURL }]);
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(await scenePng(W, H), 'scene.png', page.locator('input[type="file"]').first());
  await page.locator('input[name="edit-kind"][value="background"]').check({ force: true });
  const prompt = page.getByRole('textbox', { name: '提示词' });
  /** The result's alpha: 0 all round the border, 255 inside the disc and the block of scenePng. */
  const expectCutout = async (resultId: string) => {
    const response = await page.request.get(`/api/assets/${resultId}?download=1`);
    const { data: alpha, info } = await sharp(await response.body())
      .ensureAlpha()
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([W, H]);
    const at = (x: number, y: number) => alpha[y * W + x];
    for (const [x, y] of [
      [5, 5],
      [W - 6, 5],
      [5, H - 6],
      [W - 6, H - 6],
      [W / 2, 10],
      [10, H / 2],
    ])
      expect(at(x, y), `alpha at ${x},${y}`).toBe(0);
    expect(at(Math.round(W * 0.42), H / 2)).toBe(255);
    expect(at(Math.round(W * 0.76), Math.round(H * 0.35))).toBe(255);
  };

  // English words first, typed in the Chinese studio; then the Chinese template's own words.
  await prompt.fill('Remove the background');
  await page.getByTestId('edit-submit').click();
  const english = await studio.ids();
  if (process.env.SCREENSHOTS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('before-after').getByRole('slider').fill('25');
    await page.screenshot({ path: shotPath('edit-cutout.zh-CN.png') });
  }
  await expectCutout(english.result);

  // The cut-out template a Chinese reader is offered (透明背景) is in Chinese, and read as the same kind.
  await page.getByRole('button', { name: '透明背景（抠图）' }).click();
  await expect(prompt).toHaveValue(/^去掉背景/);
  await page.getByTestId('edit-submit').click();
  await expect(studio.result).not.toHaveAttribute('data-generation', english.generation, { timeout: 45_000 });
  await expectCutout((await studio.ids()).result);
});

// Outpainting: the image on a larger canvas at its anchor, the new area masked white; the original's
// pixels come back exactly.
test("extends the canvas: the original's pixels come back unchanged", async ({ page }) => {
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(png, 'harbour.png', page.locator('input[type="file"]').first());
  await page.getByTestId('extend-toggle').click();
  const options = page.getByTestId('extend-options');
  await options.getByRole('button', { name: '1:1' }).click();
  await expect(options.getByRole('spinbutton').first()).toHaveValue('640');
  await expect(options.getByRole('spinbutton').last()).toHaveValue('640');
  // The image at the top left: the new area is a band along the bottom.
  await options.getByRole('radio').first().click();
  await expect(page.getByTestId('extend-preview')).toBeVisible();
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('edit-extend.en.png') });
  // A canvas smaller than the image is refused before anything is sent.
  await options.getByRole('spinbutton').last().fill('400');
  await expect(page.getByTestId('extend-problem')).toBeVisible();
  await expect(page.getByTestId('edit-submit')).toBeDisabled();
  await options.getByRole('spinbutton').last().fill('640');
  await page.getByTestId('edit-submit').click();
  const ids = await studio.ids();
  await expect(page.getByTestId('before-after')).toBeVisible();
  if (process.env.SCREENSHOTS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath('edit-extend-result.en.png') });
  }

  const result = await assetPixels(page.request, ids.result);
  expect([result.width, result.height]).toEqual([640, 640]);
  await expect(page.getByTestId('source-info')).toHaveText('Result · 640×640');
  const original = await assetPixels(page.request, ids.original);
  expect([original.width, original.height]).toEqual([W, H]);
  let changed = 0;
  for (let y = 0; y < H; y++) for (let x = 0; x < W * 3; x++) if (result.data[y * 640 * 3 + x] !== original.data[y * W * 3 + x]) changed++;
  expect(changed, 'pixels of the original that changed').toBe(0);
  // The mask the service got: white over the new band, black over the original, nothing between.
  const mask = await assetPixels(page.request, ids.mask!, 1);
  expect([mask.width, mask.height]).toEqual([640, 640]);
  expect(new Set(mask.data)).toEqual(new Set([0, 255]));
  expect(mask.data[(H - 1) * 640 + 639]).toBe(0);
  expect(mask.data[H * 640]).toBe(255);
});

test('refuses an outpainting that is not one, on the server', async ({ page }) => {
  await page.goto('/edit');
  const origin = new URL(page.url()).origin;
  const send = (fields: Record<string, string>) =>
    page.request.post('/edit/run', {
      headers: { origin },
      multipart: { requestId: crypto.randomUUID(), prompt: 'extend the scene', image: { name: 'a.png', mimeType: 'image/png', buffer: png }, ...fields },
    });
  const smaller = await send({ kind: 'local', extendWidth: '600', extendHeight: '480', extendAnchor: 'center' });
  expect(smaller.status()).toBe(400);
  expect((await smaller.json()).error.message).toContain('at least as large as the image');
  const huge = await send({ kind: 'local', extendWidth: '5000', extendHeight: '480', extendAnchor: 'center' });
  expect(huge.status()).toBe(400);
  expect((await huge.json()).error.message).toContain('4096');
  const partial = await send({ kind: 'local', extendWidth: '800' });
  expect(partial.status()).toBe(400);
  expect((await partial.json()).error.message).toContain('width, height and anchor');
});

test('refuses bad files in the browser and on the server, with clear messages', async ({ page }) => {
  const studio = new EditStudio(page);
  await studio.open();
  await page.getByLabel('Choose image').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  const drop = page.getByTestId('source-drop');
  await expect(drop.getByRole('alert')).toContainText('“anim.gif” is not a PNG, JPEG, WebP or HEIC image.');
  const wide = await sharp({ create: { width: 4097, height: 8, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  await page.getByLabel('Choose image').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
  // Over 4096 px a side, the studio fits it on the server and says so (e2e/photos.spec.ts takes a real photo through).
  await expect(page.getByTestId('photo-notice')).toContainText('This photo is 4097×8; it is edited at 4096×8');

  // The server checks again: a request that skips the browser's checks is refused the same way.
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/edit/run', {
    headers: { origin },
    multipart: { requestId: crypto.randomUUID(), kind: 'style', prompt: 'watercolor style', image: { name: 'wide.png', mimeType: 'image/png', buffer: wide } },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).error.message).toContain('at most 4096 px a side. Send fit=true');
  const noMask = await page.request.post('/edit/run', {
    headers: { origin },
    multipart: { requestId: crypto.randomUUID(), kind: 'remove', prompt: 'remove it', image: { name: 'a.png', mimeType: 'image/png', buffer: png } },
  });
  expect(noMask.status()).toBe(400);
  expect((await noMask.json()).error.message).toContain('needs a painted mask');
});

test('an upstream error keeps image, mask and prompt for a retry without re-upload', async ({ page }) => {
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(png);
  await studio.chooseKind('style');
  // Without a mask the service refuses a removal: its own message is shown.
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await prompt.fill('Remove the red block');
  await studio.submit.click();
  await expect(page.getByTestId('edit-error')).toContainText('Object removal needs a mask');
  await expect(studio.canvas).toBeVisible();
  await expect(prompt).toHaveValue('Remove the red block');

  // Retry as a mask edit: paint, keep the prompt (nothing to upload again).
  await studio.chooseKind('remove');
  await studio.paint({ width: W, height: H }, STROKE);
  // What the studio puts in each request: field names only.
  await page.evaluate(() => {
    const w = window as unknown as { sentFields: string[][] };
    w.sentFields = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      if (String(input).endsWith('/edit/run') && init?.body instanceof FormData) w.sentFields.push([...init.body.keys()]);
      return original(input, init);
    };
  });
  const sent = () => page.evaluate(() => (window as unknown as { sentFields: string[][] }).sentFields);
  await studio.submit.click();
  const ids = await studio.ids();
  expect(ids.mask).not.toBeNull();
  expect((await sent())[0]).toEqual(expect.arrayContaining(['image', 'mask', 'prompt']));

  // A further retry refers to the stored original instead of uploading it again.
  await page.getByRole('button', { name: 'Back to the original' }).click();
  await studio.submit.click();
  await expect(studio.result).toBeVisible({ timeout: 45_000 });
  // The result can still be the first run's at that moment: wait for the second request itself.
  await expect.poll(async () => (await sent()).length).toBe(2);
  const second = (await sent())[1];
  expect(second).toEqual(expect.arrayContaining(['assetId', 'mask', 'prompt']));
  expect(second).not.toContain('image');
});

test('shows the wait against 90 s and cancels it', async ({ page }) => {
  await setKnobs({ latencyMs: { '*': 30_000 } });
  try {
    const studio = new EditStudio(page);
    await studio.open();
    await studio.upload(png);
    await studio.chooseKind('style');
    await studio.submit.click();
    await expect(page.getByTestId('edit-elapsed')).toContainText(/[12] s of 90 s/, { timeout: 5000 });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Edit cancelled.')).toBeVisible();
    await expect(studio.canvas).toBeVisible();
    // The server stopped the upstream call and recorded the edit as cancelled.
    await expect(async () => {
      await page.goto('/edit?scope=mine');
      await expect(page.getByTestId('edit-history').getByText('Cancelled').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await setKnobs({ latencyMs: {} });
  }
});

test('continues from a result, lists history mine/team and reopens an edit or an asset', async ({ page }) => {
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(png);
  await studio.chooseKind('style');
  await studio.submit.click();
  const first = await studio.ids();

  await page.getByRole('button', { name: 'Continue editing' }).click();
  await expect(studio.canvas).toBeVisible();
  await studio.chooseKind('add');
  await studio.submit.click();
  const second = await studio.ids();
  expect(second.original).toBe(first.result);

  await studio.open('?scope=mine');
  const history = page.getByTestId('edit-history');
  await expect(history.getByRole('link').first()).toBeVisible();
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page).toHaveURL(/scope=team/);
  await history
    .getByRole('link', { name: /Open: Add a red hot-air balloon/ })
    .first()
    .click();
  await expect(studio.result).toHaveAttribute('data-generation', second.generation);
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Add a red hot-air balloon in the sky');

  // An existing asset opens as the input.
  await studio.open(`?asset=${first.result}`);
  await expect(studio.canvas).toBeVisible();
  await expect(page.getByTestId('source-info')).toContainText(`${W}×${H}`);
});

test('versions: a filmstrip of the steps, any step reopened, two compared, and a branch from an earlier one', async ({ page }) => {
  const studio = new EditStudio(page);
  const versions = page.getByTestId('version');
  await studio.open();
  await studio.upload(png);
  await studio.chooseKind('style');
  await studio.submit.click();
  const first = await studio.ids();
  await expect(versions).toHaveCount(2); // the original and step 1
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await studio.chooseKind('add');
  await studio.submit.click();
  const second = await studio.ids();
  await expect(versions).toHaveCount(3);
  await expect(versions.last()).toHaveAttribute('data-current', 'true');

  // Each step by its number and kind, its prompt cut to a line and whole on hover.
  await expect(versions.getByTestId('version-label')).toHaveText(['Original', '1. Style conversion', '2. Add elements']);
  await expect(versions.nth(2).getByTestId('version-prompt')).toHaveText('Add a red hot-air balloon in the sky');
  await expect(versions.nth(2)).toHaveAttribute('title', '2. Add elements\nAdd a red hot-air balloon in the sky');

  // Two versions in the slider: the original against step 2.
  await page.getByRole('checkbox', { name: 'Compare: Original' }).check();
  await page.getByRole('checkbox', { name: 'Compare: 2. Add elements' }).check();
  await expect(page.getByTestId('comparing')).toHaveText('Original against 2. Add elements');
  const slider = page.getByTestId('before-after');
  await expect(slider.getByRole('img', { name: 'Before' })).toHaveAttribute('src', `/api/assets/${first.original}`);
  await expect(slider.getByRole('img', { name: 'After' })).toHaveAttribute('src', `/api/assets/${second.result}`);

  // The divider follows a drag on the image, by mouse and by finger, as well as the range (the keyboard's).
  const frame = slider.getByTestId('before-after-frame');
  const range = slider.getByRole('slider');
  await slider.scrollIntoViewIfNeeded();
  const box = (await frame.boundingBox())!;
  const y = box.y + box.height / 2;
  const split = async () => Number(await range.inputValue());
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(split).toBeCloseTo(25, -0.5);
  const finger = { pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0, clientY: y };
  await frame.dispatchEvent('pointerdown', { ...finger, clientX: box.x + box.width * 0.6 });
  await frame.dispatchEvent('pointermove', { ...finger, clientX: box.x + box.width * 0.8 });
  await frame.dispatchEvent('pointerup', { ...finger, clientX: box.x + box.width * 0.8 });
  await expect.poll(split).toBeCloseTo(80, -0.5);
  await range.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(split).toBeCloseTo(79, -0.5);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('edit-versions.en.png'), fullPage: true });
  await page.getByRole('button', { name: 'Stop comparing' }).click();
  await expect(page.getByTestId('comparing')).toHaveCount(0);

  // Step 1 reopens with the whole chain around it.
  await versions.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`edit=${first.generation}`));
  await expect(studio.result).toHaveAttribute('data-generation', first.generation);
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(1)).toHaveAttribute('data-current', 'true');

  // Continuing from it makes a branch: step 1, then the new step instead of the old step 2.
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await studio.chooseKind('upscale');
  await studio.submit.click();
  const branch = await studio.ids();
  expect(branch.original).toBe(first.result);
  await expect(versions).toHaveCount(3);
  // The upscale's header says the result's own size, live and when the edit is reopened.
  await expect(page.getByTestId('source-info')).toHaveText(`Result · ${2 * W}×${2 * H}`);
  const chain = (await (await page.request.get(`/api/edits/${branch.generation}/versions`)).json()).versions as Array<{ id: string; parentId: string | null }>;
  expect(chain.map((v) => v.id)).toEqual([first.generation, branch.generation]);
  expect(chain[1].parentId).toBe(first.generation);
  // The old step 2 still has its own chain through step 1.
  const old = (await (await page.request.get(`/api/edits/${second.generation}/versions`)).json()).versions as Array<{ id: string }>;
  expect(old.map((v) => v.id)).toEqual([first.generation, second.generation]);
  // Another team's id is not found.
  expect((await page.request.get(`/api/edits/${crypto.randomUUID()}/versions`)).status()).toBe(404);
  await studio.open(`?edit=${branch.generation}`);
  await expect(studio.result).toHaveAttribute('data-generation', branch.generation);
  await expect(page.getByTestId('source-info')).toHaveText(`Result · ${2 * W}×${2 * H}`);
});

test('suggests background replacement when the mask hugs the edges', async ({ page }) => {
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(png);
  await studio.chooseKind('local');
  await page.getByLabel('Brush size').focus();
  await page.keyboard.press('End');
  await studio.paint({ width: W, height: H }, [
    [20, 20],
    [620, 20],
    [620, 460],
    [20, 460],
    [20, 20],
  ]);
  await expect(page.getByTestId('background-hint')).toBeVisible();
  await page.getByRole('button', { name: 'Use background replacement' }).click();
  await expect(page.getByRole('radio', { name: /Background replacement/ })).toBeChecked();
  await expect(page.getByRole('toolbar', { name: 'Mask tools' })).toHaveCount(0);
});

test('mask keys: undo, redo and brush size, whichever control has focus but a text field', async ({ page }) => {
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(png);
  // The kind chosen from the keyboard: focus stays on its radio, and [ and ] size the brush all the same.
  const local = page.getByRole('radio', { name: /Local modification/ });
  await local.focus();
  await page.keyboard.press('Space');
  await expect(local).toBeChecked();
  await expect(local).toBeFocused();
  const brush = page.getByLabel('Brush size');
  const start = Number(await brush.inputValue());
  await page.keyboard.press(']');
  await expect.poll(async () => Number(await brush.inputValue())).toBeGreaterThan(start);
  await page.keyboard.press('[');
  await expect.poll(async () => Number(await brush.inputValue())).toBeLessThan(start + 1);
  // Typing in the prompt is typing: the bracket is text there.
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  const sized = await brush.inputValue();
  await prompt.focus();
  await page.keyboard.press(']');
  await expect(prompt).toHaveValue(/\]$/);
  await expect(brush).toHaveValue(sized);
  await prompt.blur();

  await studio.paint({ width: W, height: H }, STROKE);
  await expect(studio.submit).toBeEnabled();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(studio.submit).toBeDisabled();
  await page.keyboard.press('Shift+ControlOrMeta+z');
  await expect(studio.submit).toBeEnabled();
  const size = page.getByLabel('Brush size');
  const before = Number(await size.inputValue());
  await page.keyboard.press(']');
  expect(Number(await size.inputValue())).toBeGreaterThan(before);
});

test('the studio fits 1440×900 from upload to Apply without scrolling, and nothing scrolls sideways at 390×844', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(png);
  await studio.chooseKind('local');
  const toolbar = page.getByRole('toolbar', { name: 'Mask tools' });
  const inView = async (name: string, locator: ReturnType<typeof page.locator>) => {
    const box = (await locator.boundingBox())!;
    expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1440 && box.y + box.height <= 900, `${name} at ${JSON.stringify(box)}`).toBe(true);
    return box;
  };
  for (const [name, locator] of [
    ['canvas', studio.canvas],
    ['zoom', page.getByTestId('zoom-level')],
    ['hints', page.getByTestId('mask-hints')],
    ['Apply', studio.submit],
  ] as const)
    await inView(name, locator);
  // The toolbar is one row of buttons.
  expect((await inView('toolbar', toolbar)).height).toBeLessThanOrEqual(52);
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, inner: window.innerHeight }));
  expect(sizes.scroll, 'the page scrolls').toBeLessThanOrEqual(sizes.inner);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(toolbar).toBeVisible();
  const wide = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(wide.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(wide.client);
});
