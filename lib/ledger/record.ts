import { Prisma } from '../db/generated/client';

type Tx = Pick<Prisma.TransactionClient, 'ledgerEntry'>;

/**
 * CTEs for the statement that settles a generation (`generation`: a CTE of the settled
 * generation's id, teamId, userId and kind): what the service charged, one settled line per model
 * with a cost, and the generation's reservation released: the reported cost replaces the estimate.
 * A model charged more than was reserved for it marks the team's prices as raised, so that every
 * replica's cached estimates of the team are read again (lib/pricing/observed.ts).
 */
export function settledCosts(generation: Prisma.Sql, charges: Array<{ model: string; amount: string }>): Prisma.Sql {
  const billable = JSON.stringify(charges.filter((c) => new Prisma.Decimal(c.amount).greaterThan(0)));
  return Prisma.sql`
    raised AS (
      UPDATE "Team" t SET "pricesRaisedAt" = now() FROM ${generation} g
      WHERE t."id" = g."teamId" AND EXISTS (
        SELECT 1 FROM jsonb_to_recordset(${billable}::jsonb) AS c("model" text, "amount" decimal)
        WHERE c."amount" > (SELECT coalesce(sum(r."amount"), 0) FROM "LedgerEntry" r WHERE r."generationId" = g."id" AND r."status" = 'reserved' AND r."model" = c."model"))),
    released AS (
      UPDATE "LedgerEntry" SET "status" = 'released' WHERE "generationId" IN (SELECT "id" FROM ${generation}) AND "status" = 'reserved'),
    charged AS (
      INSERT INTO "LedgerEntry" ("id", "teamId", "userId", "generationId", "kind", "model", "amount", "currency", "status")
      SELECT gen_random_uuid(), g."teamId", g."userId", g."id", g."kind", c."model", c."amount", 'CNY', 'settled'
      FROM ${generation} g, jsonb_to_recordset(${billable}::jsonb) AS c("model" text, "amount" decimal))`;
}

/** Gives back a generation's reservation: it failed or was cancelled before anything was charged. */
export async function releaseReservations(tx: Tx, generationId: string): Promise<void> {
  await tx.ledgerEntry.updateMany({ where: { generationId, status: 'reserved' }, data: { status: 'released' } });
}
