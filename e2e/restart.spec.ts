import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectInStudio, signUp } from './support/accounts';

// A second Atelier of this test's own, so it can be killed and started again mid-task.
const PORT = Number(process.env.E2E_RESTART_PORT ?? 3190);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'atelier-restart-'));

function startAtelier(): ChildProcess {
  // One process (no npx wrapper), so SIGKILL really is a crash of the whole server.
  return spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ATELIER_PUBLIC_URL: ORIGIN,
      ATELIER_DATA_DIR: DATA_DIR,
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
}

async function healthy(): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('Atelier did not become healthy');
}

test('a video survives Atelier being killed mid-render, and completes after the restart', async ({ browser }) => {
  test.setTimeout(360_000);
  let server = startAtelier();
  try {
    await healthy();
    const context = await browser.newContext({ baseURL: ORIGIN });
    await context.addCookies([{ name: 'atelier-locale', value: 'en', url: ORIGIN }]);
    const page = await context.newPage();
    await signUp(page, { name: 'Rita Restart', email: 'restart@e2e.test', password: 'restart-password' });
    await expectInStudio(page);

    await page.goto('/videos');
    const form = page.getByRole('form', { name: 'New video' });
    await form.getByLabel('Model').selectOption('atelier-motion');
    await form.getByLabel('Prompt').fill('A long slow pan over mountains, interrupted');
    await form.getByText('5 s', { exact: true }).click();
    await form.getByText('720p', { exact: true }).click();
    await form.getByRole('button', { name: 'Generate video' }).click();
    const card = page.getByTestId('video-card').filter({ hasText: 'interrupted' });
    await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', /pending|running/, { timeout: 30_000 });

    // Crash while the service renders: no graceful shutdown, no last words.
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    server = startAtelier();
    await healthy();

    await page.reload();
    await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'completed', { timeout: 240_000 });
    await card.click();
    await page.waitForURL(/\/videos\/[0-9a-f-]{36}$/);
    const src = await page.locator('video').first().getAttribute('src');
    const response = await page.request.get(src!.split('#')[0]);
    expect(response.headers()['content-type']).toBe('video/mp4');
    await context.close();
  } finally {
    server.kill('SIGTERM');
  }
});
