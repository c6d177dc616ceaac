import type { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { db } from '../runtime';
import { atLeast, type Role } from '../auth/roles';
import type { TeamContext } from '../auth/context';
import { voidApprovals } from '../generations/approval-gate';

export interface MemberRow {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: Date;
}

export async function listMembers(ctx: TeamContext): Promise<MemberRow[]> {
  const prisma = await db();
  const rows = await prisma.membership.findMany({
    where: { teamId: ctx.team.id },
    include: { user: { select: { name: true, email: true } } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((m) => ({ membershipId: m.id, userId: m.userId, name: m.user.name, email: m.user.email, role: m.role, joinedAt: m.createdAt }));
}

type Tx = Prisma.TransactionClient;

/**
 * Runs a change to the team's memberships with all of them locked, re-reading inside the lock who
 * the actor is now (a role the request started with may have been taken away meanwhile) and the
 * target. Concurrent changes to one team queue here, so the last-owner rule holds however many
 * owners act at once.
 */
async function withLockedMembers<T>(
  ctx: TeamContext,
  membershipId: string,
  change: (tx: Tx, actor: Role, target: { id: string; userId: string; role: Role }, owners: number) => Promise<T>,
): Promise<T> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const members = await tx.$queryRaw<Array<{ id: string; userId: string; role: Role }>>`
      SELECT id, "userId", role FROM "Membership" WHERE "teamId" = ${ctx.team.id}::uuid ORDER BY id FOR UPDATE`;
    const actor = members.find((m) => m.userId === ctx.user.id);
    if (!actor) throw new AppError('forbidden', 'You are not a member of this team.', { key: 'notMember' });
    const target = members.find((m) => m.id === membershipId);
    if (!target) throw new AppError('not_found', 'No such member in this team.', { key: 'noMember' });
    return change(tx, actor.role, target, members.filter((m) => m.role === 'owner').length);
  });
}

/** Admins manage members and admins; only owners touch owners. A team always keeps one owner. */
function assertCanManage(actor: Role, targetRole: Role, newRole?: Role) {
  if (!atLeast(actor, 'admin')) throw new AppError('forbidden', 'Only owners and admins manage members.', { key: 'adminsOnly' });
  if ((targetRole === 'owner' || newRole === 'owner') && actor !== 'owner') {
    throw new AppError('forbidden', 'Only an owner can change an owner or make someone owner.', { key: 'ownerRoles' });
  }
}

export async function changeRole(ctx: TeamContext, membershipId: string, role: Role): Promise<void> {
  await withLockedMembers(ctx, membershipId, async (tx, actor, target, owners) => {
    assertCanManage(actor, target.role, role);
    if (target.role === 'owner' && role !== 'owner' && owners <= 1) throw new AppError('conflict', 'A team needs at least one owner.', { key: 'lastOwner' });
    await tx.membership.update({ where: { id: target.id }, data: { role } });
    // A request asked with a role they no longer hold waits for nobody.
    if (!atLeast(role, target.role))
      await voidApprovals(tx, { teamId: ctx.team.id, actorId: ctx.user.id, userId: target.userId, below: target.role, reason: 'requesterDemoted' });
  });
}

export async function removeMember(ctx: TeamContext, membershipId: string): Promise<void> {
  await withLockedMembers(ctx, membershipId, async (tx, actor, target, owners) => {
    if (target.userId !== ctx.user.id) assertCanManage(actor, target.role);
    if (target.role === 'owner' && owners <= 1) {
      throw new AppError('conflict', 'A team needs at least one owner: make someone else owner first.', { key: 'lastOwnerLeave' });
    }
    await tx.membership.delete({ where: { id: target.id } });
    // Their keys, those acting as them and those they made, end with the membership: invited back,
    // they start without them.
    const keys = await tx.apiKey.findMany({
      where: { teamId: ctx.team.id, revokedAt: null, OR: [{ userId: target.userId }, { createdById: target.userId }] },
      select: { id: true },
    });
    await tx.apiKey.updateMany({ where: { id: { in: keys.map((k) => k.id) } }, data: { revokedAt: new Date() } });
    // What they asked for, and what came through those keys, waits for nobody now.
    await voidApprovals(tx, { teamId: ctx.team.id, actorId: ctx.user.id, userId: target.userId, reason: 'requesterLeft' });
    await voidApprovals(tx, { teamId: ctx.team.id, actorId: ctx.user.id, apiKeyIds: keys.map((k) => k.id), reason: 'keyRevoked' });
  });
}

export async function createTeam(ctx: Pick<TeamContext, 'user'>, name: string): Promise<string> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const team = await tx.team.create({ data: { name } });
    await tx.membership.create({ data: { teamId: team.id, userId: ctx.user.id, role: 'owner' } });
    return team.id;
  });
}

export async function renameTeam(ctx: TeamContext, name: string): Promise<void> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins rename the team.', { key: 'adminsOnly' });
  const prisma = await db();
  await prisma.team.update({ where: { id: ctx.team.id }, data: { name } });
}
