'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { teamAction } from '@/lib/auth/action';
import { selectedIds, selectionSchema } from '@/lib/library/bulk';
import { addTag, mergeTags, removeTag, renameTag, tagNameSchema } from '@/lib/library/tags';

// The library's tags: members put them on results and take them off; owners and admins rename and
// merge them (checked here by role, and again in lib/library/tags.ts).

/** Puts a tag (made by its name when the team has none) on results: one, a selection, or all that match. */
export const tagResults = teamAction(z.intersection(z.object({ name: tagNameSchema }), selectionSchema), 'member', async (ctx, { name, ...selection }) => {
  const { tag, count } = await addTag(ctx, await selectedIds(ctx, selection), name);
  revalidatePath('/library', 'layout');
  return { name: tag.name, count };
});

/** Takes a tag off one result. */
export const untagResult = teamAction(z.object({ id: z.uuid(), tagId: z.uuid() }), 'member', async (ctx, { id, tagId }) => {
  const count = await removeTag(ctx, id, tagId);
  revalidatePath('/library', 'layout');
  return { count };
});

/** Renames one of the team's tags. */
export const renameTagAction = teamAction(z.object({ id: z.uuid(), name: tagNameSchema }), 'admin', async (ctx, { id, name }) => {
  await renameTag(ctx, id, name);
  revalidatePath('/library', 'layout');
  return null;
});

/** Merges tags into the one kept: their results carry it instead. */
export const mergeTagsAction = teamAction(z.object({ into: z.uuid(), from: z.array(z.uuid()).min(1).max(50) }), 'admin', async (ctx, { into, from }) => {
  const count = await mergeTags(ctx, into, from);
  revalidatePath('/library', 'layout');
  return { count };
});
