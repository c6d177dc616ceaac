'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { setFavorite } from '@/lib/generations/favorite';

/** Marks or unmarks a board as a favourite. */
export const favoriteBoard = teamAction(z.object({ id: z.uuid(), favorite: z.boolean() }), 'member', async (ctx, { id, favorite }) => {
  const result = await setFavorite(ctx, id, favorite);
  revalidatePath('/compare');
  return result;
});
