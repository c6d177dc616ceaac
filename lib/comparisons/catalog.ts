import type { TeamContext } from '../auth/context';
import { serviceModels } from '../pricing/catalog';
import { priceTable, type PriceTable } from './estimate';
import { recentObservations } from './queries';

/** The image models a board can use, with what the browser needs to estimate a board's cost. */
export async function boardCatalog(ctx: TeamContext): Promise<{ models: Array<{ id: string; description?: string }>; prices: PriceTable }> {
  const models = (await serviceModels(ctx)).filter((m) => m.kind === 'image');
  const prices = priceTable(models, await recentObservations(ctx, models.map((m) => m.id)));
  return { models: models.map((m) => (m.description ? { id: m.id, description: m.description } : { id: m.id })), prices };
}
