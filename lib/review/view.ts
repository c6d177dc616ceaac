import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import type { ReviewState } from '../db/generated/enums';
import { LIVE } from '../generations/visibility';
import { db } from '../runtime';
import type { Anchor } from './anchor';
import { openThreadCounts, threadsOf, type ThreadView } from './comments';
import type { ReviewStatus } from './states';
import { teamBoard, teamResult } from './subject';
import { ratingsOf, winnersOf, type RatingView } from './winners';

// What a review panel shows, in one answer each (the panels poll it, so every replica answers alike):
// a result's state, stars, threads and the members one may mention; a board's state, winners, and
// each of its results' stars and open threads.

export interface Member {
  id: string;
  name: string;
}

export interface ResultReview {
  id: string;
  size: { width: number; height: number } | null;
  video: boolean;
  status: ReviewStatus;
  rating: RatingView;
  threads: ThreadView[];
  /** The board it is on, when it is one of several results (its winner marks are there). */
  board: { id: string; winner: boolean; columnWinner: boolean; state: ReviewState } | null;
  /** Whether the reader may approve, ask for changes and mark winners. */
  canDecide: boolean;
  me: string;
  members: Member[];
}

const status = async (state: ReviewState, by: string | null, at: Date | null): Promise<ReviewStatus> => ({
  state,
  by: by ? await nameOf(by) : null,
  at: at?.toISOString() ?? null,
});

async function nameOf(userId: string): Promise<string | null> {
  const user = await (await db()).user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  return user ? user.name || user.email : null;
}

/** The team's members, by name: whom a comment may mention. */
export async function teamMembers(ctx: Pick<TeamContext, 'team'>): Promise<Member[]> {
  const rows = await (
    await db()
  ).membership.findMany({ where: { teamId: ctx.team.id }, select: { user: { select: { id: true, name: true, email: true } } }, orderBy: { createdAt: 'asc' } });
  return rows.map((m) => ({ id: m.user.id, name: m.user.name || m.user.email }));
}

export async function resultReview(ctx: TeamContext, outputId: string): Promise<ResultReview> {
  const result = await teamResult(ctx, outputId, { anyState: true });
  const prisma = await db();
  const [row, siblings, ratings, threads, members] = await Promise.all([
    prisma.generationOutput.findUniqueOrThrow({
      where: { id: outputId },
      select: { reviewState: true, reviewById: true, reviewAt: true, winner: true, columnWinner: true, generation: { select: { reviewState: true } } },
    }),
    prisma.generationOutput.count({ where: { generationId: result.generationId, status: 'completed', ...LIVE } }),
    ratingsOf(ctx, [outputId]),
    threadsOf(ctx, outputId),
    teamMembers(ctx),
  ]);
  return {
    id: outputId,
    size: result.width && result.height ? { width: result.width, height: result.height } : null,
    video: result.video,
    status: await status(row.reviewState, row.reviewById, row.reviewAt),
    rating: ratings[outputId] ?? { mine: null, average: null, count: 0 },
    threads,
    board:
      siblings > 1 && result.kind !== 'video'
        ? { id: result.generationId, winner: row.winner, columnWinner: row.columnWinner, state: row.generation.reviewState }
        : null,
    canDecide: atLeast(ctx.role, 'admin'),
    me: ctx.user.id,
    members,
  };
}

export interface BoardReview {
  id: string;
  status: ReviewStatus;
  winner: string | null;
  /** Each column's winner (by the model's index on the board). */
  columns: Record<number, string>;
  ratings: Record<string, RatingView>;
  /** Open threads per result. */
  threads: Record<string, number>;
  /** Each result's pinned open threads (numbered as on its own page), to draw on its thumbnail. */
  pins: Record<string, Array<{ id: string; n: number; anchor: Anchor }>>;
  canDecide: boolean;
}

export async function boardReview(ctx: TeamContext, boardId: string): Promise<BoardReview> {
  await teamBoard(ctx, boardId);
  const prisma = await db();
  const [row, outputs, winners] = await Promise.all([
    prisma.generation.findUniqueOrThrow({ where: { id: boardId }, select: { reviewState: true, reviewById: true, reviewAt: true } }),
    prisma.generationOutput.findMany({ where: { generationId: boardId, status: 'completed', ...LIVE }, select: { id: true } }),
    winnersOf(ctx, boardId),
  ]);
  const ids = outputs.map((o) => o.id);
  const [ratings, threads, pins] = await Promise.all([ratingsOf(ctx, ids), openThreadCounts(ctx, ids), pinsOf(ctx, ids)]);
  return {
    id: boardId,
    status: await status(row.reviewState, row.reviewById, row.reviewAt),
    winner: winners.board,
    columns: winners.columns,
    ratings,
    threads,
    pins,
    canDecide: atLeast(ctx.role, 'admin'),
  };
}

/** The open pinned threads of some results, each numbered among its result's threads as its page numbers them. */
async function pinsOf(ctx: Pick<TeamContext, 'team'>, outputIds: string[]): Promise<BoardReview['pins']> {
  if (outputIds.length === 0) return {};
  const firsts = await (
    await db()
  ).comment.findMany({
    where: { teamId: ctx.team.id, outputId: { in: outputIds }, threadId: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, outputId: true, x: true, y: true, w: true, h: true, resolvedAt: true },
  });
  const pins: BoardReview['pins'] = {};
  const counted: Record<string, number> = {};
  for (const thread of firsts) {
    const n = (counted[thread.outputId] = (counted[thread.outputId] ?? 0) + 1);
    if (thread.resolvedAt || thread.x === null || thread.y === null) continue;
    const anchor: Anchor = { x: thread.x, y: thread.y, ...(thread.w !== null && thread.h !== null ? { w: thread.w, h: thread.h } : {}) };
    (pins[thread.outputId] ??= []).push({ id: thread.id, n, anchor });
  }
  return pins;
}
