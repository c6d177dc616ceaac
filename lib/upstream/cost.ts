import { z } from 'zod';

export const DEFAULT_CURRENCY = 'CNY';

/**
 * Costs travel as decimal strings so that the ledger stores what the service reported, never a float.
 *
 * A JSON number reaches us as a double. We print it with at most 10 decimals and no trailing zeros:
 * every price a service writes by hand (0.1, 0.48, 1.25) comes back as written, float noise a service
 * may have summed into its answer (0.30000000000000004) is dropped, and exponents (1e-7) never appear.
 * A cost sent as a numeric string ("0.10") is kept exactly as sent.
 */
export function formatCost(value: number): string {
  const printed = value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
  return printed === '-0' ? '0' : printed;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

export const amountSchema = z.union([z.number().transform(formatCost), z.string().trim().regex(DECIMAL, 'expected a decimal amount')]);

export const costSchema = z.object({ amount: z.string(), currency: z.string() });
export type Cost = z.output<typeof costSchema>;

export const zeroCost = (currency = DEFAULT_CURRENCY): Cost => ({ amount: '0', currency });

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

/** Exact decimal sum, for a batch that reports no total of its own. */
export function sumCosts(amounts: string[]): string {
  const scale = Math.max(0, ...amounts.map((a) => a.split('.')[1]?.length ?? 0));
  const scaled = (a: string) => {
    const [whole, fraction = ''] = a.replace('-', '').split('.');
    const units = BigInt(whole + fraction.padEnd(scale, '0'));
    return a.startsWith('-') ? -units : units;
  };
  const total = amounts.reduce((sum, a) => sum + scaled(a), 0n);
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${total < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
