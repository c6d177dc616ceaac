import { Prisma } from '../db/generated/client';
import { localMonthFirstDay } from './period';

type Client = Pick<Prisma.TransactionClient, '$queryRaw'>;

/** What counts against keys' monthly budgets: their settled and reserved ledger lines since the month began in the team's zone. */
export async function keySpend(client: Client, keyIds: string[], timeZone: string): Promise<Map<string, Prisma.Decimal>> {
  if (keyIds.length === 0) return new Map();
  const rows = await client.$queryRaw<Array<{ keyId: string; amount: Prisma.Decimal }>>`
    SELECT g."apiKeyId"::text AS "keyId", sum(l.amount) AS amount
    FROM "Generation" g JOIN "LedgerEntry" l ON l."generationId" = g.id
    WHERE g."apiKeyId" = ANY(${keyIds}::uuid[]) AND l.status IN ('reserved', 'settled')
      AND l."occurredAt" >= ((${localMonthFirstDay(timeZone)}::timestamp AT TIME ZONE ${timeZone}) AT TIME ZONE 'UTC')
    GROUP BY g."apiKeyId"`;
  return new Map(rows.map((r) => [r.keyId, new Prisma.Decimal(r.amount)]));
}
