import type { Prisma } from '../db/generated/client';
import { ORDER, resultSize } from '../library/items';
import { LIVE } from '../generations/visibility';
import { db } from '../runtime';

/** How many results a shared collection's page shows (the newest). */
export const SHARED_COLLECTION_MAX = 500;

/** One result of a shared collection, as anyone holding the link may see it: no cost, no author; no prompt or model when the link hides them. */
export interface SharedCollectionItem {
  assetId: string;
  video: boolean;
  prompt: string | null;
  model: string | null;
  width: number | null;
  height: number | null;
  /** As the library says it: `1024x1024`, or a video's `720p · 16:9`. */
  size: string | null;
}

export interface SharedCollection {
  name: string;
  /** Newest first, at most SHARED_COLLECTION_MAX. */
  items: SharedCollectionItem[];
  total: number;
}

/** The collection's results a link shows: finished, with a file, and not in the trash. */
const shownItems = (collectionId: string, teamId: string) =>
  ({ collectionId, output: { teamId, status: 'completed', assetId: { not: null }, ...LIVE } }) satisfies Prisma.CollectionItemWhereInput;

/** The public view of a collection, or null when it is gone or holds nothing to show. */
export async function loadSharedCollection(collectionId: string, teamId: string): Promise<SharedCollection | null> {
  const prisma = await db();
  const where = shownItems(collectionId, teamId);
  const [collection, rows, total] = await Promise.all([
    prisma.collection.findFirst({ where: { id: collectionId, teamId }, select: { name: true } }),
    prisma.collectionItem.findMany({
      where,
      // The library's order: newest first, a board's images in model order.
      orderBy: ORDER.map((key) => ({ output: key })),
      take: SHARED_COLLECTION_MAX,
      select: {
        output: {
          select: {
            kind: true,
            model: true,
            assetId: true,
            generation: { select: { prompt: true, params: true } },
            asset: { select: { width: true, height: true } },
          },
        },
      },
    }),
    prisma.collectionItem.count({ where }),
  ]);
  if (!collection || total === 0) return null;
  const items = rows.map(({ output }) => ({
    assetId: output.assetId!,
    video: output.kind === 'video',
    prompt: output.generation.prompt,
    model: output.model,
    width: output.asset?.width ?? null,
    height: output.asset?.height ?? null,
    size: resultSize(output.generation.params, output.asset),
  }));
  return { name: collection.name, items, total };
}

/** Whether a file is one of the collection's shown results. */
export async function collectionHoldsAsset(collectionId: string, teamId: string, assetId: string): Promise<boolean> {
  const where = shownItems(collectionId, teamId);
  const found = await (await db()).collectionItem.findFirst({ where: { ...where, output: { ...where.output, assetId } }, select: { outputId: true } });
  return found !== null;
}
