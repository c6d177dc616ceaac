import { cache } from 'react';
import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { db } from '../runtime';
import { BUDGET_AMOUNT, type BudgetStatus } from './budget-usage';
import { isTimeZone } from './period';

type Client = Pick<Prisma.TransactionClient, '$queryRaw'>;

/**
 * What counts against a team's monthly budgets, as `budget_verdict` counts it (the SQL function
 * team_month_spend, prisma/migrations/…_spend_that_counts): the team's, and each member's who spent.
 */
export async function monthSpend(client: Client, teamId: string): Promise<{ team: Prisma.Decimal; members: Map<string, Prisma.Decimal> }> {
  const rows = await client.$queryRaw<Array<{ userId: string | null; spent: Prisma.Decimal }>>`
    SELECT "userId"::text AS "userId", spent FROM "team_month_spend"(${teamId}::uuid)`;
  const members = new Map(rows.flatMap((r) => (r.userId === null ? [] : [[r.userId, new Prisma.Decimal(r.spent)] as const])));
  return { team: new Prisma.Decimal(rows.find((r) => r.userId === null)!.spent), members };
}

/** What counts against keys' monthly budgets (the SQL function key_month_spend), by key id. */
export async function keyMonthSpend(client: Client, keyIds: string[]): Promise<Map<string, Prisma.Decimal>> {
  if (keyIds.length === 0) return new Map();
  const rows = await client.$queryRaw<Array<{ keyId: string; spent: Prisma.Decimal }>>`
    SELECT k.id::text AS "keyId", "key_month_spend"(k.id) AS spent FROM unnest(${keyIds}::uuid[]) AS k(id)`;
  return new Map(rows.map((r) => [r.keyId, new Prisma.Decimal(r.spent)]));
}

/** A budget as typed in a form: empty means none; otherwise CNY with at most 2 decimals. */
const amount = z
  .string()
  .trim()
  .refine((v) => v === '' || BUDGET_AMOUNT.test(v), 'budgetFormat')
  .transform((v) => (v === '' ? null : v));

export const budgetSettingsSchema = z.object({
  teamBudget: amount,
  hard: z.boolean(),
  timeZone: z.string().refine(isTimeZone, 'timeZone'),
  members: z.array(z.object({ userId: z.uuid(), budget: amount })).max(500),
});
export type BudgetSettingsInput = z.input<typeof budgetSettingsSchema>;

/** Owners and admins set the team's budgets and the time zone its months and days are cut in. */
export async function updateBudgets(ctx: TeamContext, input: z.infer<typeof budgetSettingsSchema>): Promise<void> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins can do this.', { key: 'adminsOnly' });
  const prisma = await db();
  const { timeZone: previousZone } = await prisma.team.findUniqueOrThrow({ where: { id: ctx.team.id }, select: { timeZone: true } });
  await prisma.$transaction(
    async (tx) => {
      await tx.team.update({ where: { id: ctx.team.id }, data: { monthlyBudget: input.teamBudget, budgetsHard: input.hard, timeZone: input.timeZone } });
      // The team row is locked by the update above: lines settled meanwhile wait, then land under the new zone.
      if (previousZone !== input.timeZone) await refileDailySpend(tx, ctx.team.id);
      for (const member of input.members) {
        // Scoped by team: a user id from elsewhere matches no membership and changes nothing.
        await tx.membership.updateMany({ where: { teamId: ctx.team.id, userId: member.userId }, data: { monthlyBudget: member.budget } });
      }
    },
    { timeout: 60_000 },
  ); // refiling a busy team's year of spend takes a few seconds
}

/** This month's budgets and spend; members see the team line and their own, admins everyone's. */
export async function budgetStatus(ctx: TeamContext): Promise<BudgetStatus> {
  const prisma = await db();
  const team = await prisma.team.findUniqueOrThrow({ where: { id: ctx.team.id }, select: { timeZone: true, monthlyBudget: true, budgetsHard: true } });
  const seeAll = atLeast(ctx.role, 'admin');
  const [memberships, spent] = await Promise.all([
    prisma.membership.findMany({
      where: { teamId: ctx.team.id, ...(seeAll ? {} : { userId: ctx.user.id }) },
      select: { userId: true, monthlyBudget: true, user: { select: { name: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    monthSpend(prisma, ctx.team.id),
  ]);
  return {
    timeZone: team.timeZone,
    hard: team.budgetsHard,
    team: { userId: null, name: ctx.team.name, limit: team.monthlyBudget?.toFixed(2) ?? null, spent: spent.team.toFixed(4) },
    members: memberships.map((m) => ({
      userId: m.userId,
      name: m.user.name,
      limit: m.monthlyBudget?.toFixed(2) ?? null,
      spent: (spent.members.get(m.userId) ?? new Prisma.Decimal(0)).toFixed(4),
    })),
  };
}

/**
 * This month's budgets for the page being rendered: read once, however many parts of it ask (the
 * studio banner, the page), all with the render's one team context (requireTeamContext).
 */
export const pageBudgetStatus = cache(budgetStatus);

/**
 * Rebuilds a team's daily spend (`LedgerDay`) from its settled lines under the team's current
 * time zone. The trigger keeps the rollup current line by line; this is for when every day moves
 * (a new time zone) or for loading a ledger in bulk.
 */
export async function refileDailySpend(client: Pick<Prisma.TransactionClient, '$executeRaw'>, teamId: string): Promise<void> {
  await client.$executeRaw`DELETE FROM "LedgerDay" WHERE "teamId" = ${teamId}::uuid`;
  await client.$executeRaw`
    INSERT INTO "LedgerDay" ("teamId", day, "userId", kind, model, amount, lines)
    SELECT l."teamId", ((l."occurredAt" AT TIME ZONE 'UTC') AT TIME ZONE t."timeZone")::date AS day, l."userId", l.kind, l.model, sum(l.amount), count(*)::int
    FROM "LedgerEntry" l JOIN "Team" t ON t.id = l."teamId"
    WHERE l."teamId" = ${teamId}::uuid AND l.status = 'settled'
    GROUP BY 1, 2, 3, 4, 5`;
}
