import { editPrice } from '../pricing/list-price';
import { addAmounts, multiplyAmount } from '../pricing/money';
import type { EditModel } from './edit-models';

// The studio's estimate of a run, by the list prices the server reserves from (pricing/estimates.ts
// priceEdit, which may raise one to what the ledger saw). Plain functions: the form imports them.

export interface EditEstimate {
  /** Each request's list price, summed over the models with one; null when none has one. */
  total: string | null;
  /** One request's price when every request is of one model (variants), else null. */
  each: string | null;
  /** Models with no list price for this size: the server refuses to run them. */
  unknown: string[];
}

/** `n` requests of each of `chosen` (a board sends each model once, variants one model n times) at output `size` ("WxH"). */
export function estimateEdit(models: EditModel[], chosen: string[], size: string, n: number): EditEstimate {
  const prices = chosen.map((id) => ({ id, price: editPrice(models.find((m) => m.id === id)?.price, size) }));
  const known = prices.flatMap((p) => (p.price === null ? [] : [multiplyAmount(p.price, n)]));
  return {
    total: known.length > 0 ? addAmounts(...known) : null,
    each: chosen.length === 1 ? prices[0].price : null,
    unknown: prices.filter((p) => p.price === null).map((p) => p.id),
  };
}
