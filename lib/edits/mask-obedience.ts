import type { TeamContext } from '../auth/context';
import { Prisma } from '../db/generated/client';
import { rangeBounds } from '../ledger/period';
import { spendScope, type KeyFilter, type SpendRange } from '../ledger/spend';
import { db } from '../runtime';

/** How well one edit model kept to the mask over a period (the dashboard's "mask obedience"). */
export interface MaskObedience {
  model: string;
  /** Its results the mask guard measured (masked edits that completed). */
  edits: number;
  /** The share of the pixels outside the mask it changed (0..1): the median and the mean of its results. */
  median: number;
  mean: number;
  /** How many of them the guard restored outside the mask. */
  restored: number;
}

/**
 * Per edit model, the mask guard's findings on the results made in the range (local days in the
 * team's time zone, as the rest of the dashboard): most obedient first (lowest median, then mean).
 * Who sees what follows the spend: the team for owners and admins, one's own edits otherwise; a key
 * filter (an API key, or `studio`) narrows it as it narrows the spend.
 */
export async function maskObedience(ctx: TeamContext, range: SpendRange, key?: KeyFilter): Promise<MaskObedience[]> {
  const prisma = await db();
  const { scope } = spendScope(ctx);
  const bounds = await rangeBounds(prisma, range, ctx.team.timeZone);
  const rows = await prisma.$queryRaw<MaskObedience[]>`
    SELECT o.model, count(*)::int AS edits,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY o."maskChanged") AS median, avg(o."maskChanged") AS mean,
           count(*) FILTER (WHERE o."maskGuard"->>'restored' = 'true')::int AS restored
    FROM "GenerationOutput" o JOIN "Generation" g ON g.id = o."generationId"
    WHERE o."teamId" = ${ctx.team.id}::uuid AND o.kind = 'edit' AND o."maskChanged" IS NOT NULL
      AND o."createdAt" >= ${bounds.from} AND o."createdAt" < ${bounds.to}
      ${scope === 'mine' ? Prisma.sql`AND o."userId" = ${ctx.user.id}::uuid` : Prisma.empty}
      ${key === undefined ? Prisma.empty : key === 'studio' ? Prisma.sql`AND g."apiKeyId" IS NULL` : Prisma.sql`AND g."apiKeyId" = ${key}::uuid`}
    GROUP BY o.model
    ORDER BY median, mean, o.model`;
  return rows.map((r) => ({ ...r, median: Number(r.median), mean: Number(r.mean) }));
}
