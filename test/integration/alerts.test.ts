import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetFact } from '../../components/settings/alert-facts';
import { ALERT_QUEUES, evaluateAlerts, evaluateTeamAlerts } from '../../lib/alerts/jobs';
import { saveAlertSettings } from '../../lib/alerts/settings';
import type { BudgetAlert } from '../../lib/alerts/budgets';
import { lastWeek, type WeeklySummary } from '../../lib/alerts/weekly';
import type { TeamContext } from '../../lib/auth/context';
import { runBoard } from '../support/runs';
import { boardInputSchema } from '../../lib/comparisons/schema';
import { dictionaryFor } from '../../lib/i18n/dictionary';
import { updateBudgets } from '../../lib/ledger/budgets';
import { enqueue } from '../../lib/queue';
import { flushRequestLog } from '../../lib/request-log/log';
import { db } from '../../lib/runtime';
import { eventually, testAtelier } from '../support/harness';
import { startMailbox } from '../support/mailbox';
import { startWorker } from '../support/worker';

// Budget alerts end to end on PostgreSQL: a real SMTP server (smtp-server, messages read with
// mailparser) and a real HTTP receiver that checks the Standard-Webhooks signature; the pg-boss
// workers deliver.

const mailbox = await startMailbox();
const { inbox } = mailbox;

const deliveries: Array<{ headers: IncomingHttpHeaders; body: string; status: number }> = [];
let failuresToGo = 0;
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const status = failuresToGo > 0 ? 500 : 204;
    if (failuresToGo > 0) failuresToGo--;
    deliveries.push({ headers: request.headers, body, status });
    response.writeHead(status).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

afterAll(() => {
  mailbox.close();
  receiver.close();
});

const board = (seed: number) =>
  boardInputSchema.parse({ prompt: 'a lantern on a quay', models: ['atelier-vista'], size: '1024x1024', n: 1, background: 'opaque', seed });

/** No alert job (an evaluation, a delivery) is waiting or running: whatever was to be sent has been. */
async function alertJobsDone(): Promise<boolean> {
  const [{ n }] = await (
    await db()
  ).$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY(${Object.values(ALERT_QUEUES)}) AND state IN ('created', 'retry', 'active')`;
  return n === 0;
}

describe('budget alerts on postgres', () => {
  const atelier = testAtelier('postgres', {
    jobs: true,
    knobs: { failModels: ['atelier-ink'], latencyMs: { 'atelier-mosaic': 400 } },
    env: { SMTP_URL: mailbox.url, ALERTS_FROM: 'Atelier <alerts@atelier.test>', ATELIER_PRIVATE_CALLBACK_ORIGINS: receiverOrigin },
  });
  let owner: TeamContext;
  let secret: string;
  const events = async () => (await db()).alertEvent.findMany({ where: { teamId: owner.team.id }, orderBy: [{ threshold: 'asc' }, { channel: 'asc' }] });
  const delivered = () => deliveries.filter((d) => d.status === 204);

  beforeAll(async () => {
    owner = await atelier.person('Alma');
    // atelier-vista costs 0.08 a board: 80 % of a soft budget of 0.10, then 160 %.
    await updateBudgets(owner, { teamBudget: '0.10', hard: false, timeZone: 'Asia/Shanghai', members: [] });
  });

  it('refuses a private webhook address when it is saved, and a member cannot change alerts', async () => {
    for (const webhookUrl of ['http://10.0.0.7/hook', 'http://127.0.0.1:1/hook', 'http://169.254.169.254/latest', 'ftp://example.com/hook'])
      await expect(saveAlertSettings(owner, { budgetThresholds: [50], email: false, webhookUrl })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(saveAlertSettings({ ...owner, role: 'member' }, { budgetThresholds: [50], email: false, webhookUrl: null })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('a crossing sends one email and one signed webhook, whatever number of workers evaluate, and not again this month', async () => {
    secret = (await saveAlertSettings(owner, { budgetThresholds: [50, 80, 100], email: true, webhookUrl: `${receiverOrigin}/alerts` })).webhookSecret!;
    expect(secret).toMatch(/^whsec_/);
    expect(await evaluateAlerts()).toBe(0); // nothing spent yet
    await runBoard(owner, board(1)); // the spend queues the team's evaluation itself
    // Two more workers at the same moment: still one alert per channel.
    await Promise.all([evaluateAlerts(), evaluateAlerts()]);
    await eventually(async () => inbox.length === 1 && delivered().length === 1);

    const [mail] = inbox;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(owner.user.email);
    expect(mail.from?.text).toContain('alerts@atelier.test');
    expect(mail.subject).toContain('80%');
    expect(mail.text).toContain('已用 80%');
    // Exactly 80 % spent: said so, not "over".
    expect(mail.text).toContain('is 80% spent (at the 80% alert): CN¥0.08 of CN¥0.10');

    const [hook] = delivered();
    const verified = new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>) as {
      text: string;
      alert: { threshold: number; subject: string };
    };
    expect(verified.alert).toMatchObject({ threshold: 80, subject: 'team' });
    expect(verified.text).toContain('¥0.08');

    // 50 % was crossed in the same step: recorded as superseded, never sent. (A row says delivered
    // a moment after its receiver answered.)
    await eventually(async () => (await events()).filter((e) => e.status === 'delivered').length === 2);
    expect((await events()).map((e) => [e.threshold, e.channel, e.status])).toEqual([
      [50, 'email', 'superseded'],
      [50, 'webhook', 'superseded'],
      [80, 'email', 'delivered'],
      [80, 'webhook', 'delivered'],
    ]);
    expect(await evaluateAlerts()).toBe(0);
    await eventually(alertJobsDone);
    expect([inbox.length, delivered().length]).toEqual([1, 1]);
  });

  it('a receiver that fails twice gets the alert on the third try', async () => {
    failuresToGo = 2;
    const before = deliveries.length;
    await runBoard(owner, board(2)); // 160 %: the 100 % threshold, evaluated because of the spend alone
    // The job records the delivery after the receiver has answered: wait for the record, not only the receiver.
    const recorded = async () => (await events()).some((e) => e.threshold === 100 && e.channel === 'webhook' && e.status !== 'pending');
    await eventually(async () => delivered().length === 2 && inbox.length === 2 && (await recorded()), 30_000);
    expect(deliveries.slice(before).map((d) => d.status)).toEqual([500, 500, 204]);
    const hundred = (await events()).find((e) => e.threshold === 100 && e.channel === 'webhook')!;
    expect(hundred).toMatchObject({ status: 'delivered', attempts: 3, error: null });
    // Every attempt carried the same message id, so a receiver can drop a repeat.
    expect(new Set(deliveries.slice(before).map((d) => d.headers['webhook-id'])).size).toBe(1);
  });

  it('fires again in the next period', async () => {
    // As if these alerts were last month's.
    await (await db()).alertEvent.updateMany({ where: { teamId: owner.team.id }, data: { period: '2000-01' } });
    expect(await evaluateAlerts()).toBe(2); // the highest crossed this month (100 %), on each channel
    await eventually(async () => inbox.length === 3 && delivered().length === 3);
    expect(inbox[2].subject).toContain('100%');
  });

  it('the weekly summary covers the week before, goes out once the Monday after, and again a week later', async () => {
    await saveAlertSettings(owner, { budgetThresholds: [], email: true, webhookUrl: `${receiverOrigin}/alerts`, weeklySummary: true });
    // Last week ended before the summary was turned on: nothing to send now.
    expect(await evaluateTeamAlerts(owner.team.id)).toBe(0);

    const DAY = 86_400_000;
    // Tuesday noon of next week in the team's zone, whatever day the test runs: +3 days stays in that
    // week and +7 is the one after (now + 7 days, on a Thursday evening, had put +3 on the next Monday).
    const thisMonday = lastWeek('Asia/Shanghai', new Date(Date.now() + 7 * DAY)).from;
    const nextWeek = new Date(Date.parse(`${thisMonday}T12:00:00+08:00`) + 8 * DAY);
    const [mails, hooks] = [inbox.length, delivered().length];
    const written = await Promise.all([evaluateTeamAlerts(owner.team.id, nextWeek), evaluateTeamAlerts(owner.team.id, nextWeek)]);
    expect(written[0] + written[1]).toBe(2); // one email, one webhook, whichever evaluation wrote them
    await eventually(async () => inbox.length === mails + 1 && delivered().length === hooks + 1);
    const summary = JSON.parse(delivered().at(-1)!.body).alert as WeeklySummary;
    // This week's two boards of atelier-vista, 0.08 each.
    expect(summary).toMatchObject({
      from: lastWeek('Asia/Shanghai', nextWeek).from,
      total: '0.16',
      count: 2,
      previous: '0.00',
      byModel: [{ label: 'atelier-vista', amount: '0.16', count: 2 }],
      byMember: [{ label: 'Alma', amount: '0.16', count: 2 }],
    });
    expect(inbox.at(-1)!.subject).toContain('¥0.16');
    expect(inbox.at(-1)!.text).toContain('按模型：atelier-vista ¥0.16 (2)');
    expect(inbox.at(-1)!.text).toContain('By member: Alma CN¥0.16 (2)');

    expect(await evaluateTeamAlerts(owner.team.id, new Date(nextWeek.getTime() + 3 * DAY))).toBe(0); // the same week
    expect(await evaluateTeamAlerts(owner.team.id, new Date(nextWeek.getTime() + 7 * DAY))).toBe(2); // the week after
    await eventually(async () => delivered().length === hooks + 2);
    expect(JSON.parse(delivered().at(-1)!.body).alert).toMatchObject({ total: '0.00', previous: '0.16', byModel: [] });
  });

  it('says how much is really spent beside the threshold crossed, in the delivered body and in Sent alerts', async () => {
    // 0.08 of 0.09 is 88.89 % (said 88.8 %: never rounded up): past 80 %, short of 100 %. The alert is the 80 % one; it must not say "80% spent".
    const chen = await atelier.person('Chen');
    await updateBudgets(chen, { teamBudget: '0.09', hard: false, timeZone: 'Asia/Shanghai', members: [] });
    const chenSecret = (await saveAlertSettings(chen, { budgetThresholds: [50, 80, 100], email: false, webhookUrl: `${receiverOrigin}/chen` })).webhookSecret!;
    await runBoard(chen, board(41));
    const hook = await eventually(async () => delivered().find((d) => d.headers['webhook-id'] && d.body.includes('Chen')));
    const { text } = new Webhook(chenSecret).verify(hook.body, hook.headers as Record<string, string>) as { text: string };
    expect(text).toContain('已用 88.8%（超过 80% 提醒线）');
    expect(text).toContain('已花费 ¥0.08，预算 ¥0.09。');
    expect(text).toContain('monthly budget is 88.8% spent (over the 80% alert): CN¥0.08 of CN¥0.09 in');
    expect(text).not.toMatch(/\b80% spent/);

    // The recorded alert, as Settings → Alerts shows it in each language.
    const prisma = await db();
    const sent = await prisma.alertEvent.findFirstOrThrow({ where: { teamId: chen.team.id, status: 'delivered' } });
    const alert = sent.payload as unknown as BudgetAlert;
    expect(alert).toMatchObject({ threshold: 80, percent: '88.8', spent: '0.08', limit: '0.09' });
    expect(budgetFact(dictionaryFor('en').alerts, alert, 'en')).toBe(`88.8% spent (over the 80% alert): CN¥0.08 of CN¥0.09, ${alert.period}`);
    expect(budgetFact(dictionaryFor('zh-CN').alerts, alert, 'zh-CN')).toBe(`已用 88.8%（超过 80% 提醒线）：已花费 ¥0.08，预算 ¥0.09，${alert.period}`);
  });

  it('a failure spike and slow calls alert once each, from the request log, and again only after they cleared', async () => {
    // Slowness is judged only from the second step: on a loaded machine ordinary calls can be slow too.
    const settings = { budgetThresholds: [], email: false, webhookUrl: `${receiverOrigin}/alerts`, failurePercent: 25, callsAtLeast: 3 };
    await saveAlertSettings(owner, { ...settings, slowP95Seconds: null });
    const hooksBefore = delivered().length;
    const rules = async () =>
      (await db()).alertEvent.findMany({ where: { teamId: owner.team.id, rule: { in: ['failures', 'slow'] } }, orderBy: { firedAt: 'asc' } });
    const ink = (seed: number) => boardInputSchema.parse({ ...board(seed), models: ['atelier-ink'] });
    // Three boards whose every model fails, beside the three that went well: half the calls failed.
    for (const seed of [11, 12, 13]) await runBoard(owner, ink(seed));
    await flushRequestLog();
    await evaluateAlerts();
    await eventually(async () => delivered().length === hooksBefore + 1);
    const spike = JSON.parse(delivered().at(-1)!.body) as { text: string; alert: { rule: string; failed: number; calls: number } };
    expect(spike.alert).toMatchObject({ rule: 'failures', failed: 3 });
    expect(spike.text).toContain(`3 of the last 15 minutes’ ${spike.alert.calls} service calls failed`);
    // Still failing: nothing new.
    await evaluateAlerts();
    expect((await rules()).map((e) => e.rule)).toEqual(['failures']);

    // Two slow boards (0.4 s each, side by side): the p95 of the window passes 0.3 s.
    await saveAlertSettings(owner, { ...settings, slowP95Seconds: 0.3 });
    await Promise.all([21, 22].map((seed) => runBoard(owner, boardInputSchema.parse({ ...board(seed), models: ['atelier-mosaic'] }))));
    await flushRequestLog();
    await evaluateAlerts();
    await eventually(async () => delivered().length === hooksBefore + 2);
    expect(JSON.parse(delivered().at(-1)!.body).alert).toMatchObject({ rule: 'slow', threshold: 0.3 });
    expect((await rules()).map((e) => e.rule)).toEqual(['failures', 'slow']);

    // Gone (too few calls to judge now) but begun a moment ago: not cleared, so being back sends nothing.
    const episodes = async () => (await db()).alertSettings.findUniqueOrThrow({ where: { teamId: owner.team.id } });
    await saveAlertSettings(owner, { ...settings, slowP95Seconds: 0.3, callsAtLeast: 1000 });
    await evaluateAlerts();
    expect(await episodes()).toMatchObject({ failingSince: expect.any(Date), slowSince: expect.any(Date) });
    // A window later it clears; back again, it is a new episode and a new alert.
    await (
      await db()
    ).$executeRaw`UPDATE "AlertSettings" SET "failingSince" = "failingSince" - interval '16 minutes',
      "slowSince" = "slowSince" - interval '16 minutes' WHERE "teamId" = ${owner.team.id}::uuid`;
    await evaluateAlerts();
    expect(await episodes()).toMatchObject({ failingSince: null, slowSince: null });
    await saveAlertSettings(owner, { ...settings, slowP95Seconds: 0.3 });
    await evaluateAlerts();
    await eventually(async () => delivered().length === hooksBefore + 4);
    expect((await rules()).map((e) => e.rule).sort()).toEqual(['failures', 'failures', 'slow', 'slow']);
  });
});

describe('two worker processes', () => {
  const atelier = testAtelier('postgres', {
    env: { SMTP_URL: mailbox.url, ALERTS_FROM: 'Atelier <alerts@atelier.test>', ATELIER_PRIVATE_CALLBACK_ORIGINS: receiverOrigin },
  });

  it('deliver one alert, not two', async () => {
    const owner = await atelier.person('Bao');
    await updateBudgets(owner, { teamBudget: '0.10', hard: false, timeZone: 'Asia/Shanghai', members: [] });
    await saveAlertSettings(owner, { budgetThresholds: [50], email: true, webhookUrl: `${receiverOrigin}/bao` });
    const env = { SMTP_URL: mailbox.url, ALERTS_FROM: 'Atelier <alerts@atelier.test>', ATELIER_PRIVATE_CALLBACK_ORIGINS: receiverOrigin };
    const workers = await Promise.all([startWorker(env), startWorker(env)]);
    try {
      const mails = () => inbox.filter((mail) => mail.text?.includes('Bao'));
      const hooks = () => deliveries.filter((d) => d.body.includes('Bao') && d.status === 204);
      await runBoard(owner, board(31)); // queues the team's evaluation
      // and six more at once (apart, by key), for both processes to evaluate side by side
      await Promise.all(
        Array.from({ length: 6 }, (_, i) => enqueue(ALERT_QUEUES.evaluateTeam, { teamId: owner.team.id }, { singletonKey: `${owner.team.id}:${i}` })),
      );
      await eventually(async () => mails().length > 0 && hooks().length > 0);
      // Every evaluation and delivery both processes took has ended: still one of each.
      await eventually(alertJobsDone);
      expect([mails().length, hooks().length]).toEqual([1, 1]);
      const events = await (await db()).alertEvent.findMany({ where: { teamId: owner.team.id } });
      expect(events.map((e) => [e.channel, e.status]).sort()).toEqual([
        ['email', 'delivered'],
        ['webhook', 'delivered'],
      ]);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});
