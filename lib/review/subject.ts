import type { TeamContext } from '../auth/context';
import type { GenerationKind } from '../db/generated/enums';
import { AppError } from '../errors';
import { LIVE } from '../generations/visibility';
import { db } from '../runtime';

// What a review is about: one of the team's results (each version of an edit is its own), or one of
// its boards (a comparison board, an edit run of several). Anything else, another team's above all,
// is not found: the same answer as for an id that never existed.

export interface ResultSubject {
  id: string;
  generationId: string;
  kind: GenerationKind;
  model: string;
  entryIndex: number;
  prompt: string;
  /** The result's own size in pixels (a pin must lie inside it); null when not known. */
  width: number | null;
  height: number | null;
  video: boolean;
}

export const resultMissing = () => new AppError('not_found', 'That result is not in this team.', { key: 'resultMissing' });

/** One of the team's completed results, live (`anyState`: in the trash too, for reading). */
export async function teamResult(ctx: Pick<TeamContext, 'team'>, id: string, { anyState = false } = {}): Promise<ResultSubject> {
  const output = await (
    await db()
  ).generationOutput.findFirst({
    where: { id, teamId: ctx.team.id, status: 'completed', ...(anyState ? {} : LIVE) },
    select: {
      id: true,
      generationId: true,
      kind: true,
      model: true,
      entryIndex: true,
      generation: { select: { prompt: true, params: true } },
      asset: { select: { width: true, height: true, contentType: true } },
    },
  });
  if (!output) throw resultMissing();
  // Before a board's image is archived its file is not ours yet: the size it was asked at stands in.
  const asked = /^(\d+)x(\d+)$/.exec(String((output.generation.params as { size?: unknown } | null)?.size ?? ''));
  const width = output.asset?.width ?? (asked ? Number(asked[1]) : null);
  const height = output.asset?.height ?? (asked ? Number(asked[2]) : null);
  return {
    id: output.id,
    generationId: output.generationId,
    kind: output.kind,
    model: output.model,
    entryIndex: output.entryIndex,
    prompt: output.generation.prompt,
    width,
    height,
    video: output.kind === 'video' || Boolean(output.asset?.contentType.startsWith('video/')),
  };
}

export interface BoardSubject {
  id: string;
  kind: GenerationKind;
  prompt: string;
}

/** One of the team's boards: a comparison board, or an edit run of several results. */
export async function teamBoard(ctx: Pick<TeamContext, 'team'>, id: string): Promise<BoardSubject> {
  const board = await (
    await db()
  ).generation.findFirst({
    where: { id, teamId: ctx.team.id, kind: { in: ['comparison', 'edit'] }, status: 'completed' },
    select: { id: true, kind: true, prompt: true, _count: { select: { outputs: { where: { status: 'completed', ...LIVE } } } } },
  });
  if (!board || (board.kind === 'edit' && board._count.outputs < 2))
    throw new AppError('not_found', 'That board is not in this team.', { key: 'boardMissing' });
  return { id: board.id, kind: board.kind, prompt: board.prompt };
}
