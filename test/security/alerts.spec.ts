import { Webhook } from 'standardwebhooks';
import { expect, test, type Page } from '@playwright/test';
import { shotPath } from '../../e2e/support/screenshots';
import { startMailbox } from '../support/mailbox';
import { startAtelier, type Atelier } from '../support/atelier';
import { signUp, type Session } from './support/session';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

// Settings → Alerts in Chromium, on an Atelier of its own with a real SMTP server and a webhook
// receiver: an admin sets thresholds and a webhook (a private address is refused), spends past one,
// and sees the alert delivered on both channels in the history, in both languages.

let atelier: Atelier;
let owner: Session;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mailbox = await startMailbox();
  receiver = await startWebhookReceiver();
  atelier = await startAtelier({
    database: 'pglite',
    env: {
      SMTP_URL: mailbox.url,
      ATELIER_PRIVATE_CALLBACK_ORIGINS: `http://127.0.0.1:${receiver.port}`,
    },
  });
  owner = await signUp(atelier, 'Ada Alerts');
});
test.afterAll(async () => {
  await atelier?.stop();
  mailbox?.close();
  receiver?.close();
});

async function signedInPage(browser: import('@playwright/test').Browser, session: Session, locale: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: atelier.origin, viewport: { width: 1280, height: 900 } });
  await context.addCookies([
    ...session.cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), url: atelier.origin })),
    { name: 'atelier-locale', value: locale, url: atelier.origin },
  ]);
  return context.newPage();
}

test('an admin sets budget alerts, spends past a threshold and sees the alert delivered by email and webhook', async ({ browser }) => {
  test.setTimeout(120_000);
  await owner.act('saveBudgets', { teamBudget: '0.10', hard: false, timeZone: 'Asia/Shanghai', members: [] }, '/dashboard/budgets');
  const page = await signedInPage(browser, owner, 'en');
  await page.goto('/settings/alerts');
  await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();
  await expect(page.getByText('No alert has fired yet.')).toBeVisible();

  // A private address is refused when it is saved, with the reason and the variable that would allow it, under the field.
  const webhook = page.getByLabel('Team webhook (optional)');
  await webhook.fill('http://10.0.0.7/hook');
  await page.getByRole('button', { name: 'Save alerts' }).click();
  const refusal = 'That webhook address is private: the operator can allow its origin with ATELIER_PRIVATE_CALLBACK_ORIGINS.';
  await expect(page.locator('form').getByText(refusal)).toBeVisible();
  expect(atelier.log()).toContain('ATELIER_PRIVATE_CALLBACK_ORIGINS can allow it');

  const { port } = receiver;
  await webhook.fill(`http://127.0.0.1:${port}/alerts`);
  await page.getByLabel('Thresholds (% of each budget)').fill('50, 80, 100');
  await page.getByLabel('Weekly spend summary').check();
  await page.getByRole('button', { name: 'Save alerts' }).click();
  const secret = (await page.getByTestId('alert-webhook-secret').inputValue()).trim();
  expect(secret).toMatch(/^whsec_/);

  // 0.08 of 0.10: 80 % (50 % crossed in the same step is not sent).
  const spent = await owner.fetch('/api/compare', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'a lantern on a quay', models: ['atelier-vista'], size: '1024x1024', n: 1, background: 'opaque', seed: 3 }),
  });
  expect(spent.status).toBe(201);
  await expect.poll(() => mailbox.inbox.length + receiver.deliveries.length, { timeout: 30_000 }).toBe(2);
  expect(mailbox.inbox[0].subject).toContain('80%');
  const verified = new Webhook(secret).verify(receiver.deliveries[0].body, receiver.deliveries[0].headers) as { alert: { threshold: number } };
  expect(verified.alert.threshold).toBe(80);

  await page.reload();
  await expect(page.getByLabel('Weekly spend summary')).toBeChecked();
  const history = page.getByTestId('alert-history');
  await expect(history.getByTestId('alert-event').and(page.locator('[data-status="delivered"]'))).toHaveCount(2);
  await expect(history.getByTestId('alert-event').and(page.locator('[data-status="superseded"]'))).toHaveCount(2);
  await expect(history).toContainText(owner.email);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('alerts-en.png'), fullPage: true });

  const zh = await signedInPage(browser, owner, 'zh-CN');
  await zh.goto('/settings/alerts');
  await expect(zh.getByRole('heading', { name: '提醒', exact: true })).toBeVisible();
  await expect(zh.getByTestId('alert-history')).toContainText('已送达');
  if (process.env.SCREENSHOTS) await zh.screenshot({ path: shotPath('alerts-zh-CN.png'), fullPage: true });
  await page.context().close();
  await zh.context().close();
});

test('a member sees that alerts exist, not the webhook address or the recipients; an admin sees the address masked', async ({ browser }) => {
  test.setTimeout(60_000);
  const { port } = receiver;
  const address = `http://127.0.0.1:${port}/alerts`;
  const member = await signUp(atelier, 'Mo Member');
  const { token } = await owner.act<{ token: string }>('createInviteLink', { role: 'member' }, '/settings/team');
  await member.act('acceptInviteAction', { token }, `/invite/${token}`); // and makes the team the active one

  const asMember = await (await member.fetch('/settings/alerts')).text();
  expect(asMember).toContain('only owners and admins see its address');
  expect(asMember).not.toContain(address);
  expect(asMember).not.toContain(`127.0.0.1:${port}`);
  expect(asMember).not.toContain(owner.email);
  // The members' own action is refused, and the page offers none.
  expect((await member.action('saveAlerts', { budgetThresholds: [50], email: false }, '/settings/alerts')).result).toMatchObject({ ok: false });

  const asOwner = await (await owner.fetch('/settings/alerts')).text();
  expect(asOwner).not.toContain(address);
  expect(asOwner).toContain(`http://127.0.0.1:${port}/…erts`);
  expect(asOwner).toContain(owner.email); // the recipients of the alert emails, for admins

  const page = await signedInPage(browser, member, 'zh-CN');
  await page.goto('/settings/alerts');
  await expect(page.getByText('已设置 Webhook：仅所有者和管理员可见其地址。')).toBeVisible();
  if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath('alerts-member-zh-CN.png'), fullPage: true });
  await page.context().close();
});
