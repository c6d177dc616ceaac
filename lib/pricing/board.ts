import type { ModelInfo } from '../upstream';
import { IMAGE_SIZES, type ImageSize as Size } from '../upstream/defaults';
import { imagePrice } from './list-price';
import { addAmounts, divideAmount, maxAmount, multiplyAmount } from './money';

/** Per-image price of one model at one size: the trusted list price, or what the ledger saw when that was more. */
export interface UnitPrice {
  amount: string;
  source: 'price' | 'ledger';
}

/** `{ [model]: { [size]: UnitPrice } }`: what the browser needs to estimate any board. */
export type PriceTable = Record<string, Partial<Record<Size, UnitPrice>>>;

/** One observed charge: what a model cost for `n` images of `size`. */
export interface Observation {
  model: string;
  size: string;
  n: number;
  amount: string;
}

/** How many of a model's newest observations at one size count. */
export const OBSERVED_PER_SIZE = 10;

/** The highest per-image cost among recent observations (newest first, at most `limit`), to 4 decimals. */
export function observedPrice(observations: Observation[], model: string, size: Size, limit = OBSERVED_PER_SIZE): string | null {
  const matching = observations.filter((o) => o.model === model && o.size === size && o.n > 0).slice(0, limit);
  if (matching.length === 0) return null;
  return matching.map((o) => divideAmount(o.amount, o.n)).reduce(maxAmount);
}

/**
 * The price table for the given image models: the trusted list price (the service's, else the
 * operator's), raised to what the ledger saw if that was more. A model with no list price has no
 * entry: history alone never prices a request.
 */
export function priceTable(models: ModelInfo[], observations: Observation[]): PriceTable {
  const table: PriceTable = {};
  for (const model of models) {
    const row: Partial<Record<Size, UnitPrice>> = {};
    for (const size of IMAGE_SIZES) {
      const listed = imagePrice(model.price, size);
      if (listed === null) continue;
      const seen = observedPrice(observations, model.id, size);
      const amount = seen === null ? listed : maxAmount(listed, seen);
      row[size] = { amount, source: amount === listed ? 'price' : 'ledger' };
    }
    table[model.id] = row;
  }
  return table;
}

export interface Estimate {
  /** Sum over the models with a known price. */
  total: string;
  perModel: Array<{ model: string; amount: string | null; source?: UnitPrice['source'] }>;
  /** Models with no trusted price: the total leaves them out, and the server refuses to run them. */
  unknown: string[];
}

/** Unit price × n per model, summed exactly (decimal strings). */
export function estimateBoard(table: PriceTable, models: string[], size: Size, n: number): Estimate {
  const perModel = models.map((model) => {
    const unit = table[model]?.[size];
    return unit ? { model, amount: multiplyAmount(unit.amount, n), source: unit.source } : { model, amount: null };
  });
  const known = perModel.flatMap((m) => (m.amount === null ? [] : [m.amount]));
  return { total: addAmounts(...known), perModel, unknown: perModel.filter((m) => m.amount === null).map((m) => m.model) };
}
