import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import sharp from 'sharp';
import { testPng } from './support/edit-studio';
import { shotPath } from './support/screenshots';

// An admin makes a team API key in Settings, a script calls Atelier's API with it the way it would
// call the service, and what it made shows in the library under the key's name; revoked, it stops.

test('an API key made in Settings runs a board from a script, which the library shows as the key’s', async ({ page }) => {
  await page.goto('/settings/api-keys');
  await page.getByRole('button', { name: 'New API key' }).click();
  const form = page.getByRole('form', { name: 'New API key' });
  await form.getByLabel('Name').fill('Nightly render');
  await form.getByLabel('Monthly budget (¥, optional)').fill('5');
  await form.getByLabel('Requests per minute (optional)').fill('30');
  for (const model of ['atelier-pixel', 'atelier-edit', 'atelier-motion']) await form.getByLabel(model, { exact: true }).check();
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('settings-api-keys-new.en.png') });
  await form.getByRole('button', { name: 'Create key' }).click();
  const token = await page.getByTestId('api-key-token').inputValue();
  expect(token).toMatch(/^atl_[\w-]{55}$/);
  expect(await page.getByTestId('api-key-webhook-secret').inputValue()).toMatch(/^whsec_/);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('settings-api-keys-created.en.png') });
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByTestId('api-key').filter({ hasText: 'Nightly render' });
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row).toContainText('atelier-pixel');

  // The script: the service's request, Atelier's base URL and key.
  const prompt = 'a paper lantern festival seen from a bridge';
  const call = (model: string) =>
    page.request.post(`${baseURL}/api/v1/images/generations`, {
      headers: { authorization: `Bearer ${token}` },
      data: { model, prompt, n: 1, size: '1024x1024', seed: 9 },
    });
  const answer = await call('atelier-pixel');
  expect(answer.status()).toBe(200);
  expect((await call('atelier-vista')).status()).toBe(403); // outside the key's models

  await page.goto(`/library?q=${encodeURIComponent('paper lantern')}`);
  const item = page.getByTestId('library-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('via API key “Nightly render”');

  // An edit (multipart, a mask over the left half) and a video, the same way; both then show in the UI.
  const auth = { authorization: `Bearer ${token}` };
  const image = await testPng(320, 240);
  const mask = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000' } })
    .composite([{ input: { create: { width: 160, height: 240, channels: 3, background: '#fff' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  const edited = await page.request.post(`${baseURL}/api/v1/images/edits`, {
    headers: auth,
    multipart: {
      prompt: 'Turn the painted area into a field of sunflowers',
      image: { name: 'photo.png', mimeType: 'image/png', buffer: image },
      mask: { name: 'mask.png', mimeType: 'image/png', buffer: mask },
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const video = await page.request.post(`${baseURL}/api/v1/videos/generations`, {
    headers: auth,
    data: { model: 'atelier-motion', prompt: 'sunflowers swaying in the wind', duration: 3, resolution: '480p' },
  });
  expect(video.status(), await video.text()).toBe(200);
  const task = (await video.json()) as { id: string };
  await expect
    .poll(
      async () => ((await (await page.request.get(`${baseURL}/api/v1/videos/generations/${task.id}`, { headers: auth })).json()) as { status: string }).status,
      {
        timeout: 90_000,
      },
    )
    .toBe('completed');
  await page.goto(`/library?q=${encodeURIComponent('sunflowers')}`);
  await expect(page.getByTestId('library-item')).toHaveCount(2);
  await expect(page.getByTestId('library-item').filter({ hasText: 'via API key “Nightly render”' })).toHaveCount(2);
  await page.goto(`/videos/${task.id}`);
  await expect(page.getByText('sunflowers swaying in the wind').first()).toBeVisible();
  // The dashboard splits the spend by key, the studio's apart.
  await page.goto('/dashboard');
  const byKey = page.locator('section').filter({ hasText: 'By API key' });
  await expect(byKey).toContainText('Nightly render');
  if (process.env.SCREENSHOTS) await byKey.screenshot({ path: shotPath('dashboard-by-key.en.png') });
  // Filtered by the key, the whole dashboard is the key's: its costliest results are the script's.
  await byKey.getByRole('link', { name: 'Nightly render' }).click();
  await expect(page).toHaveURL(/\/dashboard\?key=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('key-filter')).toContainText('Only spend through Nightly render.');
  const top = page.locator('section').filter({ hasText: 'Most expensive generations' }).locator('tbody tr');
  await expect(top).toHaveCount(3);
  for (const prompt of ['paper lantern', 'sunflowers swaying', 'field of sunflowers']) await expect(top.filter({ hasText: prompt })).toHaveCount(1);
  await page.getByRole('link', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/range=last-month&key=/);
  await page.getByRole('link', { name: 'Show all' }).click();
  await expect(page.getByTestId('key-filter')).toHaveCount(0);
  // Dashboard → Requests: the key's call beside the studio's, with the service's time and Atelier's.
  await page.goto('/dashboard/requests?operation=images.generations');
  const logged = page.getByTestId('request-log').locator('tbody tr').filter({ hasText: 'Nightly render' });
  await expect(logged.first()).toBeVisible();
  await expect(logged.first()).toContainText('atelier-pixel');
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: shotPath('dashboard-requests.en.png'), fullPage: true });
    await page.context().addCookies([{ name: 'atelier-locale', value: 'zh-CN', url: baseURL }]);
    await page.reload();
    await page.screenshot({ path: shotPath('dashboard-requests.zh-CN.png'), fullPage: true });
    await page.context().addCookies([{ name: 'atelier-locale', value: 'en', url: baseURL }]);
  }
  await page.goto('/settings/api-keys');
  await expect(row).toContainText(/CN¥\d+\.\d{2} of CN¥5\.00 this month/);
  await expect(row).toContainText('Last used');
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: shotPath('settings-api-keys.en.png') });
    await page.context().addCookies([{ name: 'atelier-locale', value: 'zh-CN', url: baseURL }]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'API 密钥' }).first()).toBeVisible();
    await page.screenshot({ path: shotPath('settings-api-keys.zh-CN.png') });
    await page.context().addCookies([{ name: 'atelier-locale', value: 'en', url: baseURL }]);
    await page.reload();
  }

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke “Nightly render”?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  expect((await call('atelier-pixel')).status()).toBe(401);
});
