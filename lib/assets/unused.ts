import type { Database } from '../db/client';
import type { BlobStore } from '../storage';
import { THUMBNAIL_WIDTHS } from './thumbnail';

/** Every key a stored file may have beside it: its previews and a video's posters. */
const derivedKeys = (key: string) => THUMBNAIL_WIDTHS.flatMap((w) => [`${key}.w${w}.webp`, `${key}.poster.w${w}.webp`]);

/**
 * Deletes those of `candidates` that nothing uses any more, with their previews: no output (in the
 * trash or not) shows it, no edit that still has (or may yet have) a result started from it or
 * masked with it, and no request held for approval, or approved and not yet run, waits to use it.
 * The same bytes uploaded twice are one asset, so a file is only ever freed by asking all of them.
 */
export async function deleteUnusedAssets({ prisma }: Pick<Database, 'prisma'>, candidates: string[], store: BlobStore): Promise<number> {
  if (candidates.length === 0) return 0;
  const stillUsed = new Set(
    (
      await prisma.$queryRaw<{ id: string }[]>`
        SELECT a.id::text FROM "Asset" a WHERE a.id = ANY(${candidates}::uuid[]) AND (
          EXISTS (SELECT 1 FROM "GenerationOutput" o WHERE o."assetId" = a.id OR o."rawAssetId" = a.id)
          OR EXISTS (SELECT 1 FROM "Generation" g WHERE g."teamId" = a."teamId" AND g.kind = 'edit'
                     AND (g.params->>'originalAssetId' = a.id::text OR g.params->>'maskAssetId' = a.id::text)
                     AND (g.status <> 'completed' OR EXISTS (SELECT 1 FROM "GenerationOutput" o WHERE o."generationId" = g.id)))
          OR EXISTS (SELECT 1 FROM "ApprovalRequest" r WHERE r."teamId" = a."teamId" AND a.id = ANY(r."assetIds")
                     AND r.status IN ('awaiting_approval', 'approved', 'running')))`
    ).map((row) => row.id),
  );
  const unused = await prisma.asset.findMany({ where: { id: { in: candidates.filter((id) => !stillUsed.has(id)) } }, select: { id: true, storageKey: true } });
  for (const asset of unused) {
    for (const key of [asset.storageKey, ...derivedKeys(asset.storageKey)]) await store.delete(key);
    await prisma.asset.delete({ where: { id: asset.id } });
  }
  return unused.length;
}
