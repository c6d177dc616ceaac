import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../errors';
import { db } from '../runtime';
import { atLeast, type Role } from '../auth/roles';
import type { TeamContext, Viewer } from '../auth/context';

const INVITE_DAYS = 7;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates an invite link token (shown once; only its hash is stored). */
export async function createInvite(ctx: TeamContext, role: Role): Promise<{ token: string; expiresAt: Date }> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins invite.', { key: 'adminsOnly' });
  if (role === 'owner' && ctx.role !== 'owner') throw new AppError('forbidden', 'Only an owner can invite an owner.', { key: 'ownerInvite' });
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 86400_000);
  const prisma = await db();
  await prisma.invite.create({ data: { teamId: ctx.team.id, role, tokenHash: hashToken(token), createdById: ctx.user.id, expiresAt } });
  return { token, expiresAt };
}

export async function listInvites(ctx: TeamContext) {
  const prisma = await db();
  return prisma.invite.findMany({
    where: { teamId: ctx.team.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, role: true, expiresAt: true, createdAt: true },
    orderBy: { createdAt: 'desc' },
  });
}

export async function revokeInvite(ctx: TeamContext, inviteId: string): Promise<void> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins revoke invites.', { key: 'adminsOnly' });
  const prisma = await db();
  const { count } = await prisma.invite.updateMany({ where: { id: inviteId, teamId: ctx.team.id, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new AppError('not_found', 'No such invite.', { key: 'noInvite' });
}

/** What the invite page shows before accepting: the team's name and the role, nothing else. */
export async function peekInvite(token: string) {
  const prisma = await db();
  const invite = await prisma.invite.findUnique({ where: { tokenHash: hashToken(token) }, include: { team: { select: { name: true } } } });
  if (!invite || invite.revokedAt || invite.acceptedAt || invite.expiresAt <= new Date()) return null;
  return { teamName: invite.team.name, role: invite.role, expiresAt: invite.expiresAt };
}

/** Joins the team with the invite's role. An existing member keeps the higher of the two roles. */
export async function acceptInvite(user: Viewer, token: string): Promise<string> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const invite = await tx.invite.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!invite || invite.revokedAt || invite.acceptedAt || invite.expiresAt <= new Date()) {
      throw new AppError('not_found', 'This invite link is invalid, used or expired.', { key: 'inviteInvalid' });
    }
    // Single use: the conditional update only succeeds for the first acceptance.
    const { count } = await tx.invite.updateMany({ where: { id: invite.id, acceptedAt: null }, data: { acceptedAt: new Date(), acceptedBy: user.id } });
    if (count === 0) throw new AppError('not_found', 'This invite link has already been used.', { key: 'inviteUsed' });
    const existing = await tx.membership.findUnique({ where: { teamId_userId: { teamId: invite.teamId, userId: user.id } } });
    if (!existing) await tx.membership.create({ data: { teamId: invite.teamId, userId: user.id, role: invite.role } });
    else if (!atLeast(existing.role, invite.role)) await tx.membership.update({ where: { id: existing.id }, data: { role: invite.role } });
    return invite.teamId;
  });
}
