import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { AppError } from '../errors';
import { db } from '../runtime';
import type { Placed } from './canvas';
import { EDIT_KINDS, type EditKind } from './kinds';
import { GENERATION_IN_VIEW, LIVE } from '../generations/visibility';
import { resultItem } from './result-item';
import { chosenResult, MAX_EDIT_RESULTS, type EditMode, type EditResultItem } from './results';

/** What a stored edit's params hold (written by runEdit); parsed, since the column is free JSON. */
export const editParamsSchema = z.object({
  editKind: z.enum(EDIT_KINDS),
  model: z.string().nullish(),
  size: z.string().nullish(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  originalAssetId: z.uuid(),
  maskAssetId: z.uuid().nullish(),
  /** An outpainting's canvas and where the original sits on it. */
  extend: z.object({ width: z.number().int(), height: z.number().int(), left: z.number().int(), top: z.number().int() }).nullish(),
  /** An edit board's models, in the order asked. */
  models: z.array(z.string()).nullish(),
  /** How many variants of the one model were asked. */
  variants: z.number().int().nullish(),
});

export interface EditRecord {
  id: string;
  kind: EditKind;
  prompt: string;
  model: string | null;
  status: string;
  createdAt: string;
  author: string;
  mine: boolean;
  width: number;
  height: number;
  originalAssetId: string;
  maskAssetId: string | null;
  /** Set for an outpainting: where the original sits on the result's canvas. */
  canvas: Placed | null;
  /** The result the studio continues from: the one picked, else the first that completed. */
  resultAssetId: string | null;
  revisedPrompt: string | null;
  mode: EditMode;
  /** Every request's result or failure (one for a plain edit). */
  results: EditResultItem[];
  pickedOutputId: string | null;
  cost: string | null;
  errorMessage: string | null;
  parentId: string | null;
}

type Row = Awaited<ReturnType<typeof query>>[number];

const query = async (where: object, take: number) =>
  (await db()).generation.findMany({
    where: { ...where, ...GENERATION_IN_VIEW },
    orderBy: { createdAt: 'desc' },
    take,
    include: {
      user: { select: { id: true, name: true } },
      outputs: { where: LIVE, orderBy: [{ entryIndex: 'asc' }, { position: 'asc' }], take: MAX_EDIT_RESULTS },
    },
  });

function toRecord(ctx: TeamContext, row: Row): EditRecord | null {
  const params = editParamsSchema.safeParse(row.params);
  if (!params.success) return null;
  const results = row.outputs.map(resultItem);
  const chosen = chosenResult(results, row.pickedOutputId);
  return {
    id: row.id,
    kind: params.data.editKind,
    prompt: row.prompt,
    model: params.data.model ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    author: row.user.name,
    mine: row.user.id === ctx.user.id,
    width: params.data.width,
    height: params.data.height,
    originalAssetId: params.data.originalAssetId,
    maskAssetId: params.data.maskAssetId ?? null,
    canvas: params.data.extend ?? null,
    resultAssetId: chosen?.resultAssetId ?? null,
    revisedPrompt: chosen?.revisedPrompt ?? null,
    mode: params.data.models ? 'board' : (params.data.variants ?? 1) > 1 ? 'variants' : 'single',
    results,
    pickedOutputId: row.pickedOutputId,
    cost: row.costTotal?.toString() ?? null,
    errorMessage: row.errorMessage,
    parentId: row.parentId,
  };
}

/** The team's edits, newest first; `mine` narrows to the viewer's own. */
export async function listEdits(ctx: TeamContext, scope: 'mine' | 'team', take = 24): Promise<EditRecord[]> {
  const rows = await query({ teamId: ctx.team.id, kind: 'edit', ...(scope === 'mine' ? { userId: ctx.user.id } : {}) }, take);
  return rows.flatMap((row) => toRecord(ctx, row) ?? []);
}

/** One of the team's edits, to reopen it in the studio. */
export async function findEdit(ctx: TeamContext, id: string): Promise<EditRecord | null> {
  const rows = await query({ id, teamId: ctx.team.id, kind: 'edit' }, 1);
  return rows[0] ? toRecord(ctx, rows[0]) : null;
}

/**
 * Picks the result a run of several continues from ("use this one"): one of its completed, live
 * outputs. Members pick on their own runs, admins and owners on any. Returns the picked file.
 */
export async function pickResult(ctx: TeamContext, generationId: string, outputId: string): Promise<string> {
  const prisma = await db();
  const output = await prisma.generationOutput.findFirst({
    where: { id: outputId, generationId, teamId: ctx.team.id, kind: 'edit', status: 'completed', assetId: { not: null }, ...LIVE },
    select: { assetId: true, userId: true },
  });
  if (!output) throw new AppError('not_found', 'That result is not one of this edit’s.');
  if (output.userId !== ctx.user.id && !atLeast(ctx.role, 'admin')) throw new AppError('forbidden', 'Only its author or an admin picks an edit’s result.');
  await prisma.generation.update({ where: { id: generationId }, data: { pickedOutputId: outputId } });
  return output.assetId!;
}

/** How far a version chain is followed each way. */
const CHAIN_LIMIT = 50;

/**
 * The versions an edit belongs to, first step first: its ancestors ("continue editing" steps), the
 * edit, then after it the newest continuation of each step. An earlier step continued again is a
 * branch: its chain runs through the step it branched from. Null when the edit is not the team's.
 */
export async function editChain(ctx: TeamContext, id: string): Promise<EditRecord[] | null> {
  const edit = await findEdit(ctx, id);
  if (!edit) return null;
  const before: EditRecord[] = [];
  for (let at = edit; at.parentId && before.length < CHAIN_LIMIT;) {
    const parent = await findEdit(ctx, at.parentId);
    if (!parent) break;
    before.unshift(parent);
    at = parent;
  }
  const after: EditRecord[] = [];
  for (let at = edit; after.length < CHAIN_LIMIT;) {
    const [newest] = await query({ parentId: at.id, teamId: ctx.team.id, kind: 'edit' }, 1);
    const next = newest ? toRecord(ctx, newest) : null;
    if (!next) break;
    after.push(next);
    at = next;
  }
  return [...before, edit, ...after];
}

/** An image asset of the team, to open it as a new input. */
export async function findImageAsset(ctx: TeamContext, id: string) {
  const asset = await (await db()).asset.findFirst({ where: { id, teamId: ctx.team.id }, select: { id: true, contentType: true, width: true, height: true } });
  return asset && asset.contentType.startsWith('image/') ? asset : null;
}
