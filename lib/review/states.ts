import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { recordDecision } from '../audit/decisions';
import type { ReviewState } from '../db/generated/enums';
import { AppError } from '../errors';
import { db } from '../runtime';
import { teamBoard, teamResult } from './subject';

// Review states, per result and per board: draft -> in review -> approved | changes requested, each
// with who set it and when. Anyone in the team puts work up for review or back to draft; owners and
// admins approve or ask for changes, and only they take a verdict back. An edit's versions are results of their own, so approving one
// approves that version, and the audit trail names its number.

export const REVIEW_STATES = ['draft', 'in_review', 'approved', 'changes_requested'] as const satisfies readonly ReviewState[];
export const reviewStateSchema = z.object({ state: z.enum(REVIEW_STATES) });

/** The verdicts: owners' and admins' to give. */
const VERDICTS: ReadonlySet<ReviewState> = new Set(['approved', 'changes_requested']);

function checkMayGive(ctx: TeamContext, state: ReviewState): void {
  if (VERDICTS.has(state) && !atLeast(ctx.role, 'admin')) {
    throw new AppError('forbidden', 'Only owners and admins approve or ask for changes.', { key: 'reviewersOnly' });
  }
}

/**
 * Which states the caller may leave: a verdict stands until an owner or admin changes it. Part of
 * the update's own condition, so a member's change that crosses an admin's verdict changes nothing.
 */
const mayLeave = (ctx: TeamContext) => (atLeast(ctx.role, 'admin') ? {} : { reviewState: { notIn: [...VERDICTS] } });

const verdictStands = () => new AppError('forbidden', 'An owner or admin has given this its verdict: only they can change it.', { key: 'verdictStands' });

export interface ReviewStatus {
  state: ReviewState;
  by: string | null;
  at: string | null;
}

/** An edit's place in its chain of versions (1 for a first edit; each "continue editing" step one more). */
async function versionOf(generationId: string): Promise<number> {
  const [{ depth }] = await (
    await db()
  ).$queryRaw<Array<{ depth: number }>>`
    WITH RECURSIVE up AS (
      SELECT "id", "parentId", 1 AS depth FROM "Generation" WHERE "id" = ${generationId}::uuid
      UNION ALL
      SELECT g."id", g."parentId", up.depth + 1 FROM "Generation" g JOIN up ON g."id" = up."parentId" WHERE g."kind" = 'edit' AND up.depth < 50)
    SELECT max(depth)::int AS depth FROM up`;
  return depth;
}

/** Sets a result's review state; the trail keeps it with the model and, for an edit, the version. */
export async function setResultState(ctx: TeamContext, outputId: string, state: ReviewState): Promise<ReviewStatus> {
  checkMayGive(ctx, state);
  const result = await teamResult(ctx, outputId);
  const version = result.kind === 'edit' ? await versionOf(result.generationId) : null;
  const at = new Date();
  await (
    await db()
  ).$transaction(async (tx) => {
    const { count } = await tx.generationOutput.updateMany({
      where: { id: outputId, ...mayLeave(ctx) },
      data: { reviewState: state, reviewById: ctx.user.id, reviewAt: at },
    });
    if (count === 0) throw verdictStands();
    await recordDecision(tx, {
      teamId: ctx.team.id,
      actorId: ctx.user.id,
      action: `review.${state}`,
      subjectId: outputId,
      details: { about: result.prompt.slice(0, 200), subject: 'result', model: result.model, version },
    });
  });
  return { state, by: ctx.user.name || ctx.user.email, at: at.toISOString() };
}

/** Sets a board's review state (a comparison board, or an edit run of several results). */
export async function setBoardState(ctx: TeamContext, generationId: string, state: ReviewState): Promise<ReviewStatus> {
  checkMayGive(ctx, state);
  const board = await teamBoard(ctx, generationId);
  const at = new Date();
  await (
    await db()
  ).$transaction(async (tx) => {
    const { count } = await tx.generation.updateMany({
      where: { id: generationId, ...mayLeave(ctx) },
      data: { reviewState: state, reviewById: ctx.user.id, reviewAt: at },
    });
    if (count === 0) throw verdictStands();
    await recordDecision(tx, {
      teamId: ctx.team.id,
      actorId: ctx.user.id,
      action: `review.${state}`,
      subjectId: generationId,
      details: { about: board.prompt.slice(0, 200), subject: 'board' },
    });
  });
  return { state, by: ctx.user.name || ctx.user.email, at: at.toISOString() };
}
