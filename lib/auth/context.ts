import { cookies } from 'next/headers';
import { AppError } from '../errors';
import { db } from '../runtime';
import { auth } from './auth';
import { atLeast, type Role } from './roles';

export const TEAM_COOKIE = 'atelier-team';

export interface Viewer {
  id: string;
  email: string;
  name: string;
}

export interface TeamSummary {
  id: string;
  name: string;
  personal: boolean;
  role: Role;
}

/** What every server action and route handler works with: who, in which team, with which role. */
export interface TeamContext {
  user: Viewer;
  team: { id: string; name: string; personal: boolean; timeZone: string };
  role: Role;
  teams: TeamSummary[];
}

/** The signed-in user, re-read from the database (a deleted user's cookie counts as signed out). */
export async function currentUser(): Promise<Viewer | null> {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const prisma = await db();
  return prisma.user.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
}

/**
 * Resolves the session, the active team (cookie, else the first membership) and the role from a
 * membership row that really exists. Throws AppError: unauthenticated, or forbidden below `minRole`.
 */
export async function teamContext(minRole: Role = 'member', teamId?: string): Promise<TeamContext> {
  const session = await auth();
  if (!session?.user?.id) throw new AppError('unauthenticated', 'Please sign in.');
  const wanted = teamId ?? (await cookies()).get(TEAM_COOKIE)?.value;
  return resolveTeamContext(session.user.id, { teamId: wanted, strict: teamId !== undefined, minRole });
}

/** The database half of teamContext, for callers that already know the user (and for tests). */
export async function resolveTeamContext(
  userId: string,
  { teamId, strict = false, minRole = 'member' }: { teamId?: string; strict?: boolean; minRole?: Role } = {},
): Promise<TeamContext> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true } });
  if (!user) throw new AppError('unauthenticated', 'Please sign in.');
  const memberships = await prisma.membership.findMany({
    where: { userId },
    include: { team: true },
    orderBy: { createdAt: 'asc' },
  });
  const chosen = memberships.find((m) => m.teamId === teamId);
  if (strict && !chosen) throw new AppError('forbidden', 'You are not a member of this team.', { key: 'notMember' });
  const active = chosen ?? memberships[0];
  if (!active) throw new AppError('forbidden', 'You are not a member of any team.');
  if (!atLeast(active.role, minRole)) throw new AppError('forbidden', `This needs the ${minRole} role.`, { key: 'adminsOnly' });
  return {
    user,
    team: { id: active.team.id, name: active.team.name, personal: active.team.personal, timeZone: active.team.timeZone },
    role: active.role,
    teams: memberships.map((m) => ({ id: m.team.id, name: m.team.name, personal: m.team.personal, role: m.role })),
  };
}
