'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { deleteTeamKey, deleteUserKey, storeTeamKey, storeUserKey } from '@/lib/keys/service-keys';
import { nameText } from '@/lib/text';

// The key travels browser -> server only: every action answers null, never the key or its status.
const keyInput = z.object({ key: nameText().min(1).max(500) });
const none = z.object({});

export const saveUserKey = teamAction(keyInput, 'member', async (ctx, { key }) => {
  await storeUserKey(ctx.user.id, key);
  refresh();
  return null;
});

export const removeUserKey = teamAction(none, 'member', async (ctx) => {
  await deleteUserKey(ctx.user.id);
  refresh();
  return null;
});

export const saveTeamKey = teamAction(keyInput, 'admin', async (ctx, { key }) => {
  await storeTeamKey(ctx, key);
  refresh();
  return null;
});

export const removeTeamKey = teamAction(none, 'admin', async (ctx) => {
  await deleteTeamKey(ctx);
  refresh();
  return null;
});
