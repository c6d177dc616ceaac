'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { setFavorite } from '@/lib/generations/favorite';

/** Marks or unmarks a result as a favourite (a board's images share their board's mark). */
export const favoriteResult = teamAction(z.object({ generationId: z.uuid(), favorite: z.boolean() }), 'member', async (ctx, { generationId, favorite }) => {
  const result = await setFavorite(ctx, generationId, favorite);
  revalidatePath('/library', 'layout');
  return result;
});
