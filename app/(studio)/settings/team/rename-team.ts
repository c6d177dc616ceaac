'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { renameTeam } from '@/lib/teams/members';
import { nameText } from '@/lib/text';

export const renameTeamAction = teamAction(z.object({ name: nameText().trim().min(1).max(80) }), 'admin', async (ctx, { name }) => {
  await renameTeam(ctx, name);
  refresh();
  return null;
});
