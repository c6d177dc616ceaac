import type { TeamContext } from '../auth/context';
import type { GenerationKind } from '../db/generated/enums';
import { Prisma } from '../db/generated/client';
import { hotQuery } from '../runtime';

export interface ObservedCharge {
  model: string;
  /** As settled: what the service reported. */
  amount: string;
  /** The generation's params (size, n, duration, ...) but its prompt: which request the charge was for. */
  params: unknown;
}

/** How long a team's observed charges are reused while its prices have not been raised. */
const REUSE_MS = 60_000;
const MAX_CACHED = 2_000;

interface Cached {
  /** The team's `pricesRaisedAt` when read: a later raise makes the entry stale on every replica. */
  raisedAt: string;
  readAt: number;
  charges: ObservedCharge[];
}

const CACHE_KEY = Symbol.for('atelier.observedCharges');
type Holder = { [CACHE_KEY]?: Map<string, Cached> };
const cache = () => ((globalThis as Holder)[CACHE_KEY] ??= new Map());

/**
 * What the service recently charged this team for each of these models, newest first: at most
 * `perModel` lines a model, only requests of `size` if given. An estimate may be raised to what was
 * really charged for the same request, never lowered by it.
 *
 * Read once a minute at most while the team's prices stand: only a charge above what was reserved
 * can raise an estimate, and such a charge marks the team (`Team.pricesRaisedAt`, written by the
 * statement that settles it and read with the caller), so the next request on any replica reads
 * again. An old high charge leaving the window is noticed within the minute (estimates stay high
 * meanwhile, never low). Callers that did not read the mark (jobs) always read.
 */
export async function recentCharges(
  ctx: Pick<TeamContext, 'team'>,
  kind: GenerationKind,
  models: string[],
  options: { perModel: number; size?: string },
): Promise<ObservedCharge[]> {
  if (models.length === 0) return [];
  if (ctx.team.pricesRaisedAt === undefined) return readCharges(ctx.team.id, kind, models, options);
  const raisedAt = JSON.stringify(ctx.team.pricesRaisedAt);
  const key = [ctx.team.id, kind, options.perModel, options.size ?? '', ...models].join('|');
  const hit = cache().get(key);
  if (hit && hit.raisedAt === raisedAt && Date.now() - hit.readAt < REUSE_MS) return hit.charges;
  const charges = await readCharges(ctx.team.id, kind, models, options);
  if (cache().size >= MAX_CACHED) cache().delete(cache().keys().next().value!);
  cache().set(key, { raisedAt, readAt: Date.now(), charges });
  return charges;
}

/** One indexed query (LedgerEntry by team, model and time), the generation's params without its prompt (up to 32 000 characters). */
async function readCharges(teamId: string, kind: GenerationKind, models: string[], { perModel, size }: { perModel: number; size?: string }) {
  return hotQuery<ObservedCharge>(
    'pricing.observed',
    Prisma.sql`
    SELECT m."model", seen."amount", seen."params"
    FROM unnest(${models}::text[]) AS m("model")
    CROSS JOIN LATERAL (
      SELECT trim_scale(l."amount")::text AS "amount", g."params" - 'prompt' AS "params"
      FROM "LedgerEntry" l JOIN "Generation" g ON g."id" = l."generationId"
      WHERE l."teamId" = ${teamId}::uuid AND l."model" = m."model" AND l."kind" = ${kind}::"GenerationKind" AND l."status" = 'settled'
        AND (${size ?? null}::text IS NULL OR g."params" ->> 'size' = ${size ?? null}::text)
      ORDER BY l."occurredAt" DESC
      LIMIT ${perModel}
    ) seen`,
  );
}
