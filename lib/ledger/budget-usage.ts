// Budget arithmetic shared by the server and the browser (no database here).

/** A budget as typed: CNY, up to ten digits and two decimals (the form checks it as you type, the action again). */
export const BUDGET_AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

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
