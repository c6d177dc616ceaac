import type { TeamContext } from '../auth/context';
import type { PriceTable } from '../pricing/board';
import { boardPrices } from '../pricing/estimates';

/** The image models a board can use, with what the browser needs to estimate a board's cost. */
export async function boardCatalog(ctx: TeamContext): Promise<{ models: Array<{ id: string; description?: string }>; prices: PriceTable }> {
  const { models, table } = await boardPrices(ctx);
  return { models: models.map((m) => (m.description ? { id: m.id, description: m.description } : { id: m.id })), prices: table };
}
