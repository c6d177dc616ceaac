import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signUpNewTeam } from './support/accounts';
import { EditStudio, testPng } from './support/edit-studio';
import { overflowProblems } from './support/overflow';
import { shotPath } from './support/screenshots';

// Deciding together in the browser: a comment pinned on a 4096² result at (1200, 800) is drawn on
// that pixel of the picture wherever the picture is shown (the studio, the full-screen viewer at
// several zooms, the library at fitted and full size), on the version it was made on only; review
// states, stars and a board's winners; and every page of it, in both languages at a desktop's and a
// phone's size, scrolls no way but down.

const SIDE = 4096;
const AT = { x: 1200, y: 800 };

/** Where the picture's pixel `at` is on screen: the image element's box, fitted whole (object-contain) as the page draws it. */
async function screenPoint(image: Locator, natural: { width: number; height: number }, at: { x: number; y: number }) {
  const box = (await image.boundingBox())!;
  const scale = Math.min(box.width / natural.width, box.height / natural.height);
  return { x: box.x + (box.width - natural.width * scale) / 2 + at.x * scale, y: box.y + (box.height - natural.height * scale) / 2 + at.y * scale, scale };
}

/** The pin's centre is on the pixel, within a screen pixel and a half. */
async function expectPinOn(pin: Locator, image: Locator, at = AT) {
  const want = await screenPoint(image, { width: SIDE, height: SIDE }, at);
  const box = (await pin.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - want.x), 'pin x').toBeLessThan(1.5);
  expect(Math.abs(box.y + box.height / 2 - want.y), 'pin y').toBeLessThan(1.5);
}

async function comment(page: Page, outputId: string, body: string, anchor?: object) {
  const made = await page.request.post(`/api/library/${outputId}/comments`, {
    data: { body, mentions: [], ...(anchor ? { anchor } : {}) },
    headers: { origin: baseURL },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { id: string; threadId: string };
}

test('a comment pinned on a 4096² result at (1200, 800) shows on that pixel in the studio, the viewer at any zoom and the library, on its version only', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const studio = new EditStudio(page);
  await studio.open();
  await studio.upload(await testPng(2048, 2048), 'square.png');
  // Version 1 restyles the 2048² picture; version 2, continued from it, upscales it to 4096² (two variants).
  await studio.chooseKind('style');
  await studio.submit.click();
  const earlier = await studio.ids();
  await page.getByRole('button', { name: 'Continue editing' }).click();
  await expect(studio.canvas).toBeVisible();
  await studio.chooseKind('upscale');
  await expect(page.getByLabel('Output size')).toHaveValue('4096x4096');
  await page.getByRole('radio', { name: '2', exact: true }).check({ force: true });
  await studio.submit.click();
  const first = await studio.ids();
  await expect(page.getByTestId('variant')).toHaveCount(2);
  const panel = page.getByTestId('review-panel');
  const outputId = (await panel.getAttribute('data-output'))!;
  const after = page.getByTestId('before-after').getByRole('img', { name: 'After' });
  await expect.poll(() => after.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(SIDE);

  // Placed by hand: "Pin to a spot", a click on the picture, words, Send.
  await panel.getByRole('button', { name: 'Pin to a spot' }).click();
  const click = await screenPoint(after, { width: SIDE, height: SIDE }, AT);
  await page.mouse.click(click.x, click.y);
  const placed = panel.getByTestId('draft-pin');
  await expect(placed).toContainText('Pinned at (');
  const [, x, y] = /\((\d+), (\d+)\)/.exec((await placed.textContent())!)!.map(Number);
  // A screen pixel is 1/scale of the picture's at this zoom: the pin is where the click was, to that.
  expect(Math.abs(x - AT.x)).toBeLessThanOrEqual(Math.ceil(1 / click.scale));
  expect(Math.abs(y - AT.y)).toBeLessThanOrEqual(Math.ceil(1 / click.scale));
  await panel.getByLabel('Write a comment…').fill('Soften the edge where the block meets the sky');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('thread')).toHaveCount(1);
  const byHand = page.getByTestId('pin').first();
  await expect(byHand).toHaveAttribute('data-x', String(x));
  await expectPinOn(byHand, after, { x, y });

  // At exactly (1200, 800), as the panel sends it: on that pixel in the studio.
  const exact = await comment(page, outputId, 'Exactly here', AT);
  await studio.open(`?edit=${first.generation}`);
  const pin = page.locator(`[data-testid=pin][data-thread="${exact.threadId}"]`);
  await expect(pin).toHaveAttribute('data-x', '1200');
  await expect(pin).toHaveAttribute('data-y', '800');
  await expectPinOn(pin, after);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('review-studio-en-desktop.png') });

  // The full-screen viewer: fitted, then zoomed about the pin (the wheel over it) twice; it stays on its pixel.
  await page.getByTestId('variant-strip').getByRole('button', { name: 'View full screen' }).click();
  const viewer = page.getByTestId('compare-viewer');
  const image = viewer.locator('img[data-viewer-image]').first();
  const viewerPin = viewer.locator(`[data-testid=pin][data-thread="${exact.threadId}"]`);
  await expect(viewerPin).toBeVisible();
  await expectPinOn(viewerPin, image);
  for (const zoom of [1, 2]) {
    const box = (await viewerPin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(async () => Number((await viewer.getByTestId('viewer-zoom').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(zoom * 180);
    await expect(viewerPin).toBeInViewport();
    await expectPinOn(viewerPin, image);
    // A pin keeps its size on screen at any zoom.
    expect(Math.round((await viewerPin.boundingBox())!.width)).toBe(24);
  }
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('review-viewer-en-desktop.png') });
  await page.keyboard.press('Escape');

  // The library: fitted, then at full size (1:1, scrolled to the pin).
  await page.goto(`/library/${outputId}`);
  const media = page.getByTestId('item-media');
  const libraryPin = page.locator(`[data-testid=pin][data-thread="${exact.threadId}"]`);
  await expectPinOn(libraryPin, media);
  await page.getByRole('button', { name: 'Show at full size' }).click();
  await expect.poll(async () => (await media.boundingBox())!.width).toBe(SIDE);
  await libraryPin.scrollIntoViewIfNeeded();
  await expectPinOn(libraryPin, media);

  // Its comments are this version's: the version before it has none, and back on this one they are there.
  await studio.open(`?edit=${earlier.generation}`);
  const panel1 = page.getByTestId('review-panel');
  await expect(panel1).toBeVisible();
  expect(await panel1.getAttribute('data-output')).not.toBe(outputId);
  await expect(panel1.getByText('No comments yet.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('pin')).toHaveCount(0);
  await page.getByTestId('version').nth(2).getByRole('link').click();
  await expect(panel1).toHaveAttribute('data-output', outputId);
  await expect(page.locator(`[data-testid=pin][data-thread="${exact.threadId}"]`)).toBeVisible();
  await expect(page.getByTestId('version').nth(2).getByTestId('review-state')).toHaveCount(0);
});

test('review states, stars, winners and threads on a board and a result, in both languages, at a desktop’s and a phone’s size', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signUpNewTeam(browser, 'Rae Reviewer', 'reviewer@e2e.test');
  const made = await page.request.post('/api/compare', {
    headers: { origin: baseURL },
    data: {
      prompt: 'a paper lantern over a quiet canal',
      models: ['atelier-vista', 'atelier-aquarelle'],
      size: '1024x1024',
      n: 2,
      background: 'opaque',
      seed: 11,
    },
  });
  expect(made.status()).toBe(201);
  const boardId = ((await made.json()) as { id: string }).id;
  await page.goto(`/compare/${boardId}`);
  const images = page.getByTestId('board-image');
  await expect(images).toHaveCount(4);
  await expect(images.first()).toHaveAttribute('data-state', 'archived', { timeout: 30_000 });

  // The board: in review, then approved; the first image its winner, the second model's best its own.
  const boardReview = page.getByTestId('board-review');
  await boardReview.getByRole('radio', { name: 'In review' }).click();
  await expect(boardReview.getByRole('radio', { name: 'In review' })).toHaveAttribute('aria-checked', 'true');
  await images.first().hover();
  await images.first().getByTestId('mark-winner').click();
  await expect(images.first().getByTestId('winner')).toBeVisible();
  await images.nth(3).hover();
  await images.nth(3).getByTestId('mark-column-winner').click();
  await expect(images.nth(3).getByTestId('column-winner')).toBeVisible();
  await boardReview.getByRole('radio', { name: 'Approved' }).click();
  await expect(boardReview.getByTestId('review-state-by')).toContainText('Approved · Rae Reviewer');

  // A result's own page: a thread pinned as a box, a reply, stars; the board shows its count and pin.
  await images.first().hover();
  await images.first().getByRole('link', { name: 'Comments' }).click();
  await page.waitForURL(/\/library\/[0-9a-f-]{36}$/);
  const outputId = page.url().split('/').pop()!;
  const panel = page.getByTestId('review-panel');
  const thread = await comment(page, outputId, 'The lantern’s glow clips at the top: more room above, please.', { x: 380, y: 120, w: 300, h: 220 });
  await page.request.post(`/api/library/${outputId}/comments`, {
    headers: { origin: baseURL },
    data: { body: 'Agreed — and warmer light.', mentions: [], threadId: thread.threadId },
  });
  await comment(page, outputId, 'Keep the reflections as they are.', { x: 520, y: 760 });
  await page.reload();
  await expect(panel.getByTestId('thread')).toHaveCount(2);
  await panel.getByRole('radio', { name: '4 stars' }).click();
  await expect(panel.getByTestId('rating-average')).toHaveText('4.0 average · 1 rating');
  await expect(page.getByTestId('pin')).toHaveCount(2);
  // The library finds it among approved winners.
  const winners = (await (await page.request.get('/api/library?winners=1')).json()) as { items: Array<{ id: string }> };
  expect(winners.items.map((i) => i.id)).toContain(outputId);

  for (const viewport of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    for (const locale of ['en', 'zh-CN'] as const) {
      await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: baseURL }]);
      await page.setViewportSize(viewport);
      for (const [name, path] of [
        ['result', `/library/${outputId}`],
        ['board', `/compare/${boardId}`],
        ['filtered', '/library?review=approved'],
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        expect.soft(await page.evaluate(overflowProblems), `${name} ${locale} ${viewport.name}`).toEqual([]);
        if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath(`review-${name}-${locale}-${viewport.name}.png`), fullPage: true });
      }
    }
  }
  await page.context().close();
});
