import { Prisma } from '../db/generated/client';
import { localMonthFirstDay } from './period';

type Client = Pick<Prisma.TransactionClient, '$queryRaw'>;

/**
 * What counts against this month's budgets, per member: settled spend from the daily rollup
 * (days cut in the team's zone) plus every open reservation (requests in flight).
 */
export async function monthSpendByMember(client: Client, teamId: string, timeZone: string): Promise<Map<string, Prisma.Decimal>> {
  const rows = await client.$queryRaw<Array<{ userId: string; amount: Prisma.Decimal }>>`
    SELECT "userId"::text AS "userId", sum(amount) AS amount FROM (
      SELECT "userId", amount FROM "LedgerDay" WHERE "teamId" = ${teamId}::uuid AND day >= ${localMonthFirstDay(timeZone)}
      UNION ALL
      SELECT "userId", amount FROM "LedgerEntry" WHERE "teamId" = ${teamId}::uuid AND status = 'reserved'
    ) spend GROUP BY "userId"`;
  return new Map(rows.map((r) => [r.userId, new Prisma.Decimal(r.amount)]));
}

export const sumOf = (spend: Map<string, Prisma.Decimal>) => [...spend.values()].reduce((a, b) => a.plus(b), new Prisma.Decimal(0));
