'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { changeRole, removeMember } from '@/lib/teams/members';

const roleSchema = z.enum(['member', 'admin', 'owner']);

// The rules (who may touch owners, the last owner, the personal team) live in lib/teams/members.ts;
// a refusal comes back as the server's message.
export const changeMemberRole = teamAction(z.object({ membershipId: z.uuid(), role: roleSchema }), 'member', async (ctx, { membershipId, role }) => {
  await changeRole(ctx, membershipId, role);
  refresh();
  return null;
});

export const removeTeamMember = teamAction(z.object({ membershipId: z.uuid() }), 'member', async (ctx, { membershipId }) => {
  await removeMember(ctx, membershipId);
  refresh();
  return null;
});
