import { z } from 'zod';
import { DEFAULT_CURRENCY, formatCost, type Cost } from './cost';

// What the service reports a call cost, in each shape decisions.md lets it take, read into a Cost.

const DECIMAL = /^-?\d+(\.\d+)?$/;

export const amountSchema = z.union([z.number().transform(formatCost), z.string().trim().regex(DECIMAL, 'expected a decimal amount')]);

/** `usage: {cost, cost_unit}` (the interface) or `{amount, currency}` (its total_cost shape). */
export const usageSchema = z
  .object({
    cost: amountSchema.nullish(),
    amount: amountSchema.nullish(),
    cost_unit: z.string().nullish(),
    currency: z.string().nullish(),
  })
  .transform((u): Cost => ({ amount: u.cost ?? u.amount ?? '0', currency: u.cost_unit || u.currency || DEFAULT_CURRENCY }));

/** A total is an object like a usage, or a bare amount. */
export const totalSchema = z.union([amountSchema.transform((amount): Cost => ({ amount, currency: DEFAULT_CURRENCY })), usageSchema]);
