import type PgBoss from 'pg-boss';
import sharp from 'sharp';
import { Prisma } from '../db/generated/client';
import type { TeamContext } from '../auth/context';
import type { Database } from '../db/client';
import { IMAGE_TYPES } from '../assets/preview';
import { PREVIEW_WIDTH } from '../assets/preview-url';
import { blobStore } from '../assets/store';
import { thumbnailName } from '../assets/thumbnail';
import { withDecodeBudget } from '../images/decode-gate';
import { imageSignature } from '../images/signature';
import { log } from '../observability/log';
import { schedulePeriodic } from '../queue';
import { db } from '../runtime';
import { itemSelect, toItem } from './items';
import type { LibraryItem } from './view';

// "More like this": the team's live results nearest in look to one of them, by the signature each
// image gets when it is stored (lib/images/signature.ts), compared in SQL.

/** How many a result page shows. */
export const SIMILAR_TAKE = 12;

/**
 * The distance of two pictures: the Hamming distance of their hashes (0..64) plus a quarter of the
 * L1 distance of their quarters' Lab colours. Measured on the reference service's pictures, a
 * re-encode, resize, brightness change or 5 % crop stayed under 15, a crop that shifts the picture
 * under 28, the same prompt drawn from another seed about 33, and unrelated pictures 54 and more.
 */
const COLOUR_WEIGHT = 4;
/** Past this, a picture is not "like" the other: nearer ones first, nothing unrelated. */
export const SIMILAR_MAX_DISTANCE = 36;
/**
 * The hashes alone are compared first (cheap, on every row), the colours only for pictures this close in shape: a
 * shifted crop was 22 bits away at most, the same prompt from another seed 26, unrelated pictures 22 to 40.
 */
const SIMILAR_MAX_BITS = 24;
const COLOURS = 12;

export interface SimilarItem extends LibraryItem {
  /** 1 for the same picture, 0 at the threshold. */
  similarity: number;
}

/**
 * The result's own signature (the ranking compares with constants, so PostgreSQL's parallel workers
 * share the scan): undefined when the team has no such result, null when it has no signature.
 */
async function signatureOf(teamId: string, outputId: string) {
  const prisma = await db();
  const output = await prisma.generationOutput.findFirst({
    where: { id: outputId, teamId, status: 'completed' },
    select: { asset: { select: { phash: true, colors: true } } },
  });
  if (!output) return undefined;
  const asset = output.asset;
  return asset && asset.phash !== null && asset.colors.length === COLOURS ? { phash: asset.phash, colors: asset.colors } : null;
}

/**
 * The ranking statement (its own function so that a bench can EXPLAIN it): every signed image of
 * the team is read once, the hashes compared first (cheap), the colours only for those close in
 * shape, the nearest few kept, and only those joined to their live outputs.
 */
export function nearestStatement(teamId: string, outputId: string, target: { phash: bigint; colors: number[] }, take: number) {
  const bits = Prisma.sql`bit_count((a.phash # ${target.phash}::bigint)::bit(64))`;
  const colours = Prisma.join(
    target.colors.map((value, i) => Prisma.sql`abs(a.colors[${Prisma.raw(String(i + 1))}] - ${value}::int)`),
    ' + ',
  );
  const distance = Prisma.sql`${bits} + (${colours})::float8 / ${COLOUR_WEIGHT}`;
  return Prisma.sql`
    WITH near AS (
      SELECT a.id, ${distance} AS distance FROM "Asset" a
      WHERE a."teamId" = ${teamId}::uuid AND a.phash IS NOT NULL AND cardinality(a.colors) = ${COLOURS}
        AND ${bits} <= ${SIMILAR_MAX_BITS} AND ${distance} <= ${SIMILAR_MAX_DISTANCE}
      ORDER BY distance
      LIMIT ${take * 4}
    )
    SELECT o.id, near.distance::float8 AS distance FROM near JOIN "GenerationOutput" o ON o."assetId" = near.id
    WHERE o."teamId" = ${teamId}::uuid AND o.status = 'completed' AND o."deletedAt" IS NULL AND o.id <> ${outputId}::uuid
    ORDER BY near.distance, o."createdAt" DESC, o.id
    LIMIT ${take}`;
}

/**
 * The team's live results nearest in look to output `outputId` (nearest first, itself excluded):
 * empty when it has no signature (a video, or an image the backfill has not reached yet), null when
 * the team has no such result (another team's id included).
 */
export async function similarResults(ctx: TeamContext, outputId: string, { take = SIMILAR_TAKE } = {}): Promise<SimilarItem[] | null> {
  const target = await signatureOf(ctx.team.id, outputId);
  if (target === undefined) return null;
  if (target === null) return [];
  const prisma = await db();
  const ranked = await prisma.$queryRaw<Array<{ id: string; distance: number }>>(nearestStatement(ctx.team.id, outputId, target, take));
  if (ranked.length === 0) return [];
  const rows = await prisma.generationOutput.findMany({ where: { id: { in: ranked.map((r) => r.id) }, teamId: ctx.team.id }, select: itemSelect });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ranked.flatMap(({ id, distance }) => {
    const row = byId.get(id);
    return row ? [{ ...toItem(ctx, row), similarity: Math.max(0, 1 - Number(distance) / SIMILAR_MAX_DISTANCE) }] : [];
  });
}

/** Assets signed per batch of the backfill: each batch's rows are committed together. */
const BACKFILL_BATCH = 50;

/**
 * Signs the images of results stored without a signature (before this existed, or whose signing
 * failed), oldest id first, one decode at a time within the process's decode budget. Each batch
 * commits its own rows, so a stopped backfill continues where it was: what it signed is no longer
 * `phash IS NULL`. An image that cannot be read is passed over in this run and tried in the next.
 */
export async function backfillSignatures(database: Database, { batchSize = BACKFILL_BATCH, maxBatches = Infinity, deadline = Infinity } = {}) {
  const { prisma } = database;
  let after: string | undefined;
  let signed = 0;
  let failed = 0;
  for (let batch = 0; batch < maxBatches && Date.now() < deadline; batch++) {
    const assets = await prisma.asset.findMany({
      where: { phash: null, contentType: { in: IMAGE_TYPES }, outputs: { some: {} }, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: 'asc' },
      take: batchSize,
      select: { id: true, storageKey: true },
    });
    if (assets.length === 0) break;
    after = assets.at(-1)!.id;
    const updates = [];
    for (const asset of assets) {
      const signature = await signStored(asset.storageKey).catch((error: unknown) => {
        log().warn({ assetId: asset.id, err: error }, 'similar: could not sign an image');
        return null;
      });
      if (signature) updates.push(prisma.asset.update({ where: { id: asset.id }, data: signature }));
      else failed++;
    }
    await prisma.$transaction(updates);
    signed += updates.length;
  }
  return { signed, failed };
}

/** A stored image's signature, from its 256 px preview when there is one (what the store signs too), else from the file. */
async function signStored(storageKey: string) {
  const store = blobStore();
  const blob = (await store.get(thumbnailName(storageKey, PREVIEW_WIDTH))) ?? (await store.get(storageKey));
  if (!blob) throw new Error(`stored file ${storageKey} is missing`);
  const bytes = Buffer.from(await new Response(blob.body).arrayBuffer());
  // The header's size is the decode's cost; the budget keeps backfill and live edits within memory together.
  const { width = 1, height = 1 } = await sharp(bytes).metadata();
  return withDecodeBudget(width * height, () => imageSignature(bytes));
}

export const SIMILAR_QUEUES = { backfill: 'library.similar-backfill' } as const;
/** A run stops after this, well inside the job's expiry; the next run (every 10 minutes) continues. */
const RUN_MS = 4 * 60_000;

/** Every 10 minutes, and once at start: signs what was stored without a signature. */
export async function registerSimilarJobs(boss: PgBoss, database: Database): Promise<void> {
  await schedulePeriodic(boss, SIMILAR_QUEUES.backfill, '*/10 * * * *', async () => {
    const done = await backfillSignatures(database, { deadline: Date.now() + RUN_MS });
    if (done.signed + done.failed > 0) log().info(done, 'similar: signed stored images');
  });
  await boss.send(SIMILAR_QUEUES.backfill, {}, { singletonKey: 'start' });
}
