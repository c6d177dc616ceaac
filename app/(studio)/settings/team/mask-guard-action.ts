'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { setTeamMaskGuard } from '@/lib/teams/mask-guard';

export const setMaskGuardAction = teamAction(z.object({ on: z.boolean() }), 'admin', async (ctx, { on }) => {
  await setTeamMaskGuard(ctx, on);
  refresh();
  return null;
});
