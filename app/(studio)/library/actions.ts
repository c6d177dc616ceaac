'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { setItemFavorite } from '@/lib/generations/favorite';
import { selectedIds, selectionSchema } from '@/lib/library/bulk';
import { addToCollection, collectionNameSchema, createCollection, deleteCollection, removeFromCollection } from '@/lib/library/collections';
import { moveToTrash, restoreFromTrash } from '@/lib/library/trash';

/** Marks or unmarks one result as a favourite. */
export const favoriteResult = teamAction(z.object({ id: z.uuid(), favorite: z.boolean() }), 'member', async (ctx, { id, favorite }) => {
  const result = await setItemFavorite(ctx, id, favorite);
  revalidatePath('/library', 'layout');
  return result;
});

/** Moves results to the trash (restorable for 30 days): members their own, admins any. */
export const deleteResults = teamAction(selectionSchema, 'member', async (ctx, selection) => {
  const count = await moveToTrash(ctx, await selectedIds(ctx, selection));
  revalidatePath('/', 'layout');
  return { count };
});

/** Takes results back out of the trash. */
export const restoreResults = teamAction(selectionSchema, 'member', async (ctx, selection) => {
  const count = await restoreFromTrash(ctx, await selectedIds(ctx, selection));
  revalidatePath('/', 'layout');
  return { count };
});

/** A new, empty collection for the team. */
export const newCollection = teamAction(z.object({ name: collectionNameSchema }), 'member', async (ctx, { name }) => {
  const created = await createCollection(ctx, name);
  revalidatePath('/library', 'layout');
  return created;
});

const collected = z.intersection(z.object({ collectionId: z.uuid() }), selectionSchema);

/** Puts results in a collection. */
export const collectResults = teamAction(collected, 'member', async (ctx, { collectionId, ...selection }) => {
  const count = await addToCollection(ctx, collectionId, await selectedIds(ctx, selection));
  revalidatePath('/library', 'layout');
  return { count };
});

/** Takes results out of a collection. */
export const uncollectResults = teamAction(collected, 'member', async (ctx, { collectionId, ...selection }) => {
  const count = await removeFromCollection(ctx, collectionId, await selectedIds(ctx, selection));
  revalidatePath('/library', 'layout');
  return { count };
});

/** Deletes a collection; its results stay. */
export const removeCollection = teamAction(z.object({ id: z.uuid() }), 'member', async (ctx, { id }) => {
  await deleteCollection(ctx, id);
  revalidatePath('/library', 'layout');
  return null;
});
