import type { TeamContext } from '../auth/context';
import type { GenerationKind } from '../db/generated/enums';
import { Prisma } from '../db/generated/client';
import { hotQuery } from '../runtime';
import type { ImageSize } from '../upstream/defaults';
import type { UnitPrice } from './board';
import { divideAmount, maxAmount } from './money';

// What the ledger saw charged, and the one raise every kind is priced through: an estimate is
// raised to what was really charged for the same request, never lowered by it.

/**
 * The price a request is reserved at, for every kind (edits, boards, videos; the studio's and the
 * API's alike): the trusted list price, raised to the most the ledger saw charged for the same
 * request (`seen`, per unit) when that was more.
 */
export function raisedPrice(listed: string, seen: string | null): UnitPrice {
  const amount = seen === null ? listed : maxAmount(listed, seen);
  return { amount, source: amount === listed ? 'price' : 'ledger' };
}

/** The most charged per unit among charges (units: a board's images; an edit or a video is one), to 4 decimals; null if none. */
export function highestSeen(charges: Array<{ amount: string; units?: number }>): string | null {
  const perUnit = charges.filter((c) => (c.units ?? 1) > 0).map((c) => divideAmount(c.amount, c.units ?? 1));
  return perUnit.length === 0 ? null : perUnit.reduce((a, b) => maxAmount(a, b));
}

/** One observed board charge: what a model cost for `n` images of `size`. */
export interface Observation {
  model: string;
  size: string;
  n: number;
  amount: string;
}

/** How many of a model's newest observations at one size count. */
export const OBSERVED_PER_SIZE = 10;

/** Boards: the highest per-image cost among recent observations of a model and size (newest first, at most `limit`). */
export function observedPrice(observations: Observation[], model: string, size: ImageSize, limit = OBSERVED_PER_SIZE): string | null {
  const matching = observations.filter((o) => o.model === model && o.size === size && o.n > 0).slice(0, limit);
  return highestSeen(matching.map((o) => ({ amount: o.amount, units: o.n })));
}

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
