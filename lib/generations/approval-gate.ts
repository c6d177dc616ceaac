import { randomUUID } from 'node:crypto';
import type { TeamContext } from '../auth/context';
import { recordDecision } from '../audit/decisions';
import { Prisma } from '../db/generated/client';
import type { GenerationKind, Role } from '../db/generated/enums';
import { AppError } from '../errors';
import { formatCny } from '../i18n';
import { budgetVerdict, estimateOf, refuseOnVerdict, type BudgetVerdict, type Charge } from '../ledger/reserve';
import { log } from '../observability/log';
import { publish } from '../queue';
import { db, hotQuery } from '../runtime';

// Spend that waits for approval: a team may say that a member's request estimated above ¥X needs an
// owner's or admin's approval. Each feature calls the gate with its request priced and its uploads
// kept, just before it would open the generation. A request held here is saved with its inputs
// (nothing reserved, nothing sent) and the feature answers with its ticket; lib/approvals decides
// it and, once approved, runs it through the feature again with `ctx.approval` set.

/** Announced when a request is held (`{ approvalId, teamId }`): lib/approvals tells the team's owners and admins. */
export const APPROVAL_ASKED = 'approval.asked';

/** A held request expires after this long without a decision (its uploads are removed). */
export const APPROVAL_DAYS = 7;

/** What a feature answers instead of a result when its request was held. */
export interface HeldRequest {
  id: string;
  kind: GenerationKind;
  /** What it is estimated at, and the team's threshold it is above (CNY). */
  estimate: string;
  threshold: string;
  expiresAt: string;
}
export interface Held {
  held: HeldRequest;
}
export const isHeld = <T extends object>(outcome: T | Held): outcome is Held => 'held' in outcome;

export interface ToHold {
  kind: GenerationKind;
  prompt: string;
  charges: Charge[];
  /** The request as the feature will take it again (plain JSON: uploads as team asset ids). */
  input: Prisma.InputJsonValue;
  /** Files uploaded for this request, removed with it if it never runs (and nothing else uses them). */
  assetIds?: string[];
}

/**
 * The gate. An approved request being carried out passes if it costs no more than was approved
 * (else it is refused, saying both figures); an owner's or admin's request passes; so does one at
 * or under the team's threshold, or any when the team has none. Anything else is held: written in
 * one statement with the budget check (a request the budgets would refuse now is refused now, not
 * held), announced, and its ticket returned.
 */
export async function holdForApproval(ctx: Pick<TeamContext, 'team' | 'user' | 'role' | 'apiKey' | 'approval'>, request: ToHold): Promise<HeldRequest | null> {
  const estimate = estimateOf(request.charges);
  if (ctx.approval) {
    if (estimate.greaterThan(ctx.approval.estimate)) {
      const values = { estimate: estimate.toFixed(2), approved: new Prisma.Decimal(ctx.approval.estimate).toFixed(2) };
      throw new AppError(
        'conflict',
        `This request now costs about ${formatCny(values.estimate, 'en')}, more than the ${formatCny(values.approved, 'en')} approved.`,
        { key: 'approvalCostsMore', values },
      );
    }
    return null;
  }
  if (ctx.role !== 'member') return null;
  const team = await (await db()).team.findUnique({ where: { id: ctx.team.id }, select: { approvalAbove: true } });
  const threshold = team?.approvalAbove;
  if (!threshold || !estimate.greaterThan(threshold)) return null;

  const id = randomUUID();
  const expiresAt = new Date(Date.now() + APPROVAL_DAYS * 86_400_000);
  const [verdict] = await hotQuery<BudgetVerdict>(
    'approval.hold',
    Prisma.sql`
    WITH verdict AS (${budgetVerdict({ teamId: ctx.team.id, userId: ctx.user.id, kind: request.kind, charges: request.charges, apiKey: ctx.apiKey })}),
    held AS (
      INSERT INTO "ApprovalRequest" ("id", "teamId", "userId", "apiKeyId", "kind", "prompt", "input", "assetIds", "estimate", "charges",
        "requesterRole", "status", "expiresAt", "updatedAt")
      SELECT ${id}::uuid, ${ctx.team.id}::uuid, ${ctx.user.id}::uuid, ${ctx.apiKey?.id ?? null}::uuid, ${request.kind}::"GenerationKind",
        ${request.prompt}, ${JSON.stringify(request.input)}::jsonb, ${request.assetIds ?? []}::uuid[], ${estimate.toString()}::decimal,
        ${JSON.stringify(request.charges)}::jsonb, ${ctx.role}::"Role", 'awaiting_approval', ${expiresAt}, now()
      FROM verdict WHERE verdict."budget" IS NULL
      RETURNING "id")
    SELECT * FROM verdict`,
  );
  refuseOnVerdict(verdict, request.charges);
  void publish(APPROVAL_ASKED, { approvalId: id, teamId: ctx.team.id }).catch((error: unknown) =>
    log().error({ err: error, approvalId: id }, 'approvals: could not announce a held request'),
  );
  return { id, kind: request.kind, estimate: estimate.toString(), threshold: threshold.toString(), expiresAt: expiresAt.toISOString() };
}

/** Why a waiting request became void (a dictionary key of the inbox's words). */
export type VoidReason = 'requesterLeft' | 'requesterDemoted' | 'keyRevoked';

/**
 * Voids the team's waiting (or approved, not yet running) requests of a member who left (or was
 * demoted below the role they asked with), or that came through keys now revoked, or the ones named,
 * in the caller's transaction; each gets its line in the decisions. Returns how many.
 */
export async function voidApprovals(
  tx: Prisma.TransactionClient,
  {
    teamId,
    actorId,
    ids,
    userId,
    below,
    apiKeyIds,
    reason,
  }: { teamId: string; actorId: string | null; ids?: string[]; userId?: string; below?: Role; apiKeyIds?: string[]; reason: VoidReason },
): Promise<number> {
  const roles: Role[] = below === 'owner' ? ['owner'] : below === 'admin' ? ['owner', 'admin'] : [];
  const voided = await tx.$queryRaw<Array<{ id: string; prompt: string; estimate: Prisma.Decimal }>>`
    UPDATE "ApprovalRequest" SET "status" = 'void', "reasonKey" = ${reason}, "decidedAt" = now(), "updatedAt" = now()
    WHERE "teamId" = ${teamId}::uuid AND "status" IN ('awaiting_approval', 'approved')
      AND (${ids ?? null}::uuid[] IS NULL OR "id" = ANY(${ids ?? []}::uuid[]))
      AND (${userId ?? null}::uuid IS NULL OR "userId" = ${userId ?? null}::uuid)
      AND (${below ?? null}::text IS NULL OR "requesterRole"::text = ANY(${roles}::text[]))
      AND (${apiKeyIds ?? null}::uuid[] IS NULL OR "apiKeyId" = ANY(${apiKeyIds ?? []}::uuid[]))
    RETURNING "id"::text, "prompt", "estimate"`;
  for (const request of voided) {
    await recordDecision(tx, {
      teamId,
      actorId,
      action: 'approval.void',
      subjectId: request.id,
      details: { about: request.prompt.slice(0, 200), estimate: request.estimate.toString(), reason },
    });
  }
  return voided.length;
}

/**
 * The result of a request that cannot have been held (an owner's, or an approved one carried out);
 * a hold there is a bug, and says so.
 */
export function ran<T extends object>(outcome: T | Held): T {
  if (isHeld(outcome)) throw new Error(`request ${outcome.held.id} was held for approval where none can be`);
  return outcome;
}
