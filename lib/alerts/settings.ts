import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { appConfig } from '../config';
import { AppError } from '../errors';
import { db } from '../runtime';
import { deriveKey, isSealed, seal, unseal } from '../secrets/seal';
import { callbackUrlProblem, PRIVATE_ORIGINS_VARIABLE } from '../webhooks/callback-url';
import { newWebhookSecret } from '../webhooks/signed';

// A team's alert rules (Settings → Alerts, owners and admins) and where alerts go: the owners' and
// admins' email, and/or a team webhook. The webhook's address is checked when it is saved (a
// literal private address refused, a host name left to the check at every delivery, where it is
// resolved and pinned like an archive download's). The address
// often carries a secret (a Slack or WeCom hook), so it is sealed at rest like a service key and
// shown to owners and admins only, masked.

export const DEFAULT_THRESHOLDS = [50, 80, 100];

export const alertSettingsSchema = z.object({
  budgetThresholds: z
    .array(z.int().min(1).max(1000))
    .max(5)
    .transform((ts) => [...new Set(ts)].sort((a, b) => a - b)),
  email: z.boolean(),
  /** A new address; null removes the webhook; absent keeps the saved one (never sent back to the page). */
  webhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .optional(),
  failurePercent: z.int().min(1).max(100).nullable().default(null),
  slowP95Seconds: z.number().min(0.1).max(600).nullable().default(null),
  callsAtLeast: z.int().min(1).max(100_000).default(10),
  weeklySummary: z.boolean().default(false),
});
export type AlertSettingsInput = z.input<typeof alertSettingsSchema>;

const secretContext = (teamId: string) => `alerts-webhook:${teamId}`;
const urlContext = (teamId: string) => `alerts-webhook-url:${teamId}`;
const secretKey = () => deriveKey(appConfig().atelierSecret);

/** An address saved before addresses were sealed is still plain until start seals it. */
const openUrl = (teamId: string, stored: string) => (isSealed(stored) ? unseal(stored, secretKey(), urlContext(teamId)) : stored);

/** What Settings shows of an address: its origin and last four characters (`https://hooks.slack.com/…a1b2`). */
export function maskWebhookUrl(url: string): string {
  return `${new URL(url).origin}/…${url.slice(-4)}`;
}

/** The settings a team's alerts run by (the defaults, all off, for a team that saved none), the webhook masked. */
export async function alertSettingsOf(teamId: string) {
  const prisma = await db();
  const saved = await prisma.alertSettings.findUnique({ where: { teamId } });
  return {
    saved: Boolean(saved),
    budgetThresholds: saved?.budgetThresholds ?? DEFAULT_THRESHOLDS,
    email: saved?.email ?? false,
    webhook: saved?.webhookUrl ? maskWebhookUrl(openUrl(teamId, saved.webhookUrl)) : null,
    failurePercent: saved?.failurePercent ?? null,
    slowP95Seconds: saved?.slowP95Seconds ?? null,
    callsAtLeast: saved?.callsAtLeast ?? 10,
    weeklySummary: Boolean(saved?.weeklySummarySince),
  };
}

/** The team's webhook and its signing secret (unsealed), for a delivery; null without one. */
export async function alertWebhookOf(teamId: string): Promise<{ url: string; secret: string } | null> {
  const saved = await (await db()).alertSettings.findUnique({ where: { teamId }, select: { webhookUrl: true, webhookSecret: true } });
  if (!saved?.webhookUrl || !saved.webhookSecret) return null;
  return { url: openUrl(teamId, saved.webhookUrl), secret: unseal(saved.webhookSecret, secretKey(), secretContext(teamId)) };
}

/**
 * Seals the webhook addresses saved before they were sealed (run at every start, by every process:
 * sealing needs the app's secret, so a migration cannot). Each row changes only if it still holds
 * the plain address it was read with, so processes starting together seal it once.
 */
export async function sealAlertWebhookUrls(): Promise<number> {
  const prisma = await db();
  const plain = await prisma.alertSettings.findMany({ where: { webhookUrl: { not: null, startsWith: 'http' } }, select: { teamId: true, webhookUrl: true } });
  let sealed = 0;
  for (const row of plain) {
    const { count } = await prisma.alertSettings.updateMany({
      where: { teamId: row.teamId, webhookUrl: row.webhookUrl },
      data: { webhookUrl: seal(row.webhookUrl!, secretKey(), urlContext(row.teamId)) },
    });
    sealed += count;
  }
  return sealed;
}

/** Refuses a malformed webhook address, or a literal private one whose origin the operator has not allowed. */
export function checkWebhookUrl(url: string): void {
  const problem = callbackUrlProblem(url);
  if (problem === 'malformed')
    throw new AppError('invalid_input', 'That is not an http(s) address.', { key: 'alertWebhookMalformed', fields: { webhookUrl: 'malformed' } });
  if (problem === 'private')
    throw new AppError('invalid_input', `That webhook address is private: the operator can allow its origin with ${PRIVATE_ORIGINS_VARIABLE}.`, {
      key: 'alertWebhookPrivate',
      values: { variable: PRIVATE_ORIGINS_VARIABLE },
      fields: { webhookUrl: 'private' },
    });
}

/**
 * Saves the rules (admins). A new webhook address gets a new signing secret, returned once; the
 * same address keeps its secret.
 */
export async function saveAlertSettings(ctx: Pick<TeamContext, 'team' | 'role'>, input: AlertSettingsInput): Promise<{ webhookSecret: string | null }> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins change alerts.', { key: 'adminsOnly' });
  const parsed = alertSettingsSchema.safeParse(input);
  if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'Those alert settings are not valid.');
  const { weeklySummary, webhookUrl, ...settings } = parsed.data;
  if (webhookUrl) checkWebhookUrl(webhookUrl);
  const prisma = await db();
  const teamId = ctx.team.id;
  const before = await prisma.alertSettings.findUnique({ where: { teamId }, select: { webhookUrl: true, weeklySummarySince: true } });
  const weeklySummarySince = weeklySummary ? (before?.weeklySummarySince ?? new Date()) : null;
  const previous = before?.webhookUrl ? openUrl(teamId, before.webhookUrl) : null;
  // Absent: the saved address stays, with its secret. The same address again keeps its secret too.
  const newSecret = webhookUrl && webhookUrl !== previous ? newWebhookSecret() : null;
  const webhook =
    webhookUrl === undefined
      ? {}
      : webhookUrl === null
        ? { webhookUrl: null, webhookSecret: null }
        : {
            webhookUrl: seal(webhookUrl, secretKey(), urlContext(teamId)),
            ...(newSecret ? { webhookSecret: seal(newSecret, secretKey(), secretContext(teamId)) } : {}),
          };
  await prisma.alertSettings.upsert({
    where: { teamId },
    create: { teamId, ...settings, weeklySummarySince, ...webhook },
    update: { ...settings, weeklySummarySince, ...webhook },
  });
  return { webhookSecret: newSecret };
}

/** What went out lately (Settings → Alerts), newest first. */
export async function alertHistory(teamId: string, take = 50) {
  const prisma = await db();
  return prisma.alertEvent.findMany({
    where: { teamId },
    orderBy: [{ firedAt: 'desc' }, { threshold: 'desc' }, { channel: 'asc' }],
    take,
    select: {
      id: true,
      rule: true,
      channel: true,
      status: true,
      attempts: true,
      recipients: true,
      error: true,
      payload: true,
      firedAt: true,
      deliveredAt: true,
    },
  });
}

/** Every team with alert settings. */
export async function teamsWithAlerts(): Promise<string[]> {
  return (await (await db()).alertSettings.findMany({ select: { teamId: true } })).map((s) => s.teamId);
}
