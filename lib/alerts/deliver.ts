import { createTransport } from 'nodemailer';
import { appConfig } from '../config';
import { db } from '../runtime';
import { postSignedWebhook } from '../webhooks/signed';
import { alertWebhookOf } from './settings';
import { alertWords } from './words';

// Sends one recorded alert on its channel. A failure throws, for the queue to retry with backoff;
// each attempt is written on the row (attempts, error), and the row says delivered once it is.

const ATTEMPT_MS = 10_000;

/** The owners' and admins' addresses: who an alert email goes to. */
async function adminEmails(teamId: string): Promise<string[]> {
  const prisma = await db();
  const admins = await prisma.membership.findMany({ where: { teamId, role: { in: ['owner', 'admin'] } }, select: { user: { select: { email: true } } } });
  return admins.map((m) => m.user.email);
}

async function sendEmail(teamId: string, words: { subject: string; text: string }): Promise<string> {
  const smtp = appConfig().smtp;
  if (!smtp) throw new Error('SMTP_URL is not set');
  const to = await adminEmails(teamId);
  if (to.length === 0) throw new Error('the team has no owner or admin to write to');
  const transport = createTransport(smtp.url, { connectionTimeout: ATTEMPT_MS, socketTimeout: ATTEMPT_MS });
  try {
    await transport.sendMail({ from: smtp.from, to, subject: words.subject, text: words.text });
  } finally {
    transport.close();
  }
  return to.join(', ');
}

async function callWebhook(teamId: string, eventId: string, body: string): Promise<string> {
  const webhook = await alertWebhookOf(teamId);
  if (!webhook) throw new Error('the team has no webhook any more');
  const status = await postSignedWebhook('alert', webhook.url, webhook.secret, `msg_${eventId}`, body);
  if (status < 200 || status >= 300) throw new Error(`the webhook answered ${status}`);
  return new URL(webhook.url).host;
}

/** One attempt at one alert; throws (after writing why) unless it was delivered or needs nothing. */
export async function deliverAlert(eventId: string): Promise<void> {
  const prisma = await db();
  const event = await prisma.alertEvent.findUnique({ where: { id: eventId } });
  if (!event || event.status !== 'pending') return;
  const alert = event.payload as Record<string, unknown>;
  try {
    const words = alertWords(event.rule, alert);
    const recipients =
      event.channel === 'email'
        ? await sendEmail(event.teamId, words)
        : await callWebhook(event.teamId, event.id, JSON.stringify({ text: words.text, alert: { id: event.id, rule: event.rule, ...alert } }));
    await prisma.alertEvent.update({
      where: { id: eventId },
      data: { status: 'delivered', attempts: { increment: 1 }, recipients, error: null, deliveredAt: new Date() },
    });
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    await prisma.alertEvent.update({ where: { id: eventId }, data: { attempts: { increment: 1 }, error: message } });
    throw error;
  }
}

/** The last attempt failed: the row says so for good. */
export async function giveUpAlert(eventId: string): Promise<void> {
  await (await db()).alertEvent.updateMany({ where: { id: eventId, status: 'pending' }, data: { status: 'failed' } });
}
