import { cookies } from 'next/headers';
import { AppError } from '../errors';
import { auth } from './auth';
import type { Role } from './roles';
import { resolveTeamContext, type TeamContext, type Viewer } from './team-context';

// Who is asking, from the session (next-auth) and the team cookie: for pages, actions and route
// handlers. The database half (team-context.ts) is apart, so that jobs can act as a member too
// without loading Next.js's request scope.

export { resolveTeamContext, type TeamContext, type TeamSummary, type Viewer } from './team-context';

export const TEAM_COOKIE = 'atelier-team';

/**
 * The signed-in user, or null. next-auth's jwt callback (auth.ts) has re-read them with their
 * session in one query, so a deleted user's or a revoked session's cookie counts as signed out.
 */
export async function currentUser(): Promise<Viewer | null> {
  const user = (await auth())?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? '' };
}

/**
 * Resolves the session, the active team (cookie, else the first membership) and the role from a
 * membership row that really exists. Throws AppError: unauthenticated, or forbidden below `minRole`.
 */
export async function teamContext(minRole: Role = 'member', teamId?: string): Promise<TeamContext> {
  const viewer = await currentUser();
  if (!viewer) throw new AppError('unauthenticated', 'Please sign in.');
  const wanted = teamId ?? (await cookies()).get(TEAM_COOKIE)?.value;
  return resolveTeamContext(viewer.id, { teamId: wanted, strict: teamId !== undefined, minRole, viewer });
}
