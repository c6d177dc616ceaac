import type { BoardInputRaw } from '@/lib/comparisons/schema';
import type { ImageSize as Size } from '@/lib/upstream/defaults';

/** The form as the user edits it; `toInput` turns it into the board's input. */
export interface BoardForm {
  prompt: string;
  models: string[];
  size: Size;
  n: number;
  background: 'auto' | 'opaque' | 'transparent';
  seedMode: 'random' | 'locked';
  seed: string;
  responseFormat: 'url' | 'b64_json';
}

/**
 * The board's input as typed, for POST /api/compare to parse (boardInputSchema, on the server only):
 * a locked seed that is not a number goes as the text typed, so the answer names the seed field.
 */
export const toInput = (form: BoardForm, parentId?: string): Omit<BoardInputRaw, 'seed'> & { seed: number | string | null } => ({
  prompt: form.prompt,
  models: form.models,
  size: form.size,
  n: form.n,
  background: form.background,
  seed: form.seedMode === 'locked' ? seedAsTyped(form.seed) : null,
  responseFormat: form.responseFormat,
  ...(parentId ? { parentId } : {}),
});

function seedAsTyped(text: string): number | string {
  const seed = Number(text);
  return text.trim() !== '' && Number.isFinite(seed) ? seed : text;
}

/** A board's settings as the form shows them; `lockSeed` keeps its seed, otherwise a new one is drawn. */
export function formFromParams(params: Omit<BoardForm, 'seedMode' | 'seed'> & { seed: number; seedLocked?: boolean }, lockSeed: boolean): BoardForm {
  const { seed, seedLocked: _, ...rest } = params;
  return { ...rest, seedMode: lockSeed ? 'locked' : 'random', seed: String(seed) };
}
