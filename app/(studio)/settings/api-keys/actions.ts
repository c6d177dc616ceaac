'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createApiKey, createApiKeySchema, revokeApiKey } from '@/lib/api-keys/keys';
import { teamAction } from '@/lib/auth/action';

/** Makes a team API key (owners and admins); its token and webhook secret are answered this once. */
export const makeApiKey = teamAction(createApiKeySchema, 'admin', async (ctx, input) => {
  const made = await createApiKey(ctx, input);
  revalidatePath('/settings/api-keys');
  return made;
});

/** Revokes a team API key at once. */
export const revokeApiKeyAction = teamAction(z.object({ id: z.uuid() }), 'admin', async (ctx, { id }) => {
  await revokeApiKey(ctx, id);
  revalidatePath('/settings/api-keys');
  return null;
});
