'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { revokeShareLink } from '@/lib/share';

/** Revokes a share link: its creator may, and so may an owner or admin (checked in lib/share). */
export const revokeShare = teamAction(z.object({ id: z.uuid() }), 'member', async (ctx, { id }) => {
  await revokeShareLink(ctx, id);
  refresh();
  return null;
});
