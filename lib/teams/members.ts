import { AppError } from '../errors';
import { db } from '../runtime';
import { atLeast, type Role } from '../auth/roles';
import type { TeamContext } from '../auth/context';

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

/** Loads a membership of the context's team; another team's membership id is simply not found. */
async function membershipOf(ctx: TeamContext, membershipId: string) {
  const prisma = await db();
  const target = await prisma.membership.findFirst({ where: { id: membershipId, teamId: ctx.team.id } });
  if (!target) throw new AppError('not_found', 'No such member in this team.', { key: 'noMember' });
  return target;
}

async function ownerCount(teamId: string) {
  const prisma = await db();
  return prisma.membership.count({ where: { teamId, role: 'owner' } });
}

/** Admins manage members and admins; only owners touch owners. A team always keeps one owner. */
function assertCanManage(ctx: TeamContext, targetRole: Role, newRole?: Role) {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins manage members.', { key: 'adminsOnly' });
  if ((targetRole === 'owner' || newRole === 'owner') && ctx.role !== 'owner') {
    throw new AppError('forbidden', 'Only an owner can change an owner or make someone owner.', { key: 'ownerRoles' });
  }
}

export async function changeRole(ctx: TeamContext, membershipId: string, role: Role): Promise<void> {
  const target = await membershipOf(ctx, membershipId);
  assertCanManage(ctx, target.role, role);
  if (target.role === 'owner' && role !== 'owner' && (await ownerCount(ctx.team.id)) <= 1) {
    throw new AppError('conflict', 'A team needs at least one owner.', { key: 'lastOwner' });
  }
  const prisma = await db();
  await prisma.membership.update({ where: { id: target.id }, data: { role } });
}

export async function removeMember(ctx: TeamContext, membershipId: string): Promise<void> {
  const target = await membershipOf(ctx, membershipId);
  if (target.userId !== ctx.user.id) assertCanManage(ctx, target.role);
  if (target.role === 'owner' && (await ownerCount(ctx.team.id)) <= 1) {
    throw new AppError('conflict', 'A team needs at least one owner: make someone else owner first.', { key: 'lastOwnerLeave' });
  }
  const prisma = await db();
  await prisma.membership.delete({ where: { id: target.id } });
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
