import { expect, test, type Browser, type Page } from '@playwright/test';
import { startAtelier, type Atelier } from '../test/support/atelier';
import { startMailbox } from '../test/support/mailbox';
import { live, signUp } from './support/accounts';
import { overflowProblems } from './support/overflow';
import { shotPath } from './support/screenshots';
import { VideosPage } from './support/videos';

// Spend that waits for approval, as two people live it, on an Atelier of this spec's own over
// PostgreSQL with a real SMTP server: the owner sets a limit, a member's video over it waits, the
// owner is told (inbox and email), approves it, and it runs and is charged once; a decline says why
// in both languages. (Twenty approvals of one request at once run it once: test/integration/approvals.test.ts,
// on both databases.) The pages are measured for sideways scrolling at both sizes and languages.

test.setTimeout(300_000);

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function person(browser: Browser, atelier: Atelier, name: string, email: string, from = '/sign-up'): Promise<Page> {
  const context = await browser.newContext({ baseURL: atelier.origin });
  await context.addCookies([{ name: 'atelier-locale', value: 'en', url: atelier.origin }]);
  const page = await context.newPage();
  await signUp(page, { name, email, password: `${name.toLowerCase().replace(/\W+/g, '-')}-password` }, from);
  return page;
}

/** The member's video form: atelier-motion, 3 s, 480p, with audio (0.1 + 0.05 CNY a second: about ¥0.45). */
async function askForVideo(page: Page, prompt: string) {
  await page.goto('/videos');
  const form = new VideosPage(page).form();
  await form.getByLabel('Model').selectOption('atelier-motion');
  await form.getByLabel('Prompt').fill(prompt);
  await form.getByText('3 s', { exact: true }).click();
  await form.getByText('480p', { exact: true }).click();
  await form.getByLabel(/audio/i).check();
  await expect(form.getByTestId('video-estimate-cost')).toHaveText('CN¥0.45');
  await form.getByRole('button', { name: 'Generate video' }).click();
  const held = page.getByTestId('held-notice');
  await expect(held).toContainText('Waiting for approval: requests over CN¥0.30 need an owner’s or admin’s approval. Estimated CN¥0.45.');
  return (await held.getAttribute('data-approval'))!;
}

test("a member's video over the team's limit waits for the owner's approval, runs once approved and is charged once; a decline says why", async ({
  browser,
}) => {
  const mailbox = await startMailbox();
  const atelier = await startAtelier({ database: 'postgres', env: { SMTP_URL: mailbox.url, ALERTS_FROM: 'Atelier <alerts@approvals.test>' } });
  const sql = atelier.sql!;
  try {
    const owner = await person(browser, atelier, 'Olga Owner', 'olga@approvals.test');
    await owner.waitForURL(/\/edit$/);
    // The owner's alerts go by email, and a member's request above ¥0.30 waits for approval.
    await owner.goto('/settings/alerts');
    await owner.getByLabel('Email the owners and admins').check();
    await owner.getByRole('button', { name: 'Save alerts' }).click();
    await expect(owner.getByText('Alerts saved')).toBeVisible();
    await owner.goto('/settings/team');
    await owner.getByTestId('approvals-on').check();
    await owner.getByTestId('approvals-amount').fill('0.3');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(owner.getByTestId('approvals-current')).toHaveText('A member’s request estimated above CN¥0.30 waits for approval.');

    // A member joins by an invite link.
    await owner.getByRole('button', { name: 'Create link' }).click();
    const link = await owner.getByLabel('Invite link').inputValue();
    const member = await person(browser, atelier, 'Mei Member', 'mei@approvals.test', `/sign-up?callbackUrl=${encodeURIComponent(new URL(link).pathname)}`);
    await member.getByRole('button', { name: 'Accept and join' }).click();
    await member.waitForURL(/\/edit$/);

    // The member's video with audio is over the limit: it waits, nothing spent, nothing sent.
    const approvalId = await askForVideo(member, 'a lighthouse beam sweeping over a night sea');
    expect((await sql.query(`SELECT count(*)::int AS n FROM "Generation" WHERE "approvalId" = $1`, [approvalId])).rows[0].n).toBe(0);
    expect(
      (await sql.query(`SELECT count(*)::int AS n FROM "LedgerEntry" l JOIN "User" u ON u.id = l."userId" WHERE u.email = 'mei@approvals.test'`)).rows[0].n,
    ).toBe(0);

    // The owner hears of it: the bell, the inbox (the open page takes it in by its poll, no reload), and an email.
    await owner.goto('/inbox');
    await expect(owner.getByTestId('inbox-bell').filter({ visible: true })).toHaveAttribute('data-count', /[1-9]/);
    await expect(owner.getByTestId('inbox-item').filter({ hasText: 'Mei Member asks to spend about CN¥0.45' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => mailbox.inbox.find((m) => m.text?.includes(approvalId))?.subject ?? '', { timeout: 30_000 }).toContain('needs approval');
    const mail = mailbox.inbox.find((m) => m.text?.includes(approvalId))!;
    expect([mail.to].flat().flatMap((to) => to?.value.map((v) => v.address))).toEqual(['olga@approvals.test']);
    expect(mail.text).toContain('a lighthouse beam sweeping over a night sea');

    await owner.goto('/inbox/approvals');
    const request = owner.getByTestId('approval').filter({ hasText: 'a lighthouse beam sweeping over a night sea' });
    await expect(request).toContainText('Video · About CN¥0.45');
    await expect(request).toContainText('atelier-motion · 3 s · 480p · with audio');
    // A click before the page has hydrated does nothing (a loaded run's once did): clicked once it is live.
    await live(owner);
    await request.getByTestId('approve').click();
    await expect(request).toHaveAttribute('data-status', /approved|running|completed/);

    // The member's page follows the request: approved, it runs, and the video joins their library there.
    await expect(member.getByTestId('held-notice')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(member.getByTestId('held-notice')).toContainText('Approved and run · Olga Owner');
    const card = new VideosPage(member).card('a lighthouse beam sweeping over a night sea');
    await expect(card.getByTestId('video-state')).toHaveAttribute('data-state', 'completed', { timeout: 120_000 });
    const run = await sql.query(
      `SELECT g.id, g."userId" = u.id AS mine, g."costTotal"::text AS cost FROM "Generation" g, "User" u WHERE g."approvalId" = $1 AND u.email = 'mei@approvals.test'`,
      [approvalId],
    );
    expect(run.rows).toEqual([{ id: expect.any(String), mine: true, cost: '0.4500' }]);
    const lines = await sql.query(`SELECT status::text, amount::text FROM "LedgerEntry" WHERE "generationId" = $1 AND status <> 'released'`, [run.rows[0].id]);
    expect(lines.rows).toEqual([{ status: 'settled', amount: '0.4500' }]);
    await member.goto('/inbox');
    await expect(member.getByTestId('inbox-item').filter({ hasText: 'Your request of about CN¥0.45: Approved and run' })).toBeVisible();

    // A decline says why, in English and in Chinese.
    const declined = await askForVideo(member, 'a storm over the harbour, slow');
    await owner.goto('/inbox/approvals');
    await live(owner);
    await owner.getByTestId('approval').filter({ hasText: 'a storm over the harbour, slow' }).getByTestId('decline').click();
    await expect(owner.getByTestId('decline-reason')).toBeVisible();
    await owner.getByTestId('decline-reason').fill('Too dear for a draft: try it without sound first.');
    await owner.getByTestId('decline-confirm').click();
    await expect(owner.getByTestId('approvals-decided').getByTestId('approval').filter({ hasText: 'a storm over the harbour' })).toHaveAttribute(
      'data-status',
      'declined',
    );
    await member.goto('/inbox');
    const told = member.getByTestId('inbox-item').filter({ hasText: 'Your request of about CN¥0.45: Declined' });
    await expect(told.getByTestId('inbox-reason')).toHaveText('Too dear for a draft: try it without sound first.');
    await member.context().addCookies([{ name: 'atelier-locale', value: 'zh-CN', url: atelier.origin }]);
    await member.goto('/inbox/approvals');
    const mine = member.getByTestId('approval').filter({ hasText: 'a storm over the harbour' });
    await expect(mine).toContainText('已拒绝');
    await expect(mine.getByTestId('approval-reason')).toHaveText('原因：Too dear for a draft: try it without sound first.');
    expect((await sql.query(`SELECT count(*)::int AS n FROM "Generation" WHERE "approvalId" = $1`, [declined])).rows[0].n).toBe(0);
    await member.context().addCookies([{ name: 'atelier-locale', value: 'en', url: atelier.origin }]);

    // The owner comments on the member's video at a moment of it, mentioning her (picked by name); she is told, and the link opens the thread.
    const videoId = run.rows[0].id as string;
    await owner.goto(`/videos/${videoId}`);
    const player = owner.getByTestId('video-player');
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
    await player.evaluate((video: HTMLVideoElement) => void (video.currentTime = 1.5));
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeCloseTo(1.5, 1);
    const panel = owner.getByTestId('review-panel');
    await panel.getByLabel('Write a comment…').fill('The beam flickers here: smooth it out.');
    await panel.getByRole('button', { name: 'Mention' }).click();
    await owner.getByLabel('Find a member').fill('mei');
    await owner.getByRole('option', { name: 'Mei Member' }).click();
    await expect(panel.getByTestId('mention-chip')).toHaveText('@Mei Member');
    await panel.getByRole('button', { name: 'Send' }).click();
    const thread = panel.getByTestId('thread');
    await expect(thread).toContainText('At 0:01.5');
    await expect(thread.getByTestId('comment-body')).toHaveText('@Mei Member The beam flickers here: smooth it out.');
    await expect(owner.getByTestId('time-pin')).toHaveAttribute('data-t', '1.5');
    await member.goto('/inbox');
    const mention = member.getByTestId('inbox-item').filter({ hasText: 'Olga Owner mentioned you' });
    await expect(mention).toContainText('The beam flickers here: smooth it out.');
    await mention.click();
    await member.waitForURL(/\/library\/[0-9a-f-]{36}\?thread=/);
    await expect(member.locator('[data-testid=thread][data-thread]').first()).toHaveClass(/border-accent/);
    await member.goto('/inbox');
    await expect(mention).toHaveAttribute('data-read', 'true');

    // Nothing scrolls sideways, in either language, on a desktop or a phone.
    for (const viewport of VIEWPORTS) {
      for (const locale of ['en', 'zh-CN'] as const) {
        for (const [who, page] of [
          ['owner', owner],
          ['member', member],
        ] as const) {
          await page.context().addCookies([{ name: 'atelier-locale', value: locale, url: atelier.origin }]);
          await page.setViewportSize(viewport);
          // The member's inbox and requests; the owner's approvals, decisions and the commented video
          // (Settings → Team is measured with every other page in overflow.spec.ts).
          const paths = who === 'member' ? ['/inbox', '/inbox/approvals'] : ['/inbox/approvals', '/settings/decisions', `/videos/${videoId}`];
          for (const path of paths) {
            await page.goto(path);
            await page.evaluate(() => document.fonts.ready);
            expect.soft(await page.evaluate(overflowProblems), `${who} ${path} ${locale} ${viewport.name}`).toEqual([]);
            if (process.env.SCREENSHOTS) {
              const name = `approvals-${who}${path.replaceAll('/', '-')}-${locale}-${viewport.name}.png`;
              await page.screenshot({ path: shotPath(name), fullPage: true });
            }
          }
        }
      }
    }
  } finally {
    await atelier.stop();
    mailbox.close();
  }
});
