// What one run of the studio gave: one result, variants of one model, or an edit board of up to four
// models. Plain types (no zod, no server module): the studio imports them.

/** How a run asked: one result, 2 to 4 variants of one model (each its own seed), or 2 to 4 models side by side. */
export type EditMode = 'single' | 'variants' | 'board';

/** A run makes at most this many requests (variants and the board do not combine). */
export const MAX_EDIT_RESULTS = 4;

/** The mask guard's finding as the studio shows it (lib/edits/mask-guard.ts MaskGuardRecord). */
export interface MaskGuardView {
  changedFraction: number;
  restored: boolean;
  fit: 'exact' | 'stretched' | 'padded';
  answeredAt: { width: number; height: number } | null;
  heatmap: { width: number; height: number; cells: string };
}

/** One request of a run: its result, or why it failed. */
export interface EditResultItem {
  outputId: string;
  model: string;
  /** The seed the service says it used (decisions.md row 17), else the one sent, else null. */
  seed: number | null;
  status: 'completed' | 'failed';
  /** The result (restored by the mask guard, when it restored). */
  resultAssetId: string | null;
  /** The model's own answer, kept when the guard restored the result. */
  rawAssetId: string | null;
  cost: string | null;
  /** How long the service took to answer this request. */
  upstreamMs: number | null;
  revisedPrompt: string | null;
  maskGuard: MaskGuardView | null;
  error: { code: string; message: string } | null;
  /** Where the team's review of it stands (a fresh result is a draft). */
  reviewState: 'draft' | 'in_review' | 'approved' | 'changes_requested';
}

/** The result a run continues from: the one picked ("use this one"), else the first that completed. */
export function chosenResult(results: EditResultItem[], pickedOutputId: string | null): EditResultItem | null {
  return results.find((r) => r.outputId === pickedOutputId && r.status === 'completed') ?? results.find((r) => r.status === 'completed') ?? null;
}
