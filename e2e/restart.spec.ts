import { expect, test } from '@playwright/test';
import { startAtelier } from '../test/support/atelier';
import { expectInStudio, signUp } from './support/accounts';
import { VideosPage } from './support/videos';

// A second Atelier of this test's own, so it can be killed and started again mid-task.

test('a video survives Atelier being killed mid-render, and completes after the restart', async ({ browser }) => {
  test.setTimeout(360_000);
  const atelier = await startAtelier({ database: 'pglite' });
  try {
    const context = await browser.newContext({ baseURL: atelier.origin });
    await context.addCookies([{ name: 'atelier-locale', value: 'en', url: atelier.origin }]);
    const page = await context.newPage();
    await signUp(page, { name: 'Rita Restart', email: 'restart@e2e.test', password: 'restart-password' });
    await expectInStudio(page);

    // The shortest render: still running when the kill comes (the state is read at once).
    const card = await new VideosPage(page).createShort('A long slow pan over mountains, interrupted');
    await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', /pending|running/, { timeout: 30_000 });

    // Crash while the service renders: no graceful shutdown, no last words.
    await atelier.restart('SIGKILL');

    await page.reload();
    await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'completed', { timeout: 240_000 });
    await card.click();
    await page.waitForURL(/\/videos\/[0-9a-f-]{36}$/);
    const src = await page.locator('video').first().getAttribute('src');
    const response = await page.request.get(src!.split('#')[0]);
    expect(response.headers()['content-type']).toBe('video/mp4');
    await context.close();
  } finally {
    await atelier.stop();
  }
});
