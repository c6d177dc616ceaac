import { boardParamsSchema } from '../comparisons/schema';
import type { Prisma } from '../db/generated/client';
import { editParamsSchema } from '../edits/history';
import type { EditKind } from '../edits/kinds';
import type { AspectRatio, Resolution } from '../videos/estimate';
import { videoParamsSchema } from '../videos/queries';
import { LIVE } from '../generations/visibility';

/**
 * The generation columns a public page may read: no costs, no author, no team. A link to one item
 * reads only that output.
 */
export const sharedGenerationSelect = (outputId: string | null) =>
  ({
    id: true,
    kind: true,
    prompt: true,
    params: true,
    pickedOutputId: true,
    outputs: {
      // A result in the trash is gone from its shares at once.
      where: { ...LIVE, ...(outputId ? { id: outputId } : {}) },
      orderBy: [{ entryIndex: 'asc' }, { position: 'asc' }],
      select: { id: true, model: true, entryIndex: true, assetId: true, revisedPrompt: true },
    },
  }) satisfies Prisma.GenerationSelect;

export type SharedGenerationRow = Prisma.GenerationGetPayload<{ select: ReturnType<typeof sharedGenerationSelect> }>;

export interface SharedColumn {
  /** null when the link hides models. */
  model: string | null;
  revisedPrompt: string | null;
  /** Asset ids, in the order the model returned them; empty when the model failed. */
  images: string[];
}

/**
 * Everything a share page shows: plain data, safe to hand to anyone holding the link. A link that
 * hides the prompt or the models has them null (and `models` empty): they never reach the page.
 */
export type SharedResult =
  | { kind: 'comparison'; prompt: string | null; models: string[]; size: string; columns: SharedColumn[] }
  | {
      kind: 'edit';
      prompt: string | null;
      models: string[];
      editKind: EditKind;
      width: number;
      height: number;
      originalAssetId: string;
      resultAssetId: string;
      revisedPrompt: string | null;
      /** Every result of a run of several (variants, an edit board), in the order asked; one for a plain edit. */
      results: Array<{ model: string | null; assetId: string }>;
    }
  | {
      kind: 'video';
      prompt: string | null;
      models: string[];
      assetId: string;
      aspectRatio: AspectRatio;
      resolution: Resolution;
      duration: number | null;
      audio: boolean;
    };

/**
 * The public view of a generation, or null when its stored params or files do not add up. A link to
 * one image of a board shows the board with that image's column only.
 */
export function toSharedResult(row: SharedGenerationRow, oneItem = false): SharedResult | null {
  if (row.kind === 'comparison') return sharedBoard(row, oneItem);
  if (row.kind === 'edit') return sharedEdit(row);
  return sharedVideo(row);
}

function sharedBoard(row: SharedGenerationRow, oneItem: boolean): SharedResult | null {
  const params = boardParamsSchema.safeParse(row.params);
  if (!params.success) return null;
  const all = params.data.models.map((model, index) => {
    const outputs = row.outputs.filter((o) => o.entryIndex === index);
    return {
      model,
      revisedPrompt: outputs.find((o) => o.revisedPrompt)?.revisedPrompt ?? null,
      images: outputs.flatMap((o) => (o.assetId ? [o.assetId] : [])),
    };
  });
  const columns = oneItem ? all.filter((c) => c.images.length > 0) : all;
  if (!columns.some((c) => c.images.length > 0)) return null;
  return { kind: 'comparison', prompt: row.prompt, models: columns.map((c) => c.model), size: params.data.size, columns };
}

function sharedEdit(row: SharedGenerationRow): SharedResult | null {
  const params = editParamsSchema.safeParse(row.params);
  const results = row.outputs.flatMap((o) => (o.assetId ? [{ model: o.model, assetId: o.assetId, revisedPrompt: o.revisedPrompt }] : []));
  const output = results.find((r) => r.assetId === row.outputs.find((o) => o.id === row.pickedOutputId)?.assetId) ?? results[0];
  if (!params.success || !output) return null;
  return {
    kind: 'edit',
    prompt: row.prompt,
    models: params.data.models ?? (params.data.model ? [params.data.model] : []),
    editKind: params.data.editKind,
    width: params.data.width,
    height: params.data.height,
    originalAssetId: params.data.originalAssetId,
    resultAssetId: output.assetId,
    revisedPrompt: output.revisedPrompt,
    results: results.map(({ model, assetId }) => ({ model, assetId })),
  };
}

function sharedVideo(row: SharedGenerationRow): SharedResult | null {
  const params = videoParamsSchema.parse(row.params ?? {});
  const output = row.outputs.find((o) => o.assetId);
  if (!output?.assetId) return null;
  return {
    kind: 'video',
    prompt: row.prompt,
    models: [params.model],
    assetId: output.assetId,
    aspectRatio: params.aspectRatio,
    resolution: params.resolution,
    duration: params.duration,
    audio: params.audio,
  };
}

/**
 * Every file the shared result may serve: its outputs, and for an edit the original and mask it was
 * made from, only while the result itself is live (its outputs are read without the trash).
 */
export function sharedAssetIds(row: SharedGenerationRow): Set<string> {
  const ids = new Set(row.outputs.flatMap((o) => (o.assetId ? [o.assetId] : [])));
  if (row.kind === 'edit' && ids.size > 0) {
    const params = editParamsSchema.safeParse(row.params);
    if (params.success) {
      ids.add(params.data.originalAssetId);
      if (params.data.maskAssetId) ids.add(params.data.maskAssetId);
    }
  }
  return ids;
}

/** The picture a link preview shows: the first image of a board, the result of an edit; none for a video. */
export function previewAssetId(result: SharedResult): string | null {
  if (result.kind === 'comparison') return result.columns.find((c) => c.images.length > 0)?.images[0] ?? null;
  if (result.kind === 'edit') return result.resultAssetId;
  // A video's `?w=` answers its poster frame.
  return result.assetId;
}
