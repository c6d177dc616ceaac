import { Prisma } from '../db/generated/client';
import type { GenerationKind } from '../db/generated/enums';
import { AppError } from '../errors';
import { runtime } from '../runtime';
import { keySpend } from './key-spend';
import { monthSpendByMember, sumOf } from './month-spend';

type Tx = Prisma.TransactionClient;

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

interface BudgetRow {
  timeZone: string;
  teamBudget: Prisma.Decimal | null;
  memberBudget: Prisma.Decimal | null;
  hard: boolean;
}

/**
 * Checks the hard budgets, then creates the generation (`create`) and reserves its estimate, all
 * inside the caller's transaction. The team row is locked first, so concurrent requests of one
 * team queue here: each sees the reservations of those before it, and together they can never
 * overspend. (First, because inserting a generation share-locks its team row for the foreign
 * key; asking for the update lock after that deadlocks two requests.) The reservation is later
 * settled with what the service reported (`settleCosts`) or released if nothing was charged.
 */
export async function reserveBudget<G extends { id: string }>(
  tx: Tx,
  { teamId, userId, kind, charges, apiKey }: Reservation,
  create: () => Promise<G>,
): Promise<G> {
  const [budget] = await tx.$queryRaw<BudgetRow[]>`
    SELECT t."timeZone", t."monthlyBudget" AS "teamBudget", m."monthlyBudget" AS "memberBudget", t."budgetsHard" AS hard
    FROM "Team" t LEFT JOIN "Membership" m ON m."teamId" = t.id AND m."userId" = ${userId}::uuid
    WHERE t.id = ${teamId}::uuid
    FOR UPDATE OF t`;
  if (!budget) throw new AppError('not_found', 'This team no longer exists.');
  const estimate = charges.reduce((sum, c) => sum.plus(c.amount), new Prisma.Decimal(0));

  if (budget.hard && (budget.teamBudget !== null || budget.memberBudget !== null)) {
    const spend = await monthSpendByMember(tx, teamId, budget.timeZone);
    refuseIfOver('member', budget.memberBudget, spend.get(userId) ?? new Prisma.Decimal(0), estimate);
    refuseIfOver('team', budget.teamBudget, sumOf(spend), estimate);
  }
  if (apiKey?.monthlyBudget) {
    // Under the same team lock: concurrent calls on one key queue here like the rest.
    const spent = (await keySpend(tx, [apiKey.id], budget.timeZone)).get(apiKey.id) ?? new Prisma.Decimal(0);
    refuseIfOver('key', new Prisma.Decimal(apiKey.monthlyBudget), spent, estimate);
  }

  const generation = await create();
  const lines = charges.filter((c) => new Prisma.Decimal(c.amount).greaterThan(0));
  if (lines.length > 0) {
    // An edit's or a board's reservation lives as long as this process's lease (the request dies
    // with the process); a video's belongs to its task, which settles or releases it however long it runs.
    const leaseId = kind === 'video' ? null : (await runtime()).lease.id;
    await tx.ledgerEntry.createMany({
      data: lines.map((c) => ({
        teamId,
        userId,
        generationId: generation.id,
        kind,
        model: c.model,
        amount: new Prisma.Decimal(c.amount),
        currency: 'CNY',
        status: 'reserved' as const,
        leaseId,
      })),
    });
  }
  return generation;
}

const WHOSE = { team: "the team's monthly budget", member: 'your monthly budget', key: "this API key's monthly budget" } as const;
const KEYS = { team: 'teamBudgetExceeded', member: 'memberBudgetExceeded', key: 'keyBudgetExceeded' } as const;

function refuseIfOver(which: 'team' | 'member' | 'key', limit: Prisma.Decimal | null, spent: Prisma.Decimal, estimate: Prisma.Decimal) {
  if (limit === null) return;
  const left = Prisma.Decimal.max(limit.minus(spent), 0);
  // With nothing left even a request of unknown price is refused.
  if (estimate.greaterThan(left) || left.isZero()) {
    const values = { limit: limit.toFixed(2), left: left.toFixed(2), estimate: estimate.toFixed(2) };
    throw new AppError(
      'budget_exceeded',
      `This request (about ¥${values.estimate}) would exceed ${WHOSE[which]} of ¥${values.limit}: ¥${values.left} left this month.`,
      { key: KEYS[which], values, budget: which },
    );
  }
}
