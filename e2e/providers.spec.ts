import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { readMp4 } from '@atelier/reference-service/testing';
import { FAKE_MODELS, FAKE_VIDEO_MODELS, startProviderFakes, type ProviderFakes } from '@atelier/reference-service/testing/providers';
import { startAtelier, type Atelier } from '../test/support/atelier';
import { signUp } from './support/accounts';
import { CompareBoardPage } from './support/compare-board';
import { EditStudio } from './support/edit-studio';
import { overflowProblems } from './support/overflow';
import { shotPath } from './support/screenshots';
import { VideosPage } from './support/videos';

// Atelier over a reference service whose models run at providers (SERVICE_PROVIDERS_FILE), each
// provider a fake speaking its own wire format in this process: a board across four providers, a
// content refusal in both languages, the studio greying what a model cannot do, a masked edit at
// OpenAI's fake that leaks outside the mask (measured and restored by the mask guard), a video made
// at Kling's fake and archived, and no provider key in anything a browser or a log line ever saw.

test.setTimeout(300_000);
test.describe.configure({ mode: 'serial' });

let fakes: ProviderFakes;
let atelier: Atelier;
let dir: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  fakes = await startProviderFakes();
  dir = await mkdtemp(path.join(tmpdir(), 'atelier-providers-'));
  // The service polls its providers' tasks every 300 ms (5 s by default): the video ends as soon as the fake's does.
  const env = { SERVICE_PROVIDERS_FILE: await fakes.writeProvidersFile(dir), SERVICE_PROVIDER_POLL_MS: '300', ...fakes.env };
  atelier = await startAtelier({ database: 'pglite', env });
});
test.afterAll(async () => {
  await atelier?.stop();
  await fakes?.close();
  await rm(dir, { recursive: true, force: true });
});

const M = FAKE_MODELS;

/** A 1024² picture (OpenAI's native size: nothing resampled on the way): sky over sea, a sun. */
const picture = () =>
  sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#7fb2e5' } })
    .composite([
      { input: { create: { width: 1024, height: 400, channels: 3, background: '#1d4e89' } }, left: 0, top: 624 },
      {
        input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="90" fill="#f6c445"/></svg>'),
        left: 600,
        top: 150,
      },
    ])
    .png()
    .toBuffer();

async function shoot(page: Page, name: string) {
  expect(await page.evaluate(overflowProblems), name).toEqual([]);
  await page.screenshot({ path: shotPath(`${name}.png`), fullPage: true });
}

async function setLocale(page: Page, atelier: Atelier, locale: 'en' | 'zh-CN') {
  await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: atelier.origin }]);
  await page.reload();
}

test('a board across four providers, a refusal in both languages, and a masked edit at OpenAI held to its mask', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: atelier.origin, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'atelier-locale', value: 'en', url: atelier.origin }]);
  const page = await context.newPage();
  // Everything the browser is sent, to grep for keys at the end.
  const seen: string[] = [];
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/json|text|javascript|html/.test(type)) seen.push(await response.text().catch(() => ''));
  });
  try {
    await signUp(page, { name: 'Priya Providers', email: 'priya@providers.test', password: 'providers-password-1' });
    await page.waitForURL(/\/edit$/);

    // The board's picker says where each model runs and what it can make.
    const board = new CompareBoardPage(page);
    await board.open();
    const openaiBox = page.getByRole('checkbox', { name: new RegExp(`^${M.openai.image.id}\\b`) });
    await expect(page.locator('label', { has: openaiBox })).toContainText('OpenAI');
    await page.getByLabel('Background', { exact: true }).selectOption('transparent');
    const falLabel = page.locator('label', { has: page.getByRole('checkbox', { name: new RegExp(`^${M.fal.image.id}\\b`) }) });
    await expect(falLabel).toHaveAttribute('data-refused', '');
    await expect(falLabel).toContainText('No transparent background');
    await page.getByLabel('Background', { exact: true }).selectOption('auto');

    // Four models at four providers, one board.
    const four = [M.openai.image.id, M.dashscope.image.id, M.fal.image.id, M.google.image.id];
    await board.fill({ prompt: 'a red lighthouse on a cliff at dusk', models: four, seed: 11 });
    await shoot(page, 'providers-board-form.en');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'providers-board-form.en.phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await board.run();
    await expect(board.columns()).toHaveCount(4);
    for (const model of four) await expect(board.column(model).getByTestId('board-image')).toHaveCount(1);
    await board.archived();
    for (const provider of ['openai', 'dashscope', 'fal', 'google'] as const) expect(fakes[provider].calls.length).toBeGreaterThan(0);
    // The pictures are drawn before they are looked at.
    const drawn = () => page.locator('img[data-asset-id]').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
    await expect.poll(async () => (await drawn()).every((width) => width > 0)).toBe(true);
    await shoot(page, 'providers-board.en');

    // A provider's content refusal: the column says so in the reader's language, and it costs nothing.
    fakes.replicate.faults.push({ kind: 'content_policy' });
    await board.open();
    await board.fill({ prompt: 'something the provider refuses', models: [M.replicate.image.id, M.openai.image.id], seed: 12 });
    await board.run();
    const refused = board.column(M.replicate.image.id);
    await expect(refused).toContainText('refused this request under its content policy. Nothing was charged.');
    await expect(refused).toContainText('content_policy');
    await shoot(page, 'providers-refusal.en');
    await setLocale(page, atelier, 'zh-CN');
    await expect(board.column(M.replicate.image.id)).toContainText('模型提供方依据其内容政策拒绝了此请求，未产生费用。');
    await shoot(page, 'providers-refusal.zh-CN');
    await setLocale(page, atelier, 'en');

    // The studio greys the kinds a model cannot do, with the reason.
    const studio = new EditStudio(page);
    await studio.open();
    await studio.upload(await picture(), 'sky.png');
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption(M.google.edit.id);
    const local = page.locator('label', { has: page.getByRole('radio', { name: /Local modification/ }) });
    await expect(local).toHaveAttribute('data-refused', '');
    await expect(local).toHaveAttribute('title', `${M.google.edit.id} (Google) takes no mask: pick another model for this kind.`);
    await expect(page.getByTestId('kind-refusals')).toContainText('Local modification, Object removal:');
    await shoot(page, 'providers-studio-refused.en');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'providers-studio-refused.en.phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLocale(page, atelier, 'zh-CN');
    await studio.upload(await picture(), 'sky.png', page.locator('input[type=file]').first());
    await page.locator(`select:has(option[value="${M.google.edit.id}"])`).selectOption(M.google.edit.id);
    await expect(page.locator('label[data-refused]', { has: page.locator('input[value=local]') })).toHaveAttribute(
      'title',
      `${M.google.edit.id} (Google) 不接受蒙版：这类编辑请换一个模型。`,
    );
    await shoot(page, 'providers-studio-refused.zh-CN');
    await setLocale(page, atelier, 'en');

    // A masked edit at OpenAI's fake, which repaints 30 % of what lies outside the mask.
    await fetch(`${fakes.openai.origin}/__fake/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ leak: 0.3 }),
    });
    await studio.open();
    await studio.upload(await picture(), 'sky.png');
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption(M.openai.edit.id);
    await studio.chooseKind('local');
    await studio.paint({ width: 1024, height: 1024 }, [
      [600, 200],
      [700, 250],
      [800, 300],
    ]);
    await page.getByLabel('Prompt').fill('Turn the painted area into a red kite');
    await studio.submit.click();
    await studio.ids();
    const label = page.getByTestId('mask-guard-label');
    await expect(label).toHaveText(/^Outside the mask: \d+\.\d% changed — restored$/);
    const changed = Number(/([\d.]+)%/.exec((await label.textContent())!)![1]);
    expect(changed).toBeGreaterThan(20);
    expect(changed).toBeLessThanOrEqual(31);
    const edit = fakes.openai.calls.findLast((c) => c.path === '/v1/images/edits')!;
    expect((edit.body as { mask?: unknown }).mask).toBeTruthy();
    await shoot(page, 'providers-studio-edit.en');

    // No provider key anywhere a browser or a log line saw: pages, API answers, the server's log, the requests CSV.
    const csv = await page.request.get('/api/requests/export');
    seen.push(await csv.text());
    const everything = seen.join('\n') + atelier.log();
    for (const key of Object.values(fakes.env)) expect(everything).not.toContain(key);
  } finally {
    await context.close();
  }
});

test("a video at Kling's fake: followed, archived and played; a failure in both languages at no cost", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: atelier.origin, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'atelier-locale', value: 'en', url: atelier.origin }]);
  const page = await context.newPage();
  const kling = FAKE_VIDEO_MODELS.kling.id;
  try {
    await signUp(page, { name: 'Kai Video', email: 'kai@providers.test', password: 'providers-password-2' });
    await page.waitForURL(/\/edit$/);
    const videos = new VideosPage(page);
    await page.goto('/videos');
    const form = videos.form();

    // The form says who makes the model, offers what it can make, and keeps the sound box off for a silent one.
    await form.getByLabel('Model', { exact: true }).selectOption(kling);
    await expect(form.getByLabel('Model', { exact: true }).locator('option:checked')).toHaveText(`${kling} · Kling AI`);
    await expect(form.getByLabel('Generate audio')).toBeDisabled();
    await expect(form).toContainText('This model makes silent videos.');
    await shoot(page, 'providers-video-form.en');

    const prompt = 'a paper lantern rising over a night market';
    // Kling's master model makes 1080p only: the form offers nothing else.
    await expect(form.getByText('720p', { exact: true })).toHaveCount(0);
    const card = await videos.create({ model: kling, prompt, duration: '5 s', resolution: '1080p' });
    await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'completed', { timeout: 60_000 });
    const submitted = fakes.kling.calls.filter((c) => c.method === 'POST');
    expect(submitted).toHaveLength(1);
    expect(submitted[0].body).toMatchObject({ prompt, duration: '5', aspect_ratio: '16:9' });

    // Archived in Atelier: the file is ours, an MP4 the size Kling made.
    await card.click();
    await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('video-storage')).toContainText('Archived in Atelier storage');
    const src = (await page.getByTestId('video-player').getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/assets\//);
    const mp4 = readMp4(await (await page.request.get(src)).body());
    expect(mp4.tracks.find((t) => t.handler === 'vide')).toMatchObject({ width: 1920, height: 1080 });
    expect(mp4.durationSeconds).toBeCloseTo(5, 0);
    // Its price is the catalog's: 5 s of 1080p at 0.80 a second.
    await expect(page.getByTestId('video-cost')).toContainText('¥4.00');
    await shoot(page, 'providers-video-player.en');

    // A task Kling fails: its reason, in the reader's language, and nothing charged.
    fakes.kling.faults.push({ kind: 'task_failed' });
    await page.goto('/videos');
    const failedPrompt = 'a lantern Kling fails to make';
    const failed = await videos.create({ model: kling, prompt: failedPrompt, duration: '5 s', resolution: '1080p' });
    await expect(failed.getByTestId('video-state')).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
    await expect(failed.getByTestId('video-error')).toContainText('The model could not produce a result.');
    await expect(failed.getByTestId('video-error')).toContainText('Kling AI');
    await shoot(page, 'providers-video-failed.en');
    await setLocale(page, atelier, 'zh-CN');
    await expect(videos.card(failedPrompt).getByTestId('video-error')).toContainText('模型未能生成结果。');
    await shoot(page, 'providers-video-failed.zh-CN');
    await videos.card(failedPrompt).click();
    await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('video-cost')).toHaveText('¥0.00 · 未收费');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'providers-video-failed.zh-CN.phone');
  } finally {
    await context.close();
  }
});
