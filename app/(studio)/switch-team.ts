'use server';

import { z } from 'zod';
import { AppError, teamAction } from '@/lib/auth/action';
import { selectTeam } from '@/lib/auth/team-cookie';

/** Makes another of the viewer's teams the active one; a team they are not in is refused. */
export const switchTeam = teamAction(z.object({ teamId: z.uuid() }), 'member', async (ctx, { teamId }) => {
  if (!ctx.teams.some((team) => team.id === teamId)) throw new AppError('forbidden', 'You are not a member of this team.');
  await selectTeam(teamId);
  return null;
});
