import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { recordDecision } from '../audit/decisions';
import { AppError } from '../errors';
import { LIVE } from '../generations/visibility';
import { db } from '../runtime';
import { teamBoard, teamResult } from './subject';

// A board's winner (one, of all its results) and each column's (one per model: a board of n images
// a model), marked by owners and admins; and every member's 1–5 stars for a result, with the team's
// average. One winner per board and per column is held by unique indexes; marking locks the board
// row first, so two people marking at once take turns instead of colliding.

export const winnerSchema = z.object({
  /** The winner, or null to clear it. */
  outputId: z.uuid().nullable(),
  /** A column's winner (the model's index on the board); absent: the board's. */
  column: z.int().min(0).max(15).optional(),
});
export type WinnerInput = z.infer<typeof winnerSchema>;

export const ratingSchema = z.object({ stars: z.int().min(1, 'From 1 to 5 stars.').max(5, 'From 1 to 5 stars.').nullable() });

/** Marks (or clears) a board's winner or a column's. */
export async function markWinner(ctx: TeamContext, boardId: string, input: WinnerInput): Promise<void> {
  if (!atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only owners and admins mark winners.', { key: 'reviewersOnly' });
  const board = await teamBoard(ctx, boardId);
  const picked = input.outputId ? await teamResult(ctx, input.outputId) : null;
  if (picked && (picked.generationId !== boardId || (input.column !== undefined && picked.entryIndex !== input.column))) {
    throw new AppError('invalid_input', 'That result is not on this board (or not in that column).', { key: 'notOnBoard' });
  }
  const column = input.column;
  await (
    await db()
  ).$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Generation" WHERE "id" = ${boardId}::uuid FOR UPDATE`;
    if (column === undefined) {
      await tx.generationOutput.updateMany({ where: { generationId: boardId, winner: true }, data: { winner: false } });
      if (picked) await tx.generationOutput.update({ where: { id: picked.id }, data: { winner: true } });
    } else {
      await tx.generationOutput.updateMany({ where: { generationId: boardId, entryIndex: column, columnWinner: true }, data: { columnWinner: false } });
      if (picked) await tx.generationOutput.update({ where: { id: picked.id }, data: { columnWinner: true } });
    }
    await recordDecision(tx, {
      teamId: ctx.team.id,
      actorId: ctx.user.id,
      action: picked ? (column === undefined ? 'winner.board' : 'winner.column') : 'winner.cleared',
      subjectId: boardId,
      details: { about: board.prompt.slice(0, 200), result: picked?.id ?? null, model: picked?.model ?? null, column: column ?? null },
    });
  });
}

/** A member's stars for a result (null takes them back). */
export async function rateResult(ctx: TeamContext, outputId: string, stars: number | null): Promise<RatingView> {
  await teamResult(ctx, outputId);
  const prisma = await db();
  if (stars === null) await prisma.rating.deleteMany({ where: { outputId, userId: ctx.user.id } });
  else
    await prisma.rating.upsert({
      where: { outputId_userId: { outputId, userId: ctx.user.id } },
      create: { outputId, userId: ctx.user.id, teamId: ctx.team.id, stars },
      update: { stars },
    });
  return (await ratingsOf(ctx, [outputId]))[outputId] ?? { mine: null, average: null, count: 0 };
}

export interface RatingView {
  mine: number | null;
  /** The team's average, to one decimal; null before anyone rated. */
  average: number | null;
  count: number;
}

/** The ratings of some results: each one's average and count, and the member's own stars. */
export async function ratingsOf(ctx: Pick<TeamContext, 'team' | 'user'>, outputIds: string[]): Promise<Record<string, RatingView>> {
  if (outputIds.length === 0) return {};
  const prisma = await db();
  const [groups, mine] = await Promise.all([
    prisma.rating.groupBy({ by: ['outputId'], where: { teamId: ctx.team.id, outputId: { in: outputIds } }, _avg: { stars: true }, _count: true }),
    prisma.rating.findMany({ where: { teamId: ctx.team.id, userId: ctx.user.id, outputId: { in: outputIds } }, select: { outputId: true, stars: true } }),
  ]);
  const own = new Map(mine.map((r) => [r.outputId, r.stars]));
  return Object.fromEntries(
    groups.map((g) => [
      g.outputId,
      { mine: own.get(g.outputId) ?? null, average: g._avg.stars === null ? null : Math.round(g._avg.stars * 10) / 10, count: g._count },
    ]),
  );
}

/** A board's winners: the board's result, and each column's. */
export async function winnersOf(ctx: Pick<TeamContext, 'team'>, boardId: string): Promise<{ board: string | null; columns: Record<number, string> }> {
  const rows = await (
    await db()
  ).generationOutput.findMany({
    where: { generationId: boardId, teamId: ctx.team.id, OR: [{ winner: true }, { columnWinner: true }], ...LIVE },
    select: { id: true, entryIndex: true, winner: true, columnWinner: true },
  });
  return {
    board: rows.find((r) => r.winner)?.id ?? null,
    columns: Object.fromEntries(rows.filter((r) => r.columnWinner).map((r) => [r.entryIndex, r.id])),
  };
}
