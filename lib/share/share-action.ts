'use server';

import { teamAction } from '../auth/action';
import { createShareLink, createShareSchema } from './create';

/** The Share dialog's action (the dialog appears inside many features, so it lives with them here, not under one page). Creates a share link for one of the team's results; the token is answered once and never stored. */
export const shareResult = teamAction(createShareSchema, 'member', async (ctx, input) => {
  const link = await createShareLink(ctx, input);
  return { token: link.token, expiresAt: link.expiresAt?.toISOString() ?? null };
});
