import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { appConfig } from '../config';
import { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { voidApprovals } from '../generations/approval-gate';
import { keyMonthSpend } from '../ledger/budgets';
import { db } from '../runtime';
import { deriveKey, seal } from '../secrets/seal';
import { hashApiKey, newApiKey } from './token';
import { newWebhookSecret } from '../webhooks/signed';
import { nameText } from '../text';
import { atLeast } from '../auth/roles';

// Team API keys: made and revoked by owners and admins, each acting as one member of the team.

const money = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, 'An amount in yuan, such as 200 or 49.50.');

export const createApiKeySchema = z.object({
  name: nameText().trim().min(1, 'Give the key a name.').max(80, 'A name is at most 80 characters.'),
  /** The member it acts as. */
  userId: z.uuid(),
  monthlyBudget: money.optional(),
  rpm: z.int().min(1).max(100_000).optional(),
  models: z
    .array(z.string().regex(/^[\w.:/-]{1,200}$/))
    .max(50)
    .default([]),
  expiresInDays: z.int().min(1).max(3650).optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** The sealing context binds a webhook secret to its key's row. */
export const webhookSecretContext = (keyId: string) => `api-key-webhook:${keyId}`;
const sealingKey = () => deriveKey(appConfig().atelierSecret);

/**
 * Makes a key; its token and webhook secret are answered once and never again (the token is stored
 * as its hash, the secret sealed).
 */
export async function createApiKey(ctx: TeamContext, input: CreateApiKeyInput): Promise<{ id: string; token: string; webhookSecret: string }> {
  const prisma = await db();
  const member = await prisma.membership.findFirst({ where: { teamId: ctx.team.id, userId: input.userId }, select: { role: true } });
  if (!member) throw new AppError('not_found', 'That person is not a member of this team.', { key: 'apiKeyNoMember' });
  // A key acts as one member, never above the one who makes it (checked again at every use).
  if (!atLeast(ctx.role, member.role)) throw new AppError('forbidden', 'A key may not act as someone whose role is above yours.', { key: 'apiKeyAboveRole' });
  const { token, prefix } = newApiKey();
  const webhookSecret = newWebhookSecret();
  const id = crypto.randomUUID();
  await prisma.apiKey.create({
    data: {
      id,
      teamId: ctx.team.id,
      userId: input.userId,
      name: input.name,
      prefix,
      secretHash: hashApiKey(token),
      monthlyBudget: input.monthlyBudget ? new Prisma.Decimal(input.monthlyBudget) : null,
      rpm: input.rpm ?? null,
      models: [...new Set(input.models)],
      webhookSecret: seal(webhookSecret, sealingKey(), webhookSecretContext(id)),
      expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null,
      createdById: ctx.user.id,
    },
  });
  return { id, token, webhookSecret };
}

/** Revokes a key of the team at once (a second revoke changes nothing). */
export async function revokeApiKey(ctx: TeamContext, id: string): Promise<void> {
  const prisma = await db();
  const key = await prisma.apiKey.findFirst({ where: { id, teamId: ctx.team.id }, select: { id: true } });
  if (!key) throw new AppError('not_found', 'That key is not in this team.', { key: 'apiKeyMissing' });
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    // Requests that came through it and still wait are void with it.
    if (count > 0) await voidApprovals(tx, { teamId: ctx.team.id, actorId: ctx.user.id, apiKeyIds: [id], reason: 'keyRevoked' });
  });
}

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  member: string;
  memberId: string;
  monthlyBudget: string | null;
  rpm: number | null;
  models: string[];
  spentThisMonth: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

/** The team's keys by name only (filters and labels), newest first; with `id`, that one key if it is the team's. */
export async function apiKeyNames(ctx: TeamContext, id?: string): Promise<Array<{ id: string; name: string }>> {
  return (await db()).apiKey.findMany({
    where: { teamId: ctx.team.id, ...(id ? { id } : {}) },
    orderBy: { createdAt: 'desc' },
    select: { id: true, name: true },
  });
}

/** The team's keys, newest first, with what each has spent this month (in the team's zone). */
export async function listApiKeys(ctx: TeamContext): Promise<ApiKeySummary[]> {
  const prisma = await db();
  const rows = await prisma.apiKey.findMany({
    where: { teamId: ctx.team.id },
    orderBy: { createdAt: 'desc' },
    select: {
      id: true,
      name: true,
      prefix: true,
      userId: true,
      monthlyBudget: true,
      rpm: true,
      models: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
      createdAt: true,
      user: { select: { name: true, email: true } },
    },
  });
  const spent = await keyMonthSpend(
    prisma,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    member: row.user.name || row.user.email,
    memberId: row.userId,
    monthlyBudget: row.monthlyBudget?.toString() ?? null,
    rpm: row.rpm,
    models: row.models,
    spentThisMonth: (spent.get(row.id) ?? new Prisma.Decimal(0)).toFixed(2),
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    createdAt: row.createdAt,
  }));
}
