'use server';

import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { selectTeam } from '@/lib/auth/team-cookie';
import { acceptInvite } from '@/lib/teams/invites';

/** Joins the invite's team and makes it the active one. */
export const acceptInviteAction = teamAction(z.object({ token: z.string().min(16).max(200) }), 'member', async (ctx, { token }) => {
  const teamId = await acceptInvite(ctx.user, token);
  await selectTeam(teamId);
  return null;
});
