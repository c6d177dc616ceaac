import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signUp } from './support/accounts';
import { CompareBoardPage } from './support/compare-board';
import { shareFromDialog } from './support/share';

// An expired link answers 404. Expiry is at least a day away, so time is moved in the database:
// this test runs an Atelier of its own on a fresh PostgreSQL database (the suite's server holds
// PGlite in-process), creates and shares a board through the UI, then moves the link's expiry.
const PORT = Number(process.env.E2E_EXPIRY_PORT ?? 3191);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

test('an expired share link answers 404, and so do its images', async ({ browser }) => {
  test.setTimeout(180_000);
  const name = `atelier_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      ATELIER_PUBLIC_URL: ORIGIN,
      ATELIER_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'atelier-expiry-')),
      DATABASE_URL: databaseUrl,
    },
    stdio: 'ignore',
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`${ORIGIN}/api/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 90_000, intervals: [500] },
      )
      .toBe(true);
    const english = {
      name: 'atelier-locale',
      value: 'en',
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    };
    const owner = await browser.newContext({ baseURL: ORIGIN, storageState: { cookies: [english], origins: [] } });
    const page = await owner.newPage();
    await signUp(page, { name: 'Eli Expiry', email: 'expiry@e2e.test', password: 'expiry-password-1' });
    await expect(page).toHaveURL(/\/edit$/);
    const board = new CompareBoardPage(page);
    await board.open();
    await board.fill({ prompt: 'a harbour that expires', models: ['atelier-pixel'], n: 1 });
    await board.run();
    await expect(page.locator('img[data-asset-id]').first()).toBeVisible({ timeout: 30_000 });
    const url = await shareFromDialog(page, '1 day');

    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const guest = await visitor.newPage();
    expect((await guest.goto(url))!.status()).toBe(200);
    const image = (await guest.getByTestId('shared-image').first().getAttribute('src'))!;
    expect((await visitor.request.get(new URL(image, ORIGIN).toString())).status()).toBe(200);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const tokenHash = createHash('sha256').update(url.split('/').at(-1)!).digest('hex');
    const moved = await db.query(`UPDATE "ShareLink" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [tokenHash]);
    await db.end();
    expect(moved.rowCount).toBe(1);

    expect((await guest.goto(url))!.status()).toBe(404);
    expect((await visitor.request.get(new URL(image, ORIGIN).toString())).status()).toBe(404);
    await page.goto('/settings/shares');
    await expect(page.getByTestId('share-link').filter({ hasText: 'a harbour that expires' })).toHaveAttribute('data-state', 'expired');
    await visitor.close();
    await owner.close();
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
