'use server';

import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { selectTeam } from '@/lib/auth/team-cookie';
import { createTeam } from '@/lib/teams/members';
import { nameText } from '@/lib/text';

/** Creates a team owned by the viewer and switches to it. */
export const createTeamAction = teamAction(z.object({ name: nameText().trim().min(1).max(80) }), 'member', async (ctx, { name }) => {
  const teamId = await createTeam(ctx, name);
  await selectTeam(teamId);
  return null;
});
