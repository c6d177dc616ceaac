import { z } from 'zod';
import { sumCosts } from '../upstream/cost';
import type { ModelInfo } from '../upstream';
import { SIZES, type Size } from './schema';

/** Per-image price of one model at one size, and where it came from. */
export interface UnitPrice {
  amount: string;
  source: 'price' | 'ledger';
}

/** `{ [model]: { [size]: UnitPrice } }`: what the browser needs to estimate any board. */
export type PriceTable = Record<string, Partial<Record<Size, UnitPrice>>>;

const perImageSchema = z.object({ per_image: z.record(z.string(), z.union([z.number(), z.string()])) });

/** The service's own list price (`price.per_image[size]`), when its model list has one. */
export function listPrice(model: ModelInfo, size: Size): string | null {
  const parsed = perImageSchema.safeParse(model.price);
  const value = parsed.success ? parsed.data.per_image[size] : undefined;
  if (value === undefined) return null;
  const text = String(value);
  return /^\d+(\.\d+)?$/.test(text) ? text : null;
}

/** One observed charge: what a model cost for `n` images of `size`. */
export interface Observation {
  model: string;
  size: string;
  n: number;
  amount: string;
}

/** Average per-image cost over observations (newest first, at most `limit` used), to 4 decimals. */
export function observedPrice(observations: Observation[], model: string, size: Size, limit = 10): string | null {
  const matching = observations.filter((o) => o.model === model && o.size === size && o.n > 0).slice(0, limit);
  if (matching.length === 0) return null;
  const perImage = matching.reduce((sum, o) => sum + Number(o.amount) / o.n, 0) / matching.length;
  return perImage.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
}

/** The price table for the given image models: list price where present, else what the ledger saw. */
export function priceTable(models: ModelInfo[], observations: Observation[]): PriceTable {
  const table: PriceTable = {};
  for (const model of models) {
    const row: Partial<Record<Size, UnitPrice>> = {};
    for (const size of SIZES) {
      const listed = listPrice(model, size);
      const seen = listed === null ? observedPrice(observations, model.id, size) : null;
      if (listed !== null) row[size] = { amount: listed, source: 'price' };
      else if (seen !== null) row[size] = { amount: seen, source: 'ledger' };
    }
    table[model.id] = row;
  }
  return table;
}

export interface Estimate {
  /** Sum over the models with a known price. */
  total: string;
  perModel: Array<{ model: string; amount: string | null; source?: UnitPrice['source'] }>;
  /** Models with neither a list price nor history: the total leaves them out. */
  unknown: string[];
}

/** Unit price × n per model, summed exactly (decimal strings). */
export function estimateBoard(table: PriceTable, models: string[], size: Size, n: number): Estimate {
  const perModel = models.map((model) => {
    const unit = table[model]?.[size];
    return unit ? { model, amount: sumCosts(Array<string>(n).fill(unit.amount)), source: unit.source } : { model, amount: null };
  });
  const known = perModel.flatMap((m) => (m.amount === null ? [] : [m.amount]));
  return { total: sumCosts(known), perModel, unknown: perModel.filter((m) => m.amount === null).map((m) => m.model) };
}
