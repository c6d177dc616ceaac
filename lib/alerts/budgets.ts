import { Prisma } from '../db/generated/client';
import { keyMonthSpend, monthSpend } from '../ledger/budgets';
import { localToday } from '../ledger/period';
import type { AlertChannel } from '../db/generated/enums';
import { db } from '../runtime';
import { recordAlert } from './record';

// Budget alerts: every monthly budget of a team (the team's, each member's, each API key's) is
// compared with its thresholds; a threshold crossed this month fires once per channel. The unique
// index on AlertEvent makes "once" hold however many workers evaluate at the same moment: only
// the insert that wins is delivered. Crossing several thresholds at once sends the highest; the
// lower ones are recorded as superseded, so they do not fire later in the month.

export interface BudgetAlert {
  subject: string;
  /** Who or what the budget is: the team's, a member's or a key's name. */
  name: string;
  /** The threshold crossed (the highest one, for the alert that is sent). */
  threshold: number;
  /** How much of the budget is spent, in percent, to one decimal and never rounded up ("97.7"); null for a budget of 0. */
  percent: string | null;
  limit: string;
  spent: string;
  period: string;
  team: string;
}

interface Budget {
  subject: string;
  name: string;
  limit: Prisma.Decimal;
  spent: Prisma.Decimal;
}

/** A team's budgets with what counts against them this month (settled and reserved). */
async function budgetsOf(teamId: string): Promise<{ team: string; timeZone: string; budgets: Budget[] } | null> {
  const prisma = await db();
  const team = await prisma.team.findUnique({
    where: { id: teamId },
    select: {
      name: true,
      timeZone: true,
      monthlyBudget: true,
      memberships: { where: { monthlyBudget: { not: null } }, select: { userId: true, monthlyBudget: true, user: { select: { name: true } } } },
    },
  });
  if (!team) return null;
  const keys = await prisma.apiKey.findMany({
    where: { teamId, revokedAt: null, monthlyBudget: { not: null } },
    select: { id: true, name: true, monthlyBudget: true },
  });
  const [spent, spentByKey] = await Promise.all([
    monthSpend(prisma, teamId),
    keyMonthSpend(
      prisma,
      keys.map((k) => k.id),
    ),
  ]);
  const zero = new Prisma.Decimal(0);
  const budgets: Budget[] = [
    ...(team.monthlyBudget ? [{ subject: 'team', name: team.name, limit: team.monthlyBudget, spent: spent.team }] : []),
    ...team.memberships.map((m) => ({ subject: `member:${m.userId}`, name: m.user.name, limit: m.monthlyBudget!, spent: spent.members.get(m.userId) ?? zero })),
    ...keys.map((k) => ({ subject: `key:${k.id}`, name: k.name, limit: k.monthlyBudget!, spent: spentByKey.get(k.id) ?? zero })),
  ];
  return { team: team.name, timeZone: team.timeZone, budgets };
}

/** The share of `limit` that `spent` is, in percent to one decimal, rounded down: never more than the truth ("97.7"). */
export function spentPercent(spent: Prisma.Decimal | string, limit: Prisma.Decimal | string): string | null {
  const of = new Prisma.Decimal(limit);
  if (of.lessThanOrEqualTo(0)) return null;
  return new Prisma.Decimal(spent).dividedBy(of).times(100).toDecimalPlaces(1, Prisma.Decimal.ROUND_DOWN).toString();
}

/** The thresholds (percentages) a spend has reached, lowest first. */
export function crossed(spent: Prisma.Decimal, limit: Prisma.Decimal, thresholds: number[]): number[] {
  if (limit.lessThanOrEqualTo(0)) return spent.greaterThan(0) ? thresholds : [];
  const percent = spent.dividedBy(limit).times(100);
  return thresholds.filter((t) => percent.greaterThanOrEqualTo(t)).sort((a, b) => a - b);
}

/**
 * Records one team's budget alerts that fire now (status pending, one row per channel). Returns
 * the ids of the rows this call wrote, which it must deliver.
 */
export async function evaluateBudgetAlerts(teamId: string, thresholds: number[], channels: AlertChannel[]): Promise<string[]> {
  if (channels.length === 0 || thresholds.length === 0) return [];
  const state = await budgetsOf(teamId);
  if (!state) return [];
  const period = localToday(state.timeZone).slice(0, 7);
  const created: string[] = [];
  for (const budget of state.budgets) {
    const reached = crossed(budget.spent, budget.limit, thresholds);
    const highest = reached.at(-1);
    for (const threshold of reached) {
      const payload: BudgetAlert = {
        subject: budget.subject,
        name: budget.name,
        threshold,
        percent: spentPercent(budget.spent, budget.limit),
        limit: budget.limit.toFixed(2),
        spent: budget.spent.toFixed(2),
        period,
        team: state.team,
      };
      const recorded = { teamId, rule: 'budget' as const, subject: budget.subject, threshold, period, channels, payload };
      created.push(...(await recordAlert({ ...recorded, superseded: threshold !== highest })));
    }
  }
  return created;
}
