import { appConfig } from '../config';
import { AppError } from '../errors';
import { db } from '../runtime';
import { deriveKey, last4, seal, unseal } from '../secrets/seal';
import { createAdminClient } from '../upstream/admin';

/** Each sealed key is bound to its owner row, so a sealed value moved to another row will not open. */
const userContext = (userId: string) => `user:${userId}`;
const teamContextLabel = (teamId: string) => `team:${teamId}`;

const sealKey = (key: string, context: string) => seal(key, deriveKey(appConfig().atelierSecret), context);

/** A server-held key as stored, and whose it is. */
export interface SealedServiceKey {
  sealedKey: string;
  owner: 'user' | 'team';
}

/**
 * Whose key to use: a request's user and team (background jobs know only their ids). A caller
 * read with its key already (`serviceKey`, the API's one statement per call; null: none) is not
 * read again.
 */
export type KeyOwner = { user: { id: string }; team: { id: string }; serviceKey?: SealedServiceKey | null };

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
  const held = ctx.serviceKey !== undefined ? ctx.serviceKey : await heldServiceKey(ctx);
  if (!held) throw new AppError('forbidden', 'No service key: add yours in Settings, or ask an admin to set a team key.');
  const label = held.owner === 'user' ? userContext(ctx.user.id) : teamContextLabel(ctx.team.id);
  return { apiKey: unseal(held.sealedKey, deriveKey(appConfig().atelierSecret), label), source: held.owner };
}

/** The member's own key, else the team's, as stored: both in one read. */
async function heldServiceKey(ctx: KeyOwner): Promise<SealedServiceKey | null> {
  const prisma = await db();
  const held = await prisma.serviceCredential.findMany({
    where: { OR: [{ userId: ctx.user.id }, { teamId: ctx.team.id }] },
    select: { userId: true, sealedKey: true },
  });
  const own = held.find((c) => c.userId === ctx.user.id);
  const team = held.find((c) => c.userId !== ctx.user.id);
  return own ? { sealedKey: own.sealedKey, owner: 'user' } : team ? { sealedKey: team.sealedKey, owner: 'team' } : null;
}

/** Embedded mode: mint a key on our own reference service for a new user, so they can generate at once. */
export async function provisionEmbeddedKey(userId: string): Promise<boolean> {
  const { upstream } = appConfig();
  if (!upstream.embedded || !upstream.adminToken) return false;
  const key = await createAdminClient({ baseUrl: upstream.baseUrl, adminToken: upstream.adminToken }).mintKey(`atelier-user-${userId}`);
  await storeUserKey(userId, key, true);
  return true;
}
