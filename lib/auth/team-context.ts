import { AppError } from '../errors';
import { db } from '../runtime';
import { atLeast, type Role } from './roles';

// A member in a team, as every entry point works with them: read from the database alone (no
// request, no cookie), so that a job can act as the member who asked (lib/approvals/run.ts).

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
  team: { id: string; name: string; personal: boolean; timeZone: string; pricesRaisedAt?: Date | null };
  role: Role;
  teams: TeamSummary[];
  /** Set when the call came through Atelier's API with a team key: its generations carry it, and its budget applies. */
  apiKey?: { id: string; monthlyBudget: string | null };
  /**
   * Set when an approved request is carried out (lib/approvals/run.ts): it is not held again, may
   * cost no more than `estimate` (CNY), and the generation it opens carries its id.
   */
  approval?: { id: string; estimate: string };
}

/** The database half of teamContext; without `viewer` (the session's user), the user is read (jobs, tests). */
export async function resolveTeamContext(
  userId: string,
  { teamId, strict = false, minRole = 'member', viewer }: { teamId?: string; strict?: boolean; minRole?: Role; viewer?: Viewer } = {},
): Promise<TeamContext> {
  const prisma = await db();
  const user = viewer ?? (await prisma.user.findFirst({ where: { id: userId }, select: { id: true, email: true, name: true } }));
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
    team: {
      id: active.team.id,
      name: active.team.name,
      personal: active.team.personal,
      timeZone: active.team.timeZone,
      pricesRaisedAt: active.team.pricesRaisedAt,
    },
    role: active.role,
    teams: memberships.map((m) => ({ id: m.team.id, name: m.team.name, personal: m.team.personal, role: m.role })),
  };
}
