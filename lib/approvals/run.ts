import { resolveTeamContext, type TeamContext } from '../auth/team-context';
import { ROLES } from '../auth/roles';
import { recordDecision } from '../audit/decisions';
import type { ApprovalStatus } from '../db/generated/enums';
import { AppError } from '../errors';
import { voidApprovals, type VoidReason } from '../generations/approval-gate';
import { notifyAgain } from '../inbox/notifications';
import { log } from '../observability/log';
import { db } from '../runtime';
import { carryOut } from './carry-out';

// The run of an approved request, as a job: it claims the request (`approved` -> `running`, once),
// acts as its requester (re-read: one who left or was demoted, or whose key was revoked, voids it),
// and carries it out at the price then in force. A run the budgets or the new price refuse ends
// `refused` with the reason; one that opened its generation ends `completed`, the generation
// saying how it went. The generation carries the request's id (unique), so even a run retried
// after a crash opens at most one.

type Claimed = {
  id: string;
  teamId: string;
  userId: string;
  apiKeyId: string | null;
  kind: 'edit' | 'comparison' | 'video';
  input: unknown;
  estimate: string;
  requesterRole: (typeof ROLES)[number];
  prompt: string;
};

/** The requester as they stand now, acting for this request; a reason to void it if they cannot. */
async function requesterOf(request: Claimed): Promise<TeamContext | VoidReason> {
  let ctx: TeamContext;
  try {
    ctx = await resolveTeamContext(request.userId, { teamId: request.teamId, strict: true });
  } catch {
    return 'requesterLeft';
  }
  if (ROLES.indexOf(ctx.role) < ROLES.indexOf(request.requesterRole)) return 'requesterDemoted';
  if (request.apiKeyId) {
    const key = await (
      await db()
    ).apiKey.findFirst({
      where: { id: request.apiKeyId, teamId: request.teamId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
      select: { id: true, monthlyBudget: true },
    });
    if (!key) return 'keyRevoked';
    ctx.apiKey = { id: key.id, monthlyBudget: key.monthlyBudget?.toString() ?? null };
  }
  return { ...ctx, approval: { id: request.id, estimate: request.estimate } };
}

/** Ends a claimed request that did not run (or whose run has been seen to), with the requester told. */
async function finish(request: Claimed, status: ApprovalStatus, reason?: { message: string; key: string | null }): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.approvalRequest.updateMany({
      where: { id: request.id, status: 'running' },
      data: { status, ...(reason ? { reason: reason.message, reasonKey: reason.key } : {}) },
    });
    if (count === 0 || status !== 'refused') return;
    await recordDecision(tx, {
      teamId: request.teamId,
      actorId: null,
      action: 'approval.refused',
      subjectId: request.id,
      details: { about: request.prompt.slice(0, 200), estimate: request.estimate, reason: reason?.message ?? null },
    });
    await notifyAgain(tx, { teamId: request.teamId, userId: request.userId, kind: 'approval_decided', actorId: null, approvalId: request.id });
  });
}

/** Runs one approved request, if it is still approved (a second job for it finds nothing to do). */
export async function runApproved(approvalId: string): Promise<void> {
  const prisma = await db();
  const [request] = await prisma.$queryRaw<Claimed[]>`
    UPDATE "ApprovalRequest" SET "status" = 'running', "updatedAt" = now() WHERE "id" = ${approvalId}::uuid AND "status" = 'approved'
    RETURNING "id"::text, "teamId"::text, "userId"::text, "apiKeyId"::text, "kind"::text, "input", "estimate"::text, "requesterRole"::text, "prompt"`;
  if (!request) return;
  const ctx = await requesterOf(request);
  if (typeof ctx === 'string') {
    await prisma.$transaction(async (tx) => {
      // Back to approved for a moment, so that the one voiding statement (and its audit line) covers it.
      await tx.approvalRequest.update({ where: { id: request.id }, data: { status: 'approved' } });
      await voidApprovals(tx, { teamId: request.teamId, actorId: null, ids: [request.id], reason: ctx });
    });
    return;
  }
  try {
    await carryOut(request.kind, ctx, request.input);
    await finish(request, 'completed');
  } catch (error) {
    const ran = await prisma.generation.findUnique({ where: { approvalId: request.id }, select: { id: true } });
    if (ran) {
      // It ran, and failed there (the service refused it, say): the generation shows the failure.
      await finish(request, 'completed');
      return;
    }
    if (!(error instanceof AppError)) log().error({ err: error, approvalId }, 'approvals: an approved request could not run');
    const message = error instanceof AppError ? error.message : 'It could not run.';
    await finish(request, 'refused', { message, key: error instanceof AppError ? (error.key ?? null) : null });
  }
}
