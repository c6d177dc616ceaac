import { z } from 'zod';
import type { EditResultItem, MaskGuardView } from './results';

/** GenerationOutput.maskGuard as written by the mask guard (lib/edits/mask-guard.ts); parsed, since the column is free JSON. */
export const maskGuardSchema = z.object({
  changedFraction: z.number().min(0).max(1),
  restored: z.boolean(),
  fit: z.enum(['exact', 'stretched', 'padded']),
  answeredAt: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  band: z.number().optional(),
  heatmap: z.object({ width: z.number().int(), height: z.number().int(), cells: z.string() }),
});

/** A GenerationOutput of an edit, as written by the run or read back from the database. */
export interface EditOutputRow {
  id?: string | null;
  model: string;
  seed?: bigint | number | null;
  status: string;
  assetId?: string | null;
  rawAssetId?: string | null;
  cost?: { toString(): string } | string | null;
  upstreamMs?: number | null;
  revisedPrompt?: string | null;
  maskGuard?: unknown;
  errorCode?: string | null;
  errorMessage?: string | null;
  reviewState?: EditResultItem['reviewState'];
}

export function maskGuardView(value: unknown): MaskGuardView | null {
  const parsed = maskGuardSchema.safeParse(value);
  if (!parsed.success) return null;
  const { band: _band, ...view } = parsed.data;
  return view;
}

/** One output as the studio shows it. */
export function resultItem(row: EditOutputRow): EditResultItem {
  const completed = row.status === 'completed';
  return {
    outputId: row.id ?? '',
    model: row.model,
    seed: row.seed === null || row.seed === undefined ? null : Number(row.seed),
    status: completed ? 'completed' : 'failed',
    resultAssetId: completed ? (row.assetId ?? null) : null,
    rawAssetId: row.rawAssetId ?? null,
    cost: row.cost === null || row.cost === undefined ? null : row.cost.toString(),
    upstreamMs: row.upstreamMs ?? null,
    revisedPrompt: row.revisedPrompt ?? null,
    maskGuard: maskGuardView(row.maskGuard),
    error: completed ? null : { code: row.errorCode ?? 'failed', message: row.errorMessage ?? 'The edit failed.' },
    reviewState: row.reviewState ?? 'draft',
  };
}
