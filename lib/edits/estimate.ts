import type { TeamContext } from '../auth/context';
import { serviceModels } from '../pricing/catalog';
import { editPrice } from '../pricing/list-price';
import { maxAmount } from '../pricing/money';
import { recentCharges } from '../pricing/observed';
import { priceUnknown } from '../pricing/unknown';

/**
 * What one edit whose output is `size` ("WxH") is reserved at: the model's trusted list price,
 * raised to the most the ledger saw charged for the same model and size. No price: refused.
 */
export async function priceEdit(ctx: TeamContext, model: string | undefined, size: string): Promise<string> {
  const info = model ? (await serviceModels(ctx)).find((m) => m.kind === 'edit' && m.id === model) : undefined;
  const listed = info ? editPrice(info.price, size) : null;
  if (listed === null) throw priceUnknown([model ?? 'the default edit model']);
  const seen = (await recentCharges(ctx, 'edit', [info!.id], 20)).filter((c) => (c.params as { size?: unknown } | null)?.size === size);
  return seen.reduce((highest, c) => maxAmount(highest, c.amount), listed);
}
