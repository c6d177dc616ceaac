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

/** An amount and its currency (CNY from the service); safe to import in the browser (no zod). */
export interface Cost {
  amount: string;
  currency: string;
}

export const zeroCost = (currency = DEFAULT_CURRENCY): Cost => ({ amount: '0', currency });

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

/**
 * A (non-negative) amount shared among `parts` (a model's cost among the images it made), to 4
 * decimals as the ledger stores them: equal shares, the first ones a ten-thousandth more while a
 * remainder lasts, so that the shares always add up to the amount (0.16 in 3: 0.0534, 0.0533, 0.0533).
 */
export function splitCost(amount: string, parts: number): string[] {
  if (parts <= 1) return parts === 1 ? [amount] : [];
  const [whole, fraction = ''] = amount.split('.');
  // In ten-thousandths, half up.
  const units = BigInt(whole + fraction.padEnd(4, '0').slice(0, 4)) + (Number(fraction[4] ?? '0') >= 5 ? 1n : 0n);
  const base = units / BigInt(parts);
  const left = units % BigInt(parts);
  return Array.from({ length: parts }, (_, i) => {
    const digits = (base + (BigInt(i) < left ? 1n : 0n)).toString().padStart(5, '0');
    return sumCosts([`${digits.slice(0, -4)}.${digits.slice(-4)}`]);
  });
}
