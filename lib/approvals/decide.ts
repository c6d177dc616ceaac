import type { TeamContext } from '../auth/context';
import { atLeast, ROLES } from '../auth/roles';
import { recordDecision, type DecisionAction } from '../audit/decisions';
import type { Prisma } from '../db/generated/client';
import type { ApprovalStatus } from '../db/generated/enums';
import { AppError } from '../errors';
import { voidApprovals, type VoidReason } from '../generations/approval-gate';
import { notify } from '../inbox/notifications';
import { enqueue } from '../queue';
import { db } from '../runtime';

// Deciding a held request: an owner or admin approves it (its run is queued) or declines it with a
// reason; its requester may cancel it while it waits. Each is one conditional UPDATE from
// `awaiting_approval`, so of twenty approvals at once exactly one goes through, and the others are
// told it was already decided; the decision's line in the audit trail and the requester's inbox
// item are written in the same transaction.

export const APPROVAL_QUEUES = { run: 'approvals.run', tidy: 'approvals.tidy' } as const;

type Tx = Prisma.TransactionClient;

interface Decided {
  id: string;
  teamId: string;
  userId: string;
  prompt: string;
  estimate: Prisma.Decimal;
}

const STATUS_OF = { approve: 'approved', decline: 'declined', cancel: 'cancelled' } as const satisfies Record<string, ApprovalStatus>;
type Verb = keyof typeof STATUS_OF;

/**
 * Why a request cannot be decided now: not this team's (not found), someone else's to cancel
 * (forbidden), or no longer waiting (conflict, saying how it stands).
 */
async function refusal(tx: Tx, ctx: TeamContext, id: string, verb: Verb): Promise<AppError> {
  const row = await tx.approvalRequest.findFirst({ where: { id, teamId: ctx.team.id }, select: { status: true, userId: true, expiresAt: true } });
  if (!row || (!atLeast(ctx.role, 'admin') && row.userId !== ctx.user.id)) {
    return new AppError('not_found', 'There is no such request in this team.', { key: 'approvalMissing' });
  }
  if (verb === 'cancel' && row.userId !== ctx.user.id) return new AppError('forbidden', 'Only its requester cancels a request.', { key: 'approvalNotYours' });
  const status = row.status === 'awaiting_approval' && row.expiresAt <= new Date() ? 'expired' : row.status;
  return new AppError('conflict', `This request is no longer waiting: it is ${status.replace('_', ' ')}.`, { key: 'approvalDecided', values: { status } });
}

/**
 * A request whose requester has since left, been demoted, or whose key was revoked or has expired
 * cannot be approved: it is voided instead (and the approver told why).
 */
async function voidIfStale(tx: Tx, ctx: TeamContext, id: string): Promise<VoidReason | null> {
  const row = await tx.approvalRequest.findFirst({
    where: { id, teamId: ctx.team.id, status: 'awaiting_approval' },
    select: { userId: true, requesterRole: true, apiKeyId: true },
  });
  if (!row) return null;
  const membership = await tx.membership.findUnique({ where: { teamId_userId: { teamId: ctx.team.id, userId: row.userId } }, select: { role: true } });
  const key = row.apiKeyId ? await tx.apiKey.findUnique({ where: { id: row.apiKeyId }, select: { revokedAt: true, expiresAt: true } }) : null;
  const reason: VoidReason | null = !membership
    ? 'requesterLeft'
    : ROLES.indexOf(membership.role) < ROLES.indexOf(row.requesterRole)
      ? 'requesterDemoted'
      : row.apiKeyId && (!key || key.revokedAt || (key.expiresAt && key.expiresAt <= new Date()))
        ? 'keyRevoked'
        : null;
  if (reason) await voidApprovals(tx, { teamId: ctx.team.id, actorId: ctx.user.id, ids: [id], reason });
  return reason;
}

async function decide(ctx: TeamContext, id: string, verb: Verb, reason: string | null): Promise<Decided> {
  const prisma = await db();
  const decided = await prisma.$transaction(async (tx) => {
    if (verb === 'approve') {
      const stale = await voidIfStale(tx, ctx, id);
      if (stale) return { stale };
    }
    const rows = await tx.$queryRaw<Decided[]>`
      UPDATE "ApprovalRequest" SET "status" = ${STATUS_OF[verb]}::"ApprovalStatus", "decidedById" = ${ctx.user.id}::uuid, "decidedAt" = now(),
        "reason" = ${reason}, "updatedAt" = now()
      WHERE "id" = ${id}::uuid AND "teamId" = ${ctx.team.id}::uuid AND "status" = 'awaiting_approval' AND "expiresAt" > now()
        AND (${verb === 'cancel'} = false OR "userId" = ${ctx.user.id}::uuid)
      RETURNING "id"::text, "teamId"::text, "userId"::text, "prompt", "estimate"`;
    const row = rows[0];
    if (!row) throw await refusal(tx, ctx, id, verb);
    const action: DecisionAction = `approval.${STATUS_OF[verb]}`;
    await recordDecision(tx, {
      teamId: row.teamId,
      actorId: ctx.user.id,
      action,
      subjectId: row.id,
      details: { about: row.prompt.slice(0, 200), estimate: row.estimate.toString(), reason },
    });
    if (verb !== 'cancel') await notify(tx, [{ teamId: row.teamId, userId: row.userId, kind: 'approval_decided', actorId: ctx.user.id, approvalId: row.id }]);
    // The owners' and admins' "asked" items are done with: read for everyone.
    await tx.notification.updateMany({ where: { approvalId: row.id, kind: 'approval_asked', readAt: null }, data: { readAt: new Date() } });
    return { row };
  });
  if ('stale' in decided) {
    void enqueue(APPROVAL_QUEUES.tidy, {}).catch(() => undefined);
    throw new AppError('conflict', 'This request is void: its requester left or was demoted, or its API key was revoked.', {
      key: 'approvalVoid',
      values: { reason: decided.stale as string },
    });
  }
  // Approved: it runs as a job (once: the run claims it from `approved`). Declined or cancelled: its uploads go.
  if (verb === 'approve') await enqueue(APPROVAL_QUEUES.run, { approvalId: id }, { singletonKey: id });
  else void enqueue(APPROVAL_QUEUES.tidy, {}).catch(() => undefined);
  return decided.row;
}

function requireDecider(ctx: TeamContext) {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins decide requests.', { key: 'adminsOnly' });
}

/** An owner or admin approves a waiting request: it runs at the price then in force. */
export async function approveRequest(ctx: TeamContext, id: string): Promise<void> {
  requireDecider(ctx);
  await decide(ctx, id, 'approve', null);
}

/** An owner or admin declines a waiting request, saying why (the requester sees it). */
export async function declineRequest(ctx: TeamContext, id: string, reason: string): Promise<void> {
  requireDecider(ctx);
  await decide(ctx, id, 'decline', reason);
}

/** The requester takes back their own waiting request. */
export async function cancelRequest(ctx: TeamContext, id: string): Promise<void> {
  await decide(ctx, id, 'cancel', null);
}
