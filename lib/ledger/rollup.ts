import type { Prisma } from '../db/generated/client';

type Client = Pick<Prisma.TransactionClient, '$executeRaw'>;

/**
 * Rebuilds a team's daily spend (`LedgerDay`) from its settled lines under the team's current
 * time zone. The trigger keeps the rollup current line by line; this is for when every day moves
 * (a new time zone) or for loading a ledger in bulk.
 */
export async function refileDailySpend(client: Client, teamId: string): Promise<void> {
  await client.$executeRaw`DELETE FROM "LedgerDay" WHERE "teamId" = ${teamId}::uuid`;
  await client.$executeRaw`
    INSERT INTO "LedgerDay" ("teamId", day, "userId", kind, model, amount, lines)
    SELECT l."teamId", ((l."occurredAt" AT TIME ZONE 'UTC') AT TIME ZONE t."timeZone")::date AS day, l."userId", l.kind, l.model, sum(l.amount), count(*)::int
    FROM "LedgerEntry" l JOIN "Team" t ON t.id = l."teamId"
    WHERE l."teamId" = ${teamId}::uuid AND l.status = 'settled'
    GROUP BY 1, 2, 3, 4, 5`;
}
