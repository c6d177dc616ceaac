import type { TeamContext } from '../auth/context';
import type { PriceTable } from '../pricing/board';
import { boardPrices } from '../pricing/estimates';

export interface BoardModel {
  id: string;
  description?: string;
  /** Who runs it, when a provider does ("OpenAI"). */
  provider?: string;
  /** Its native sizes, when none is a board size (its images are upscaled: decisions.md row 18). */
  renders?: string[];
  /** False when it cannot make a transparent background; absent when it can or the service does not say. */
  transparency?: false;
  seed?: false;
}

const BOARD_SIZES = new Set(['1024x1024', '2048x2048', '4096x4096']);

/** The image models a board can use, with what each can do and what the browser needs to estimate a board's cost. */
export async function boardCatalog(ctx: TeamContext): Promise<{ models: BoardModel[]; prices: PriceTable }> {
  const { models, table } = await boardPrices(ctx);
  return {
    models: models.map(({ id, description, provider, can }) => ({
      id,
      ...(description ? { description } : {}),
      ...(provider && provider.id !== 'local' ? { provider: provider.name } : {}),
      ...(can?.nativeSizes && !can.nativeSizes.every((s) => BOARD_SIZES.has(s)) ? { renders: can.nativeSizes } : {}),
      ...(can?.transparency === false ? { transparency: false as const } : {}),
      ...(can?.seed === false ? { seed: false as const } : {}),
    })),
    prices: table,
  };
}
