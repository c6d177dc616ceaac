import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { EditStudio, testPng } from './support/edit-studio';

// Every check reads the mask the studio exports (the service's convention: one grey channel at the
// image's natural size, white = edit), drawn with real pointer input.
const W = 640;
const H = 480;
const BLOCK = [200, 60, 50] as const;
// Tall enough for the whole canvas below the two-row toolbar: pointer input goes where the eye would.
test.use({ viewport: { width: 1280, height: 1000 } });

let png: Buffer;
test.beforeAll(async () => {
  png = await testPng(W, H);
});

async function openStudio(page: Page, image = png) {
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(image);
  await studio.chooseKind('local');
  // Hard edges, so every pixel is 0 or 255 and can be compared exactly. The slider's own read-out says
  // the studio took it (not only the input).
  const panel = await more(page);
  await panel.getByLabel('Feather').fill('0');
  await expect(panel.locator('label', { hasText: 'Feather' })).toHaveText(/^Feather\s*0\s*px$/);
  // Shut again before drawing, as exported() does: with it open, a press on the canvas first shuts it,
  // and a loaded run's shapes came out displaced (19,202 pixels of a 200×120 rectangle wrong).
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  return studio;
}

/** The toolbar's "More" panel (edges, invert, clear, the overlay, mask files), opened if it is shut. */
async function more(page: Page) {
  const button = page.getByRole('button', { name: 'More', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.getByRole('group', { name: 'More', exact: true });
}

const tool = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** Screen position of an image pixel's corner (the canvas fits the image with a 16 px margin). */
async function screenOf(studio: EditStudio) {
  const box = (await studio.canvas.boundingBox())!;
  const zoom = Math.min((box.width - 32) / W, (box.height - 32) / H);
  const ox = box.x + (box.width - W * zoom) / 2;
  const oy = box.y + (box.height - H * zoom) / 2;
  return ([x, y]: readonly [number, number]) => [ox + x * zoom, oy + y * zoom] as const;
}

async function drag(studio: EditStudio, from: [number, number], to: [number, number], modifier?: 'Shift' | 'Alt') {
  const at = await screenOf(studio);
  const page = studio.page;
  if (modifier) await page.keyboard.down(modifier);
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 6 });
  await page.mouse.up();
  if (modifier) await page.keyboard.up(modifier);
}

async function click(studio: EditStudio, point: [number, number]) {
  const at = await screenOf(studio);
  await studio.page.mouse.click(...at(point));
}

/** The exported mask's one channel, row by row. */
async function exported(page: Page): Promise<Uint8Array> {
  const download = page.waitForEvent('download');
  await (await more(page)).getByRole('button', { name: 'Export mask' }).click();
  const file = await download;
  await page.keyboard.press('Escape'); // the panel shut again, off the canvas
  expect(file.suggestedFilename()).toBe(`mask-${W}x${H}.png`);
  const bytes = await readFile((await file.path())!);
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height, meta.channels]).toEqual([W, H, 1]);
  return new Uint8Array(await sharp(bytes).extractChannel(0).raw().toBuffer());
}

/** Pixels where the mask differs from what `expected(x, y)` says should be selected. */
function differences(mask: Uint8Array, expected: (x: number, y: number) => boolean): Array<[number, number]> {
  const wrong: Array<[number, number]> = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if ((mask[y * W + x] === 255) !== expected(x, y)) wrong.push([x, y]);
  return wrong;
}

const inRect = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) => x >= x0 && x < x1 && y >= y0 && y < y1;

test('rectangle, ellipse, subtract, grow and shrink write exactly their pixels; undo takes each back', async ({ page }) => {
  const studio = await openStudio(page);
  await tool(page, 'Rectangle');
  await drag(studio, [100, 80], [300, 200]);
  expect(differences(await exported(page), inRect(100, 80, 300, 200))).toEqual([]);

  // Alt subtracts, whatever the mode.
  await drag(studio, [150, 100], [200, 150], 'Alt');
  const holed = (x: number, y: number) => inRect(100, 80, 300, 200)(x, y) && !inRect(150, 100, 200, 150)(x, y);
  expect(differences(await exported(page), holed)).toEqual([]);

  // Grow by 10: every pixel within 10 px of the selection joins (the hole narrows by 10 a side).
  await (await more(page)).getByLabel('Edge pixels').fill('10');
  await (await more(page)).getByRole('button', { name: 'Grow' }).click();
  const grown = await exported(page);
  expect([grown[140 * W + 90], grown[140 * W + 89], grown[140 * W + 309], grown[140 * W + 310]]).toEqual([255, 0, 255, 0]);
  expect([grown[70 * W + 200], grown[69 * W + 200], grown[125 * W + 159], grown[125 * W + 160], grown[125 * W + 189], grown[125 * W + 190]]).toEqual([
    255, 0, 255, 0, 0, 255,
  ]);

  // Undo brings the edge back; Shrink moves it inward instead.
  await page.getByRole('button', { name: 'Undo' }).click();
  expect(differences(await exported(page), holed)).toEqual([]);
  await (await more(page)).getByRole('button', { name: 'Shrink' }).click();
  const shrunk = await exported(page);
  expect([shrunk[180 * W + 110], shrunk[180 * W + 109], shrunk[180 * W + 289], shrunk[180 * W + 290]]).toEqual([255, 0, 255, 0]);
  expect([shrunk[89 * W + 250], shrunk[90 * W + 250], shrunk[125 * W + 139], shrunk[125 * W + 140]]).toEqual([0, 255, 255, 0]);

  // Replace mode: an ellipse in place of everything before it.
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await tool(page, 'Ellipse');
  await drag(studio, [400, 100], [560, 300]);
  const inEllipse = (x: number, y: number) => ((x + 0.5 - 480) / 80) ** 2 + ((y + 0.5 - 200) / 100) ** 2 <= 1;
  expect(differences(await exported(page), inEllipse)).toEqual([]);
});

test('the polygon lasso selects its polygon, the freehand lasso what it encircles', async ({ page }) => {
  const studio = await openStudio(page);
  await tool(page, 'Polygon lasso');
  const corners: Array<[number, number]> = [
    [100, 60],
    [400, 120],
    [320, 400],
    [60, 300],
  ];
  for (const corner of corners) await click(studio, corner);
  await page.keyboard.press('Enter');
  const inside = (x: number, y: number) => {
    // Even-odd test of the pixel's centre.
    let odd = false;
    for (let i = 0, j = corners.length - 1; i < corners.length; j = i++) {
      const [xi, yi] = corners[i];
      const [xj, yj] = corners[j];
      if (yi > y + 0.5 !== yj > y + 0.5 && x + 0.5 < ((xj - xi) * (y + 0.5 - yi)) / (yj - yi) + xi) odd = !odd;
    }
    return odd;
  };
  const mask = await exported(page);
  // A click lands within a screen pixel of its corner: only pixels whose centres lie that near an edge may differ.
  const screenPixel = W / ((await studio.canvas.boundingBox())!.width - 32);
  const nearEdge = ([x, y]: [number, number]) =>
    corners.some(([ax, ay], i) => {
      const [bx, by] = corners[(i + 1) % corners.length];
      const t = Math.max(0, Math.min(1, ((x + 0.5 - ax) * (bx - ax) + (y + 0.5 - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
      return Math.hypot(x + 0.5 - ax - t * (bx - ax), y + 0.5 - ay - t * (by - ay)) <= Math.max(1, screenPixel);
    });
  expect(differences(mask, inside).filter((p) => !nearEdge(p))).toEqual([]);
  expect(mask.filter((v) => v === 255).length).toBeGreaterThan(60_000);

  // Freehand: a loop around the disc (centre 461,192), subtracted with Alt from a full selection.
  await (await more(page)).getByRole('button', { name: 'Clear' }).click();
  await (await more(page)).getByRole('button', { name: 'Invert' }).click();
  await tool(page, 'Lasso');
  const at = await screenOf(studio);
  await page.keyboard.down('Alt');
  await page.mouse.move(...at([461 + 90, 192]));
  await page.mouse.down();
  for (let i = 1; i <= 48; i++) {
    const a = (i / 48) * Math.PI * 2;
    await page.mouse.move(...at([461 + 90 * Math.cos(a), 192 + 90 * Math.sin(a)]));
  }
  await page.mouse.up();
  await page.keyboard.up('Alt');
  const cut = await exported(page);
  expect([cut[192 * W + 461], cut[192 * W + 530], cut[192 * W + 560], cut[10 * W + 10]]).toEqual([0, 0, 255, 255]);
});

test('the magic wand picks its colour region within tolerance, contiguous or across the image', async ({ page }) => {
  // Two blocks of one colour on a gradient, apart from each other.
  const raw = Buffer.alloc(W * H * 3);
  const blockA = inRect(60, 60, 200, 180);
  const blockB = inRect(400, 260, 560, 420);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const colour = blockA(x, y) || blockB(x, y) ? BLOCK : [30 + Math.round((x / W) * 100), 120, 200];
      raw.set(colour, 3 * (y * W + x));
    }
  }
  const studio = await openStudio(
    page,
    await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer(),
  );
  await tool(page, 'Magic wand');
  await page.getByLabel('Tolerance').fill('20');
  await click(studio, [100, 100]);
  expect(differences(await exported(page), blockA)).toEqual([]);

  await page.getByLabel('Contiguous').uncheck();
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await click(studio, [100, 100]);
  expect(differences(await exported(page), (x, y) => blockA(x, y) || blockB(x, y))).toEqual([]);

  // On the gradient, the tolerance bounds the pick: 20 reaches ±20 in red (x ± 128 px, in steps of 6.4).
  await click(studio, [320, 30]);
  const band = await exported(page);
  const picked = (x: number) => band[30 * W + x] === 255;
  expect(picked(320) && picked(440) && picked(200)).toBe(true);
  expect(picked(460) || picked(180)).toBe(false);
});

test('masks import in both conventions and round-trip; another size is refused; the overlay colour is kept', async ({ page }) => {
  const studio = await openStudio(page);
  const importer = {
    setInputFiles: async (file: { name: string; mimeType: string; buffer: Buffer }) => (await more(page)).getByLabel('Import mask').setInputFiles(file),
  };

  // Greyscale, white = edit, with a grey band: exported byte for byte.
  const grey = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) grey[y * W + x] = x < 200 ? 255 : x < 260 ? 128 : y > 400 ? 255 : 0;
  const greyPng = await sharp(Buffer.from(grey), { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
  await importer.setInputFiles({ name: 'grey.png', mimeType: 'image/png', buffer: greyPng });
  await expect(studio.submit).toBeEnabled();
  expect(Buffer.from(await exported(page)).equals(Buffer.from(grey))).toBe(true);

  // Alpha, transparent = edit (OpenAI's convention): exported as white where it was transparent.
  const rgba = Buffer.alloc(W * H * 4, 255);
  for (let i = 0; i < W * H; i++) rgba[4 * i + 3] = inRect(300, 100, 500, 300)(i % W, Math.floor(i / W)) ? 0 : 255;
  const alphaPng = await sharp(rgba, { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toBuffer();
  await importer.setInputFiles({ name: 'alpha.png', mimeType: 'image/png', buffer: alphaPng });
  expect(differences(await exported(page), inRect(300, 100, 500, 300))).toEqual([]);

  // Another size: refused, saying both sizes; the mask stays as it was.
  const small = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  await importer.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: small });
  await expect(page.getByText('The mask is 320×240; this image is 640×480. A mask must be the image’s size.')).toBeVisible();
  expect(differences(await exported(page), inRect(300, 100, 500, 300))).toEqual([]);

  // The overlay colour is the user's: still chosen after a reload.
  await (await more(page)).getByRole('button', { name: 'Cyan' }).click();
  await expect(page.getByRole('button', { name: 'Cyan' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');
  await page.reload();
  await studio.upload(png);
  await studio.chooseKind('local');
  await expect((await more(page)).getByRole('button', { name: 'Cyan' })).toHaveAttribute('aria-pressed', 'true');
});

test('a pen’s pressure sets the brush size; two fingers pinch to zoom', async ({ page }) => {
  const studio = await openStudio(page);
  const at = await screenOf(studio);
  const cdp = await page.context().newCDPSession(page);
  // A pen stroke along y = 240, pressed harder and harder.
  const pen = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', [x, y]: readonly [number, number], force: number) =>
    cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons: type === 'mouseReleased' ? 0 : 1, clickCount: 1, pointerType: 'pen', force });
  await pen('mouseMoved', at([100, 240]), 0);
  await pen('mousePressed', at([100, 240]), 0.1);
  for (let x = 110; x <= 540; x += 10) await pen('mouseMoved', at([x, 240]), 0.1 + (0.9 * (x - 100)) / 440);
  await pen('mouseReleased', at([540, 240]), 0);
  const mask = await exported(page);
  const thickness = (x: number) => [...Array(H).keys()].filter((y) => mask[y * W + x] === 255).length;
  expect(thickness(150)).toBeGreaterThan(0);
  expect(thickness(500)).toBeGreaterThan(2 * thickness(150));

  // Two touch points moving apart: the view zooms in.
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  const zoomLabel = page.getByTestId('zoom-level');
  const before = parseInt((await zoomLabel.textContent())!, 10);
  const [cx, cy] = at([320, 240]);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: cx - spread, y: cy, id: 1 },
              { x: cx + spread, y: cy, id: 2 },
            ],
    });
  await touch('touchStart', 40);
  for (let s = 50; s <= 120; s += 10) await touch('touchMove', s);
  await touch('touchEnd', 120);
  await expect.poll(async () => parseInt((await zoomLabel.textContent())!, 10)).toBeGreaterThan(before * 2);
  // Pinching painted nothing.
  expect(Buffer.from(await exported(page)).equals(Buffer.from(mask))).toBe(true);
});
