'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { setFavorite } from '@/lib/generations/favorite';
import { addToCollection, collectionNameSchema, createCollection, deleteCollection, removeFromCollection } from '@/lib/library/collections';
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

/** A new, empty collection for the team. */
export const newCollection = teamAction(z.object({ name: collectionNameSchema }), 'member', async (ctx, { name }) => {
  const created = await createCollection(ctx, name);
  revalidatePath('/library', 'layout');
  return created;
});

const collected = z.object({ collectionId: z.uuid(), ids: z.array(z.uuid()).min(1).max(500) });

/** Puts results in a collection. */
export const collectResults = teamAction(collected, 'member', async (ctx, { collectionId, ids }) => {
  const count = await addToCollection(ctx, collectionId, ids);
  revalidatePath('/library', 'layout');
  return { count };
});

/** Takes results out of a collection. */
export const uncollectResults = teamAction(collected, 'member', async (ctx, { collectionId, ids }) => {
  const count = await removeFromCollection(ctx, collectionId, ids);
  revalidatePath('/library', 'layout');
  return { count };
});

/** Deletes a collection; its results stay. */
export const removeCollection = teamAction(z.object({ id: z.uuid() }), 'member', async (ctx, { id }) => {
  await deleteCollection(ctx, id);
  revalidatePath('/library', 'layout');
  return null;
});
