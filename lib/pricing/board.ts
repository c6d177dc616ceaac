import type { ImageSize as Size } from '../upstream/defaults';
import { addAmounts, multiplyAmount } from './money';

// A board's estimate from its price table: plain functions, so that the board form in the browser
// estimates with the very code the server reserves with (pricing/estimates.ts builds the table).

/** Per-image price of one model at one size: the trusted list price, or what the ledger saw when that was more. */
export interface UnitPrice {
  amount: string;
  source: 'price' | 'ledger';
}

/** `{ [model]: { [size]: UnitPrice } }`: what the browser needs to estimate any board. */
export type PriceTable = Record<string, Partial<Record<Size, UnitPrice>>>;

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
