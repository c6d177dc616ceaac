import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { KnobSettings } from '@atelier/reference-service/testing';
import { baseURL } from '../playwright.config';
import { signUp, signUpNewTeam } from './support/accounts';
import { testPng } from './support/edit-studio';
import { setKnobs } from './support/knobs';
import { shotPath } from './support/screenshots';

// The mask guard beyond the studio, from real masked edits (an edit board with models that leak
// outside the mask, through the reference service's leakyModels knob): an item of the library, the
// dashboard's mask obedience, and the team's switch in Settings → Team (read-only for a member).
// SCREENSHOTS=1 also takes their pictures, in both languages and both themes.

const W = 960;
const H = 630;
const BOARD = ['atelier-edit', 'atelier-edit-hd', 'atelier-edit-fast'];

interface Outcome {
  results: Array<{ outputId: string; model: string; rawAssetId: string | null; maskGuard: { restored: boolean } | null }>;
}

/** A white rectangle over the middle third of a black mask. */
async function middleMask(): Promise<Buffer> {
  const weights = Buffer.alloc(W * H);
  for (let y = H / 3; y < (2 * H) / 3; y++) weights.fill(255, y * W + W / 3, y * W + (2 * W) / 3); // W and H divide by 3
  return sharp(weights, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
}

/** Models that change pixels outside the mask: 12 % of them, and 2 % with an answer at 1024×1024 (padded back). */
const leak = (leakyModels: KnobSettings['leakyModels']) => setKnobs({ leakyModels });

/** A masked local edit sent as the studio sends it: one model, or a board of several. */
async function maskedEdit(page: Page, models: string[]): Promise<Outcome> {
  const response = await page.request.post('/edit/run', {
    headers: { origin: baseURL },
    multipart: {
      requestId: crypto.randomUUID(),
      kind: 'local',
      prompt: 'brighten the middle',
      ...(models.length > 1 ? { models: models.join(',') } : { model: models[0] }),
      image: { name: 'scene.png', mimeType: 'image/png', buffer: await testPng(W, H) },
      mask: { name: 'mask.png', mimeType: 'image/png', buffer: await middleMask() },
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Outcome;
}

const shoot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath(`${name}.png`), fullPage: true });
};

/** Each language and theme in turn (only English, light, without SCREENSHOTS), for `look` to check and shoot. */
async function inEachLook(page: Page, look: (suffix: string) => Promise<void>) {
  const looks = process.env.SCREENSHOTS
    ? [
        ['en', 'light'],
        ['zh-CN', 'light'],
        ['en', 'dark'],
      ]
    : [['en', 'light']];
  for (const [locale, theme] of looks) {
    await page.context().addCookies([
      { name: 'atelier-locale', value: locale, url: baseURL },
      { name: 'atelier-theme', value: theme, url: baseURL },
    ]);
    await look(`${locale}.${theme}`);
  }
  await page.context().addCookies([
    { name: 'atelier-locale', value: 'en', url: baseURL },
    { name: 'atelier-theme', value: 'light', url: baseURL },
  ]);
}

/** A second person, invited into the owner's team as a member. */
async function inviteMember(owner: Page, browser: Browser): Promise<Page> {
  await owner.goto('/settings/team');
  await owner.getByRole('button', { name: 'Create link' }).click();
  const link = (await owner.getByLabel('Invite link').inputValue()).replace(/^https?:\/\/[^/]+/, baseURL);
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  await context.addCookies([{ name: 'atelier-locale', value: 'en', url: baseURL }]);
  const member = await context.newPage();
  await member.goto(link);
  await member.getByRole('link', { name: 'Create an account' }).click();
  await member.waitForURL(/\/sign-up\?callbackUrl=/);
  await signUp(member, { name: 'Milo Member', email: 'mask-guard-member@e2e.test', password: 'member-password-1' }, member.url());
  await member.getByRole('button', { name: 'Accept and join' }).click();
  await expect(member).toHaveURL(/\/edit$/);
  return member;
}

test('the mask guard in the library, on the dashboard and in Settings → Team', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signUpNewTeam(browser, 'Mara Mask', 'mask-guard@e2e.test');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await leak({ 'atelier-edit-fast': { fraction: 0.12 }, 'atelier-edit-hd': { fraction: 0.02, size: { width: 1024, height: 1024 } } });
  try {
    const board = await maskedEdit(page, BOARD);
    const byModel = Object.fromEntries(board.results.map((r) => [r.model, r]));

    // The leaky model's result: restored, its heat map, and the model's own answer to download.
    const fast = byModel['atelier-edit-fast'];
    await inEachLook(page, async (look) => {
      await page.goto(`/library/${fast.outputId}`);
      await expect(page.getByTestId('mask-heatmap')).toBeVisible();
      await shoot(page, `mask-guard-library.${look}`);
    });
    await page.goto(`/library/${fast.outputId}`);
    await expect(page.getByTestId('mask-guard-label')).toHaveText(/^Outside the mask: 1[12]\.\d% changed — restored$/);
    const raw = page.getByRole('link', { name: 'Model’s own answer (unrestored)' });
    await expect(raw).toHaveAttribute('href', `/api/assets/${fast.rawAssetId}?download=1`);
    const rawFile = await page.request.get((await raw.getAttribute('href'))!);
    expect(rawFile.headers()['content-type']).toBe('image/png');
    // The model that answered at its own size: padded back, and said so.
    await page.goto(`/library/${byModel['atelier-edit-hd'].outputId}`);
    await expect(page.getByTestId('mask-guard')).toContainText('The model answered at 1024×1024');
    await shoot(page, 'mask-guard-library-padded.en.light');
    // The model that kept to its mask: nothing changed, nothing restored, no map.
    await page.goto(`/library/${byModel['atelier-edit'].outputId}`);
    await expect(page.getByTestId('mask-guard-label')).toHaveText('Outside the mask: 0.0% changed');
    await expect(page.getByTestId('mask-heatmap')).toHaveCount(0);
    await expect(page.getByTestId('raw-answer')).toHaveCount(0);

    // The dashboard ranks the three models, the most obedient first.
    await inEachLook(page, async (look) => {
      await page.goto('/dashboard');
      await expect(page.getByTestId('obedience-row')).toHaveCount(3);
      await shoot(page, `mask-guard-dashboard.${look}`);
    });
    // The model that answered at another shape changed the most: its picture was fitted into the original's.
    expect(await page.getByTestId('obedience-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-model')))).toEqual([
      'atelier-edit',
      'atelier-edit-fast',
      'atelier-edit-hd',
    ]);

    // Settings → Team: the owner turns restoring off; the next leaky edit keeps the model's answer.
    await inEachLook(page, async (look) => {
      await page.goto('/settings/team');
      await expect(page.getByRole('switch', { name: /Restore outside the mask|还原蒙版外的像素/ })).toBeVisible();
      await shoot(page, `mask-guard-settings.${look}`);
    });
    await page.goto('/settings/team');
    const restore = page.getByRole('switch', { name: 'Restore outside the mask' });
    await expect(restore).toHaveAttribute('aria-checked', 'true');
    await restore.click();
    await expect(page.getByText('Models’ answers are now kept as they come')).toBeVisible();
    await page.reload();
    await expect(restore).toHaveAttribute('aria-checked', 'false');
    const [kept] = (await maskedEdit(page, ['atelier-edit-fast'])).results;
    expect(kept.maskGuard).toMatchObject({ restored: false });
    await page.goto(`/library/${kept.outputId}`);
    await expect(page.getByTestId('mask-guard-label')).toHaveText(/^Outside the mask: 1[12]\.\d% changed$/);
    await expect(page.getByTestId('raw-answer')).toHaveCount(0);

    // A member sees the switch and cannot change it.
    const member = await inviteMember(page, browser);
    await member.goto('/settings/team');
    await expect(member.getByRole('switch', { name: 'Restore outside the mask' })).toBeDisabled();
    await expect(member.getByText('Only owners and admins change this.')).toBeVisible();
    await shoot(member, 'mask-guard-settings-member.en.light');
    await member.context().close();
  } finally {
    await leak({});
  }
});
