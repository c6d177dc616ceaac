'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { createInvite, revokeInvite } from '@/lib/teams/invites';

/** Answers the token once, for the link the admin copies; only its hash is stored. */
const roleSchema = z.enum(['member', 'admin', 'owner']);

export const createInviteLink = teamAction(z.object({ role: roleSchema }), 'admin', async (ctx, { role }) => {
  const { token } = await createInvite(ctx, role);
  refresh();
  return { token };
});

export const revokeInviteLink = teamAction(z.object({ inviteId: z.uuid() }), 'admin', async (ctx, { inviteId }) => {
  await revokeInvite(ctx, inviteId);
  refresh();
  return null;
});
