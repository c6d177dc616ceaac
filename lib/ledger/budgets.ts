import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { db } from '../runtime';
import { BUDGET_AMOUNT, type BudgetStatus } from './budget-usage';
import { monthSpendByMember, sumOf } from './month-spend';
import { isTimeZone } from './period';
import { refileDailySpend } from './rollup';

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
