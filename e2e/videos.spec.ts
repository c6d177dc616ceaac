import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { setKnobs } from './support/knobs';
import { VideosPage } from './support/videos';

/** Rendering under CI load can take a while; every wait for the service is generous, none is a sleep. */
const RENDER_MS = 150_000;

test.describe('videos', () => {
  test.describe.configure({ timeout: 300_000 });

  test('creates a 3-second 480p video, follows its progress live and plays the archived MP4', async ({ page }) => {
    const videos = new VideosPage(page);
    const prompt = `A paper boat drifting on a pond ${randomUUID().slice(0, 8)}`;
    await page.goto('/videos');
    // A marker on window proves the page is never reloaded or navigated while the video renders.
    await page.evaluate(() => ((window as unknown as { stay: boolean }).stay = true));

    const form = videos.form();
    await form.getByLabel('Model').selectOption('atelier-motion');
    await form.getByText('3 s', { exact: true }).click();
    await form.getByText('480p', { exact: true }).click();
    // 3 s × 0.1 CNY a second of 480p, from the service's price list.
    await expect(form.getByTestId('video-estimate-cost')).toContainText('0.30');
    await expect(form.getByTestId('video-estimate-time')).toContainText('s');

    const card = await videos.create({ model: 'atelier-motion', prompt, duration: '3 s', resolution: '480p' });
    await expect(card).toBeVisible({ timeout: 30_000 });
    // Every progress value the card shows is recorded as it changes.
    await card.evaluate((el) => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      const note = () => {
        const state = el.querySelector('[data-testid="video-state"]')?.getAttribute('data-state');
        const progress = el.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? '-';
        const entry = `${state}:${progress}`;
        if (seen.at(-1) !== entry) seen.push(entry);
      };
      note();
      new MutationObserver(note).observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const seenStart = await page.evaluate(() => (window as unknown as { seen: string[] }).seen[0]);
    expect(seenStart, 'a new video starts unfinished, with a progress bar').toMatch(/^(pending|running|archiving):\d+$/);

    await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'completed', { timeout: RENDER_MS });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    test.info().annotations.push({ type: 'progress seen', description: seen.join(' ') });
    expect(seen.length, `progress seen: ${seen.join(' ')}`).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as { stay?: boolean }).stay)).toBe(true);
    await expect(card.getByRole('progressbar')).toHaveCount(0);
    await expect(card.locator('video')).toHaveAttribute('src', /^\/api\/assets\/[0-9a-f-]{36}(#t=[\d.]+)?$/);
    // Its poster is a real frame of the video (not the black first one), small, made on the server.
    const poster = await page.request.get((await card.locator('video').getAttribute('poster'))!);
    expect(poster.headers()['content-type']).toBe('image/webp');
    const frame = sharp(await poster.body());
    expect((await frame.metadata()).width).toBe(512);
    expect(Math.max(...(await frame.stats()).channels.slice(0, 3).map((c) => c.mean))).toBeGreaterThan(30);

    await card.click();
    await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
    const player = page.getByTestId('video-player');
    await expect(player).toBeVisible();
    await expect(page.getByTestId('video-prompt')).toHaveText(prompt);
    await expect(page.getByText('atelier-motion', { exact: true })).toBeVisible();
    await expect(page.getByTestId('video-storage')).toContainText('Archived in Atelier storage');
    // It was the service's completion webhook that reached us (only a delivery sets this), not polling alone.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('video-callback')).toHaveAttribute('data-state', 'heard', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    const src = (await player.getAttribute('src'))!;
    const full = await page.request.get(src);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toBe('video/mp4');
    const bytes = await full.body();
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const ranged = await page.request.get(src, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status()).toBe(206);
    expect(ranged.headers()['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect((await ranged.body()).length).toBe(100);

    const download = page.getByRole('link', { name: 'Download MP4' });
    const downloaded = await page.request.get((await download.getAttribute('href'))!);
    expect(downloaded.status()).toBe(200);
    expect(downloaded.headers()['content-disposition']).toContain('attachment');
  });

  test('a failed video shows its error, and Retry starts a linked task that completes', async ({ page }) => {
    const videos = new VideosPage(page);
    const prompt = `A lighthouse in a storm ${randomUUID().slice(0, 8)}`;
    await setKnobs({ failModels: ['atelier-motion-pro'] });
    try {
      await page.goto('/videos');
      const card = await videos.create({ model: 'atelier-motion-pro', prompt, duration: '5 s', resolution: '480p' });
      await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'failed', { timeout: RENDER_MS });
      await expect(card.getByTestId('video-error')).toContainText('atelier-motion-pro failed while rendering');

      // The library's status filter keeps it; the other filter hides it.
      await page.getByRole('group', { name: 'Filters' }).getByLabel('Status').selectOption('failed');
      await expect(page).toHaveURL(/status=failed/);
      await expect(videos.card(prompt)).toBeVisible();
      await page.getByRole('group', { name: 'Filters' }).getByLabel('Status').selectOption('completed');
      await expect(videos.card(prompt)).toHaveCount(0);
      await page.goto('/videos');

      await videos.card(prompt).click();
      await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('video-error')).toContainText('atelier-motion-pro failed while rendering');
    } finally {
      await setKnobs({ failModels: [] });
    }

    const failedId = page.url().split('/').at(-1)!;
    await page.getByRole('button', { name: 'Retry with the same settings' }).click();
    await expect(page).not.toHaveURL(new RegExp(`${failedId}$`), { timeout: 30_000 });
    await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
    // The new attempt renders with live progress on its own page and turns into the player.
    await expect(page.getByTestId('video-player')).toBeVisible({ timeout: RENDER_MS });
    await expect(page.getByTestId('video-prompt')).toHaveText(prompt);
    await expect(page.getByRole('link', { name: 'an earlier attempt' })).toHaveAttribute('href', `/videos/${failedId}`);
    const player = page.getByTestId('video-player');
    const response = await page.request.get((await player.getAttribute('src'))!, { headers: { range: 'bytes=0-15' } });
    expect(response.status()).toBe(206);
    expect(response.headers()['content-type']).toBe('video/mp4');
  });

  test('completes through polling alone when no webhook ever arrives, and a forged delivery changes nothing', async ({ page }) => {
    await setKnobs({ dropWebhooks: true });
    try {
      const videos = new VideosPage(page);
      await page.goto('/videos');
      const prompt = `Fog over a harbour, no callback ${randomUUID().slice(0, 8)}`;
      const card = await videos.create({ model: 'atelier-motion', prompt, duration: '3 s', resolution: '480p' });
      await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'completed', { timeout: RENDER_MS });
      await card.click();
      const callback = page.getByTestId('video-callback');
      await expect(callback).toHaveAttribute('data-state', 'waiting');

      // A forged delivery for this very task: unsigned, so refused before the task is even looked up; nothing changes.
      const taskId = (await callback.getAttribute('data-task-id'))!;
      const forged = await page.request.post(`/api/webhooks/video/${taskId}/${'x'.repeat(32)}`, {
        data: { type: 'video_generation.completed', data: { status: 'failed' } },
      });
      expect(forged.status()).toBe(401);
      await page.reload();
      await expect(page.getByTestId('video-callback')).toHaveAttribute('data-state', 'waiting');
      await expect(page.getByTestId('video-player')).toBeVisible();
    } finally {
      await setKnobs({ dropWebhooks: false });
    }
  });

  test('the status route and the player only know the active team’s videos', async ({ page }) => {
    const stranger = randomUUID();
    const status = await page.request.get(`/api/videos/status?ids=${stranger}`);
    expect(status.status()).toBe(200);
    expect((await status.json()).videos).toEqual([]);
    expect((await page.request.get('/api/videos/status?ids=not-a-uuid')).status()).toBe(400);
    const signedOut = await page
      .context()
      .browser()!
      .newContext({ storageState: { cookies: [], origins: [] } });
    expect((await signedOut.request.get(`${baseURL}/api/videos/status?ids=${stranger}`)).status()).toBe(401);
    await signedOut.close();
    // The page streams behind its loading skeleton, so the 404 shows as the not-found screen.
    await page.goto(`/videos/${stranger}`);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expect(page.getByTestId('video-player')).toHaveCount(0);
  });
});
