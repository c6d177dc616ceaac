import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { AppError } from '../errors';
import { db } from '../runtime';
import { LIVE } from '../generations/visibility';
import type { CollectionSummary } from './view';
import { nameText } from '../text';

// Collections: named sets of the team's results, visible to the whole team. Anyone in the team
// adds and removes results; the one who made a collection, or an admin, deletes it.

export const collectionNameSchema = nameText().trim().min(1, 'Give the collection a name.').max(80, 'A name is at most 80 characters.');

/** The team's collections, newest first, with how many live results each holds. */
export async function listCollections(ctx: TeamContext): Promise<CollectionSummary[]> {
  const prisma = await db();
  const rows = await prisma.collection.findMany({
    where: { teamId: ctx.team.id },
    orderBy: { createdAt: 'desc' },
    select: { id: true, name: true, _count: { select: { items: { where: { output: LIVE } } } } },
  });
  return rows.map((row) => ({ id: row.id, name: row.name, count: row._count.items }));
}

export async function createCollection(ctx: TeamContext, name: string): Promise<{ id: string }> {
  const prisma = await db();
  return prisma.collection.create({ data: { teamId: ctx.team.id, name, createdById: ctx.user.id }, select: { id: true } });
}

/** The team's collection by id; another team's (or none) is not found. */
export async function teamCollection(ctx: TeamContext, id: string) {
  const collection = await (await db()).collection.findFirst({ where: { id, teamId: ctx.team.id }, select: { id: true, createdById: true } });
  if (!collection) throw new AppError('not_found', 'That collection is not in this team.', { key: 'collectionMissing' });
  return collection;
}

/** Deletes a collection (its results stay in the library). */
export async function deleteCollection(ctx: TeamContext, id: string): Promise<void> {
  const collection = await teamCollection(ctx, id);
  if (collection.createdById !== ctx.user.id && !atLeast(ctx.role, 'admin')) {
    throw new AppError('forbidden', 'Only its maker or an admin can delete a collection.', { key: 'collectionNotYours' });
  }
  await (await db()).collection.delete({ where: { id } });
}

/** Puts results in a collection (all or none; those already in it stay once). */
export async function addToCollection(ctx: TeamContext, collectionId: string, outputIds: string[]): Promise<number> {
  await teamCollection(ctx, collectionId);
  const prisma = await db();
  const ids = [...new Set(outputIds)];
  const found = await prisma.generationOutput.count({ where: { id: { in: ids }, teamId: ctx.team.id, status: 'completed', ...LIVE } });
  if (found !== ids.length) throw new AppError('not_found', 'That result is not in this team.', { key: 'resultMissing' });
  const { count } = await prisma.collectionItem.createMany({ data: ids.map((outputId) => ({ collectionId, outputId })), skipDuplicates: true });
  return count;
}

/** Takes results out of a collection (they stay in the library). */
export async function removeFromCollection(ctx: TeamContext, collectionId: string, outputIds: string[]): Promise<number> {
  await teamCollection(ctx, collectionId);
  const { count } = await (await db()).collectionItem.deleteMany({ where: { collectionId, outputId: { in: outputIds } } });
  return count;
}
