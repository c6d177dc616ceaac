import { formatCost, sumCosts } from '../upstream/cost';

// Exact arithmetic on CNY amounts written as decimal strings: an estimate never carries float noise.

const DECIMAL = /^\d+(\.\d+)?$/;

const scaleOf = (amount: string) => amount.split('.')[1]?.length ?? 0;

function toUnits(amount: string, scale: number): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

function fromUnits(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${digits.slice(0, digits.length - scale)}${fraction ? `.${fraction}` : ''}`;
}

/** A price as a service or a price file writes it (a number or a numeric string), or null if it is none. */
export function priceAmount(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? formatCost(value) : null;
  if (typeof value === 'string') return DECIMAL.test(value.trim()) ? value.trim() : null;
  return null;
}

export const addAmounts = (...amounts: string[]): string => sumCosts(amounts);

/** `amount` × a whole number (images, seconds). */
export function multiplyAmount(amount: string, times: number): string {
  if (!Number.isInteger(times) || times < 0) throw new RangeError(`cannot multiply a price by ${times}`);
  const scale = scaleOf(amount);
  return fromUnits(toUnits(amount, scale) * BigInt(times), scale);
}

/** `amount` ÷ a whole number, rounded up to 4 decimals (the ledger's scale): an estimate errs high. */
export function divideAmount(amount: string, by: number): string {
  if (!Number.isInteger(by) || by <= 0) throw new RangeError(`cannot divide a price by ${by}`);
  const units = toUnits(amount, 4);
  return fromUnits((units + BigInt(by) - 1n) / BigInt(by), 4);
}

/** The larger of two amounts. */
export function maxAmount(a: string, b: string): string {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  return toUnits(a, scale) >= toUnits(b, scale) ? a : b;
}
