import { formatCny } from '../i18n';
import { Prisma } from '../db/generated/client';
import type { GenerationKind } from '../db/generated/enums';
import { AppError } from '../errors';
import { metrics } from '../observability/metrics';

/** What one model of a request is expected to cost, in CNY (a decimal string). */
export interface Charge {
  model: string;
  amount: string;
}

export interface Reservation {
  teamId: string;
  userId: string;
  kind: GenerationKind;
  charges: Charge[];
  /** A call through Atelier's API: its key's monthly budget applies too (always hard). */
  apiKey?: { id: string; monthlyBudget: string | null };
}

/** What `budget_verdict` answers: the first budget the estimate would exceed, or none. */
export interface BudgetVerdict {
  budget: 'member' | 'team' | 'key' | 'no_team' | null;
  limit: string | null;
  spent: string | null;
}

export const estimateOf = (charges: Charge[]) => charges.reduce((sum, c) => sum.plus(c.amount), new Prisma.Decimal(0));

/**
 * The budget check of opening a generation, as a query for the statement that opens it (the
 * function `budget_verdict`, prisma/migrations/…_budget_verdict): it locks the team row, then
 * reads what counts against the team, member and key budgets, so that concurrent requests of one
 * team queue and each sees the reservations of those before it. The reservation itself is the
 * generation's `reserved` ledger lines (`reservedLines`), later settled with what the service
 * reported (`settleCosts`) or released if nothing was charged.
 */
export function budgetVerdict({ teamId, userId, charges, apiKey }: Reservation): Prisma.Sql {
  const keyBudget = apiKey?.monthlyBudget ?? null;
  return Prisma.sql`SELECT "budget", "limit"::text AS "limit", "spent"::text AS "spent"
    FROM "budget_verdict"(${teamId}::uuid, ${userId}::uuid, ${apiKey?.id ?? null}::uuid, ${keyBudget}::decimal, ${estimateOf(charges).toString()}::decimal)`;
}

/** The lines to reserve (JSON for the opening statement): the charges with a price above zero. */
export const reservedLines = (charges: Charge[]) => JSON.stringify(charges.filter((c) => new Prisma.Decimal(c.amount).greaterThan(0)));

const WHOSE = { team: "the team's monthly budget", member: 'your monthly budget', key: "this API key's monthly budget" } as const;
const KEYS = { team: 'teamBudgetExceeded', member: 'memberBudgetExceeded', key: 'keyBudgetExceeded' } as const;

/** Throws the refusal a verdict means, naming the budget, what is left and the estimate. */
export function refuseOnVerdict(verdict: BudgetVerdict, charges: Charge[]): void {
  const which = verdict.budget;
  if (which === null) return;
  if (which === 'no_team') throw new AppError('not_found', 'This team no longer exists.');
  metrics().budgetRefusals.inc({ budget: which });
  const limit = new Prisma.Decimal(verdict.limit!);
  const left = Prisma.Decimal.max(limit.minus(verdict.spent!), 0);
  const values = { limit: limit.toFixed(2), left: left.toFixed(2), estimate: estimateOf(charges).toFixed(2) };
  // The English words (the API's, and the fallback) write amounts as the studio does (formatCny).
  const cny = (amount: string) => formatCny(amount, 'en');
  throw new AppError(
    'budget_exceeded',
    `This request (about ${cny(values.estimate)}) would exceed ${WHOSE[which]} of ${cny(values.limit)}: ${cny(values.left)} left this month.`,
    { key: KEYS[which], values, budget: which },
  );
}
