import type { TeamContext } from '../auth/context';
import type { Prisma } from '../db/generated/client';
import type { ArchiveState } from '../db/generated/enums';
import { SERVICE_FILE_LIFETIME_MS } from '../upstream/defaults';
import { sumCosts } from '../upstream/cost';
import { db } from '../runtime';
import { boardParamsSchema, type BoardParams } from './schema';
import { LIVE } from '../generations/visibility';

/**
 * One image of a column. Archived: in Atelier's storage. Until then (and for good when the copy
 * failed) it is shown from the service's signed URL, which is null once that has expired.
 */
export type BoardImage =
  | { outputId: string; state: 'archived'; assetId: string; sha256: string }
  | { outputId: string; state: 'archiving' | 'unsaved'; serviceUrl: string | null; availableUntil: string };

export interface BoardColumn {
  model: string;
  cost: string;
  revisedPrompt: string | null;
  images: BoardImage[];
  /** Images the model made but that could not be stored count here too. */
  error: { code: string; message: string } | null;
  /** This model rerun alone from the board, oldest first: each rerun is a version of the column. */
  versions: ColumnVersion[];
}

/** One rerun of a column: a one-model board whose parent is the board the column is in. */
export interface ColumnVersion {
  /** The rerun's own board (generation) id. */
  id: string;
  seed: number;
  /** When the rerun was made and how long it took (ISO; ms, null until it ended). */
  createdAt: string;
  elapsedMs: number | null;
  column: Omit<BoardColumn, 'versions'>;
}

/** Everything the board page shows; small, serialisable, no image bytes. */
export interface BoardView {
  id: string;
  parentId: string | null;
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  favorite: boolean;
  params: BoardParams;
  /** What the board cost: its own run and every rerun of its columns. */
  total: string | null;
  currency: string;
  createdAt: string;
  elapsedMs: number | null;
  error: { code: string; message: string } | null;
  columns: BoardColumn[];
}

type OutputRow = {
  id: string;
  assetId: string | null;
  archive: ArchiveState | null;
  upstreamUrl: string | null;
  status: string;
  createdAt: Date;
  asset: { sha256: string } | null;
};

/** The images of a board's outputs, with where the archive job stands with those it copies. */
function boardImages(outputs: OutputRow[], now = Date.now()): Map<string, BoardImage> {
  const images = new Map<string, BoardImage>();
  for (const o of outputs) {
    if (o.assetId && o.asset) images.set(o.id, { outputId: o.id, state: 'archived', assetId: o.assetId, sha256: o.asset.sha256 });
    else if (o.status === 'completed' && o.upstreamUrl) {
      const until = o.createdAt.getTime() + SERVICE_FILE_LIFETIME_MS;
      // Only a live http(s) link goes to the browser (it becomes an <img src> and a link).
      const serviceUrl = until > now && /^https?:\/\//i.test(o.upstreamUrl) ? o.upstreamUrl : null;
      images.set(o.id, { outputId: o.id, state: o.archive === 'unsaved' ? 'unsaved' : 'archiving', serviceUrl, availableUntil: new Date(until).toISOString() });
    }
  }
  return images;
}

const boardInclude = {
  outputs: { where: LIVE, orderBy: [{ entryIndex: 'asc' }, { position: 'asc' }], include: { asset: { select: { sha256: true } } } },
} satisfies Prisma.GenerationInclude;

type BoardRow = Prisma.GenerationGetPayload<{ include: typeof boardInclude }>;

/** A board's columns, one per model in order, without their versions. */
function columnsOf(board: BoardRow, params: BoardParams): Array<Omit<BoardColumn, 'versions'>> {
  const images = boardImages(board.outputs);
  return params.models.map((model, index) => {
    const outputs = board.outputs.filter((o) => o.entryIndex === index);
    const failed = outputs.find((o) => o.status === 'failed');
    return {
      model,
      cost: sumCosts(outputs.flatMap((o) => (o.cost === null ? [] : [o.cost.toString()]))),
      revisedPrompt: outputs.find((o) => o.revisedPrompt)?.revisedPrompt ?? null,
      images: outputs.flatMap((o) => images.get(o.id) ?? []),
      error: failed
        ? { code: failed.errorCode ?? 'failed', message: failed.errorMessage ?? '' }
        : outputs.length === 0 && board.errorMessage
          ? { code: board.errorCode ?? 'failed', message: board.errorMessage }
          : null,
    };
  });
}

/** What runs cost together (a board and its reruns); null while none of them has been charged. */
function totalOf(runs: Array<{ costTotal: Prisma.Decimal | null }>): string | null {
  const charged = runs.flatMap((run) => (run.costTotal === null ? [] : [run.costTotal.toString()]));
  return charged.length === 0 ? null : sumCosts(charged);
}

const elapsedOf = (run: { createdAt: Date; completedAt: Date | null }) => (run.completedAt ? run.completedAt.getTime() - run.createdAt.getTime() : null);

/** One of the team's boards, or null (for other teams' boards too). */
export async function getBoard(ctx: TeamContext, id: string): Promise<BoardView | null> {
  const prisma = await db();
  const [board, reruns] = await Promise.all([
    prisma.generation.findFirst({ where: { id, teamId: ctx.team.id, kind: 'comparison' }, include: boardInclude }),
    prisma.generation.findMany({ where: { parentId: id, teamId: ctx.team.id, kind: 'comparison' }, include: boardInclude, orderBy: { createdAt: 'asc' } }),
  ]);
  if (!board) return null;
  const params = boardParamsSchema.parse(board.params);
  const columns: BoardColumn[] = columnsOf(board, params).map((column) => ({ ...column, versions: [] }));
  // A rerun of one model from this board is a version of that model's column.
  for (const rerun of reruns) {
    const rerunParams = boardParamsSchema.safeParse(rerun.params);
    if (!rerunParams.success || rerunParams.data.models.length !== 1) continue;
    const column = columns.find((c) => c.model === rerunParams.data.models[0]);
    column?.versions.push({
      id: rerun.id,
      seed: rerunParams.data.seed,
      createdAt: rerun.createdAt.toISOString(),
      elapsedMs: elapsedOf(rerun),
      column: columnsOf(rerun, rerunParams.data)[0],
    });
  }
  return {
    id: board.id,
    parentId: board.parentId,
    status: board.status,
    favorite: board.favorite,
    params,
    total: totalOf([board, ...reruns]),
    currency: board.currency,
    createdAt: board.createdAt.toISOString(),
    elapsedMs: elapsedOf(board),
    error: board.errorMessage ? { code: board.errorCode ?? 'failed', message: board.errorMessage } : null,
    columns,
  };
}

/** Only a board's images (its columns' versions' too), for the page's poll while some are being archived; null when not the team's. */
export async function getBoardImages(ctx: TeamContext, id: string): Promise<BoardImage[] | null> {
  const prisma = await db();
  const boards = await prisma.generation.findMany({
    where: { OR: [{ id }, { parentId: id }], teamId: ctx.team.id, kind: 'comparison' },
    select: { id: true, outputs: boardInclude.outputs },
  });
  if (!boards.some((board) => board.id === id)) return null;
  return boards.flatMap((board) => [...boardImages(board.outputs).values()]);
}

export interface BoardSummary {
  id: string;
  prompt: string;
  models: string[];
  status: BoardView['status'];
  favorite: boolean;
  total: string | null;
  createdAt: string;
  /** The first image of each model, in column order. */
  thumbnails: string[];
}

export const HISTORY_PAGE_SIZE = 12;

/** The team's boards, newest first, one page at a time (page 1 first). */
export async function listBoards(ctx: TeamContext, page = 1): Promise<{ items: BoardSummary[]; hasMore: boolean }> {
  const prisma = await db();
  const rows = await prisma.generation.findMany({
    where: { teamId: ctx.team.id, kind: 'comparison' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (page - 1) * HISTORY_PAGE_SIZE,
    take: HISTORY_PAGE_SIZE + 1,
    include: { outputs: { where: { position: 0, assetId: { not: null }, ...LIVE }, orderBy: { entryIndex: 'asc' }, select: { assetId: true } } },
  });
  const shown = rows.slice(0, HISTORY_PAGE_SIZE);
  // Each board's total counts its reruns too.
  const reruns = await prisma.generation.groupBy({
    by: ['parentId'],
    where: { teamId: ctx.team.id, kind: 'comparison', parentId: { in: shown.map((row) => row.id) } },
    _sum: { costTotal: true },
  });
  const rerunCost = new Map(reruns.map((r) => [r.parentId, r._sum.costTotal]));
  const items = shown.map((row) => {
    const params = boardParamsSchema.safeParse(row.params);
    return {
      id: row.id,
      prompt: row.prompt,
      models: params.success ? params.data.models : [],
      status: row.status,
      favorite: row.favorite,
      total: totalOf([row, { costTotal: rerunCost.get(row.id) ?? null }]),
      createdAt: row.createdAt.toISOString(),
      thumbnails: row.outputs.flatMap((o) => (o.assetId ? [o.assetId] : [])),
    };
  });
  return { items, hasMore: rows.length > HISTORY_PAGE_SIZE };
}

/** Stored images of a board and of its columns' reruns, in column order, for the zip download. */
export async function boardAssets(ctx: TeamContext, id: string) {
  const prisma = await db();
  return prisma.generationOutput.findMany({
    where: { generation: { OR: [{ id }, { parentId: id }], teamId: ctx.team.id, kind: 'comparison' }, assetId: { not: null }, ...LIVE },
    orderBy: [{ entryIndex: 'asc' }, { position: 'asc' }],
    select: {
      generationId: true,
      model: true,
      entryIndex: true,
      position: true,
      seed: true,
      cost: true,
      asset: { select: { id: true, storageKey: true, contentType: true } },
    },
  });
}
