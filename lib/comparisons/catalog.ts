import type { TeamContext } from '../auth/context';
import type { PriceTable } from '../pricing/board';
import { boardPrices } from '../pricing/estimates';

export interface BoardModel {
  id: string;
  description?: string;
  /** Who runs it, when a provider does ("OpenAI"). */
  provider?: string;
  /** The longest side it renders, when smaller than the board's largest size (the rest is upscaled: decisions.md row 18). */
  rendersUpTo?: number;
  /** False when it cannot make a transparent background; absent when it can or the service does not say. */
  transparency?: false;
  seed?: false;
}

const LARGEST_BOARD_SIDE = 4096;

const upTo = (sizes: string[]) => {
  const side = Math.max(...sizes.flatMap((s) => s.split('x').map(Number)).filter(Number.isFinite));
  return side < LARGEST_BOARD_SIDE ? { rendersUpTo: side } : {};
};

/** The image models a board can use, with what each can do and what the browser needs to estimate a board's cost. */
export async function boardCatalog(ctx: TeamContext): Promise<{ models: BoardModel[]; prices: PriceTable }> {
  const { models, table } = await boardPrices(ctx);
  return {
    models: models.map(({ id, description, provider, can }) => ({
      id,
      ...(description ? { description } : {}),
      ...(provider && provider.id !== 'local' ? { provider: provider.name } : {}),
      ...(can?.nativeSizes ? upTo(can.nativeSizes) : {}),
      ...(can?.transparency === false ? { transparency: false as const } : {}),
      ...(can?.seed === false ? { seed: false as const } : {}),
    })),
    prices: table,
  };
}
