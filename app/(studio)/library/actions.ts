'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { setFavorite } from '@/lib/generations/favorite';
import { moveToTrash, restoreFromTrash } from '@/lib/library/trash';

/** Marks or unmarks a result as a favourite (a board's images share their board's mark). */
export const favoriteResult = teamAction(z.object({ generationId: z.uuid(), favorite: z.boolean() }), 'member', async (ctx, { generationId, favorite }) => {
  const result = await setFavorite(ctx, generationId, favorite);
  revalidatePath('/library', 'layout');
  return result;
});

const results = z.object({ ids: z.array(z.uuid()).min(1).max(500) });

/** Moves results to the trash (restorable for 30 days): members their own, admins any. */
export const deleteResults = teamAction(results, 'member', async (ctx, { ids }) => {
  const count = await moveToTrash(ctx, ids);
  revalidatePath('/', 'layout');
  return { count };
});

/** Takes results back out of the trash. */
export const restoreResults = teamAction(results, 'member', async (ctx, { ids }) => {
  const count = await restoreFromTrash(ctx, ids);
  revalidatePath('/', 'layout');
  return { count };
});
