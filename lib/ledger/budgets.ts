import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { db } from '../runtime';
import { monthSpendByMember, sumOf } from './month-spend';
import { isTimeZone } from './period';

/** A budget as typed in a form: empty means none; otherwise CNY with at most 2 decimals. */
const amount = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{1,10}(\.\d{1,2})?$/.test(v), 'budgetFormat')
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
  await prisma.$transaction(async (tx) => {
    await tx.team.update({ where: { id: ctx.team.id }, data: { monthlyBudget: input.teamBudget, budgetsHard: input.hard, timeZone: input.timeZone } });
    if (previousZone !== input.timeZone) await refileDays(tx, ctx.team.id);
    for (const member of input.members) {
      // Scoped by team: a user id from elsewhere matches no membership and changes nothing.
      await tx.membership.updateMany({ where: { teamId: ctx.team.id, userId: member.userId }, data: { monthlyBudget: member.budget } });
    }
  }, { timeout: 60_000 }); // refiling a busy team's year of spend takes a few seconds
}

/**
 * Files a team's settled spend again under its (new) time zone's days. The team row is locked by
 * the update before this, so lines settled meanwhile wait and then land under the new zone.
 */
async function refileDays(tx: Prisma.TransactionClient, teamId: string) {
  await tx.$executeRaw`DELETE FROM "LedgerDay" WHERE "teamId" = ${teamId}::uuid`;
  await tx.$executeRaw`
    INSERT INTO "LedgerDay" ("teamId", day, "userId", kind, model, amount, lines)
    SELECT l."teamId", ((l."occurredAt" AT TIME ZONE 'UTC') AT TIME ZONE t."timeZone")::date AS day, l."userId", l.kind, l.model, sum(l.amount), count(*)::int
    FROM "LedgerEntry" l JOIN "Team" t ON t.id = l."teamId"
    WHERE l."teamId" = ${teamId}::uuid AND l.status = 'settled'
    GROUP BY 1, 2, 3, 4, 5`;
}

export interface BudgetLine {
  /** null for the team's own budget. */
  userId: string | null;
  name: string;
  limit: string | null;
  /** Settled plus reserved (in flight) this month, in the team's time zone. */
  spent: string;
}

export interface BudgetStatus {
  timeZone: string;
  hard: boolean;
  team: BudgetLine;
  members: BudgetLine[];
}

/** This month's budgets and spend; members see the team line and their own, admins everyone's. */
export async function budgetStatus(ctx: TeamContext): Promise<BudgetStatus> {
  const prisma = await db();
  const team = await prisma.team.findUniqueOrThrow({ where: { id: ctx.team.id }, select: { timeZone: true, monthlyBudget: true, budgetsHard: true } });
  const seeAll = atLeast(ctx.role, 'admin');
  const [memberships, byUser] = await Promise.all([
    prisma.membership.findMany({
      where: { teamId: ctx.team.id, ...(seeAll ? {} : { userId: ctx.user.id }) },
      select: { userId: true, monthlyBudget: true, user: { select: { name: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    monthSpendByMember(prisma, ctx.team.id, team.timeZone),
  ]);
  const total = sumOf(byUser);
  return {
    timeZone: team.timeZone,
    hard: team.budgetsHard,
    team: { userId: null, name: ctx.team.name, limit: team.monthlyBudget?.toFixed(2) ?? null, spent: total.toFixed(4) },
    members: memberships.map((m) => ({
      userId: m.userId,
      name: m.user.name,
      limit: m.monthlyBudget?.toFixed(2) ?? null,
      spent: (byUser.get(m.userId) ?? new Prisma.Decimal(0)).toFixed(4),
    })),
  };
}

/** The share of a budget spent, 0..∞ (1 = all of it); null without a limit. */
export function usage(line: BudgetLine): number | null {
  if (line.limit === null) return null;
  const limit = Number(line.limit);
  return limit === 0 ? (Number(line.spent) > 0 ? Infinity : 1) : Number(line.spent) / limit;
}

/** The budgets at or past 80 %: what admins are warned about in the studio. */
export const WARN_AT = 0.8;
export function budgetsNearLimit(status: BudgetStatus): BudgetLine[] {
  return [status.team, ...status.members].filter((line) => (usage(line) ?? 0) >= WARN_AT);
}
