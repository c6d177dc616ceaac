import type PgBoss from 'pg-boss';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { blobStore } from '../assets/store';
import { deleteUnusedAssets } from '../assets/unused';
import { schedulePeriodic } from '../queue';
import { db } from '../runtime';
import type { BlobStore } from '../storage';
import { log } from '../observability/log';
import { TRASH_DAYS } from './trash-days';

// Deleting a result puts it in the trash: gone from every view and share at once, restorable for 30
// days, then purged with its files where nothing else uses them. Ledger lines stay (money spent is
// history). Members delete their own results, admins and owners any.

export { TRASH_DAYS };
const TRASH_MS = TRASH_DAYS * 86_400_000;

/** The trash still holds what was deleted after this. */
export const trashSince = (now = new Date()) => new Date(now.getTime() - TRASH_MS);

async function ownedResults(ctx: TeamContext, ids: string[], inTrash: boolean) {
  const prisma = await db();
  const rows = await prisma.generationOutput.findMany({
    where: { id: { in: ids }, teamId: ctx.team.id, status: 'completed', deletedAt: inTrash ? { gt: trashSince() } : null },
    select: { id: true, userId: true },
  });
  if (rows.length !== new Set(ids).size) throw new AppError('not_found', 'That result is not in this team, or not where it was.', { key: 'resultMissing' });
  if (!atLeast(ctx.role, 'admin') && rows.some((row) => row.userId !== ctx.user.id)) {
    throw new AppError('forbidden', 'Members can delete only their own results.', { key: 'deleteOthers' });
  }
  return rows.map((row) => row.id);
}

/** Moves results to the trash (all or none). */
export async function moveToTrash(ctx: TeamContext, ids: string[]): Promise<number> {
  const owned = await ownedResults(ctx, ids, false);
  const { count } = await (
    await db()
  ).generationOutput.updateMany({ where: { id: { in: owned }, deletedAt: null }, data: { deletedAt: new Date(), deletedById: ctx.user.id } });
  return count;
}

/** Takes results back out of the trash (all or none). */
export async function restoreFromTrash(ctx: TeamContext, ids: string[]): Promise<number> {
  const owned = await ownedResults(ctx, ids, true);
  const { count } = await (await db()).generationOutput.updateMany({ where: { id: { in: owned } }, data: { deletedAt: null, deletedById: null } });
  return count;
}

/**
 * Removes what has been in the trash for 30 days: the outputs, then each of their files (a guarded
 * edit's raw answer too), and an
 * edit's original and mask, that no other output (trashed or not) and no other edit still uses,
 * with its previews. An edit whose result is purged uses its original and mask no more; one still
 * running or failed (no result to purge) keeps them.
 */
export async function purgeTrash({ prisma }: Database, { now = new Date(), store = blobStore() }: { now?: Date; store?: BlobStore } = {}) {
  const expired = await prisma.generationOutput.findMany({
    where: { deletedAt: { lte: trashSince(now) } },
    select: { id: true, assetId: true, rawAssetId: true, generationId: true },
  });
  if (expired.length === 0) return { outputs: 0, files: 0 };
  await prisma.generationOutput.deleteMany({ where: { id: { in: expired.map((o) => o.id) } } });
  const sources = await prisma.$queryRaw<{ id: string }[]>`
    SELECT source AS id FROM "Generation" g, LATERAL (VALUES (g.params->>'originalAssetId'), (g.params->>'maskAssetId')) AS s(source)
    WHERE g.id = ANY(${[...new Set(expired.map((o) => o.generationId))]}::uuid[]) AND g.kind = 'edit' AND source ~ '^[0-9a-f-]{36}$'`;
  const candidates = [...new Set([...expired.flatMap((o) => [o.assetId, o.rawAssetId].filter((id) => id !== null)), ...sources.map((s) => s.id)])];
  const files = await deleteUnusedAssets({ prisma }, candidates, store);
  return { outputs: expired.length, files };
}

export const TRASH_QUEUES = { purge: 'library.trash-purge' } as const;

/** Every hour: the trash gives up what has been in it for 30 days. */
export async function registerTrashJobs(boss: PgBoss, database: Database): Promise<void> {
  await schedulePeriodic(boss, TRASH_QUEUES.purge, '17 * * * *', async () => {
    const purged = await purgeTrash(database);
    if (purged.outputs > 0) log().info(purged, 'trash: purged results and files');
  });
}
