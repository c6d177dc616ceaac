import { appConfig } from '../config';
import { AppError } from '../errors';
import { db } from '../runtime';
import { deriveKey, last4, seal, unseal } from '../secrets/seal';
import { createAdminClient } from '../upstream/admin';

/** Each sealed key is bound to its owner row, so a sealed value moved to another row will not open. */
const userContext = (userId: string) => `user:${userId}`;
const teamContextLabel = (teamId: string) => `team:${teamId}`;

const sealKey = (key: string, context: string) => seal(key, deriveKey(appConfig().atelierSecret), context);

/** Whose key to use: a request's user and team (background jobs know only their ids). */
export type KeyOwner = { user: { id: string }; team: { id: string } };

export interface KeyStatus {
  user: { last4: string; provisioned: boolean; updatedAt: Date } | null;
  team: { last4: string; updatedAt: Date } | null;
}

/** What Settings shows: only the last 4 characters, never the key. */
export async function keyStatus(ctx: KeyOwner): Promise<KeyStatus> {
  const prisma = await db();
  const [user, team] = await Promise.all([
    prisma.serviceCredential.findUnique({ where: { userId: ctx.user.id }, select: { last4: true, provisioned: true, updatedAt: true } }),
    prisma.serviceCredential.findUnique({ where: { teamId: ctx.team.id }, select: { last4: true, updatedAt: true } }),
  ]);
  return { user, team };
}

function checkKeyShape(key: string): string {
  const trimmed = key.trim();
  if (trimmed.length < 8 || trimmed.length > 500 || /\s/.test(trimmed)) {
    throw new AppError('invalid_input', 'That does not look like a service key.', { key: 'badKey' });
  }
  return trimmed;
}

export async function storeUserKey(userId: string, key: string, provisioned = false): Promise<void> {
  const clean = checkKeyShape(key);
  const prisma = await db();
  const data = { sealedKey: sealKey(clean, userContext(userId)), last4: last4(clean), provisioned };
  await prisma.serviceCredential.upsert({ where: { userId }, create: { userId, ...data }, update: data });
}

export async function deleteUserKey(userId: string): Promise<void> {
  const prisma = await db();
  await prisma.serviceCredential.deleteMany({ where: { userId } });
}

/** Team keys are for admins and owners to set; members without their own key use it. */
export async function storeTeamKey(ctx: KeyOwner, key: string): Promise<void> {
  const clean = checkKeyShape(key);
  const prisma = await db();
  const teamId = ctx.team.id;
  const data = { sealedKey: sealKey(clean, teamContextLabel(teamId)), last4: last4(clean), provisioned: false };
  await prisma.serviceCredential.upsert({ where: { teamId }, create: { teamId, ...data }, update: data });
}

export async function deleteTeamKey(ctx: KeyOwner): Promise<void> {
  const prisma = await db();
  await prisma.serviceCredential.deleteMany({ where: { teamId: ctx.team.id } });
}

/**
 * The key to send a request with: the user's own, else the team's. Call it only in the server code
 * that sends the request, and never pass the result to a component, a log line or an error.
 */
export async function resolveServiceKey(ctx: KeyOwner): Promise<{ apiKey: string; source: 'user' | 'team' }> {
  const prisma = await db();
  const secret = deriveKey(appConfig().atelierSecret);
  const own = await prisma.serviceCredential.findUnique({ where: { userId: ctx.user.id } });
  if (own) return { apiKey: unseal(own.sealedKey, secret, userContext(ctx.user.id)), source: 'user' };
  const team = await prisma.serviceCredential.findUnique({ where: { teamId: ctx.team.id } });
  if (team) return { apiKey: unseal(team.sealedKey, secret, teamContextLabel(ctx.team.id)), source: 'team' };
  throw new AppError('forbidden', 'No service key: add yours in Settings, or ask an admin to set a team key.');
}

/** Embedded mode: mint a key on our own reference service for a new user, so they can generate at once. */
export async function provisionEmbeddedKey(userId: string): Promise<boolean> {
  const { upstream } = appConfig();
  if (!upstream.embedded || !upstream.adminToken) return false;
  const key = await createAdminClient({ baseUrl: upstream.baseUrl, adminToken: upstream.adminToken }).mintKey(`atelier-user-${userId}`);
  await storeUserKey(userId, key, true);
  return true;
}
