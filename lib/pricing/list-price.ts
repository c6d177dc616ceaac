import { addAmounts, multiplyAmount, priceAmount } from './money';

// The price tables a model list (or the operator's price file) may carry, in the reference
// service's shapes (packages/reference-service/catalog.json), and what one request costs by them.
// Plain functions (no zod): the forms in the browser estimate with the very same code the server reserves with.

const RESOLUTIONS = ['480p', '720p', '1080p'] as const;

/** A video model's price table, parsed: what the video form carries to the browser. */
export interface VideoPrice {
  per_second: Partial<Record<(typeof RESOLUTIONS)[number], string>>;
  audio_per_second?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each price of `table` (only `keys` when given) as a decimal string; null when one is not a price. */
function prices(table: unknown, keys?: readonly string[]): Record<string, string> | null {
  if (!isObject(table)) return null;
  const read: Record<string, string> = {};
  for (const [key, value] of Object.entries(table)) {
    if (keys && (!keys.includes(key) || value === undefined)) continue;
    const amount = priceAmount(value);
    if (amount === null) return null;
    read[key] = amount;
  }
  return read;
}

const perImage = (price: unknown) => (isObject(price) ? prices(price.per_image) : null);
const perEdit = (price: unknown) => (isObject(price) ? prices(price.per_edit) : null);

export function parseVideoPrice(price: unknown): VideoPrice | null {
  if (!isObject(price)) return null;
  const perSecond = prices(price.per_second, RESOLUTIONS);
  if (perSecond === null) return null;
  if (price.audio_per_second === undefined) return { per_second: perSecond };
  const audio = priceAmount(price.audio_per_second);
  return audio === null ? null : { per_second: perSecond, audio_per_second: audio };
}

/** One image of `size` ("1024x1024"), or null when the table has no price for it. */
export function imagePrice(price: unknown, size: string): string | null {
  return perImage(price)?.[size] ?? null;
}

/**
 * One edit whose output is `size` ("WxH"): tiers are named by the longest side they cover
 * ({"1024": 0.1, "2048": 0.15, ...}); beyond the largest tier, the largest price.
 */
export function editPrice(price: unknown, size: string): string | null {
  const table = perEdit(price);
  if (!table) return null;
  const longest = Math.max(...size.split('x').map(Number));
  const tiers = Object.entries(table)
    .map(([bound, price]) => ({ bound: Number(bound), price }))
    .filter((t) => Number.isFinite(t.bound))
    .sort((a, b) => a.bound - b.bound);
  if (tiers.length === 0 || !Number.isFinite(longest)) return null;
  return (tiers.find((t) => longest <= t.bound) ?? tiers[tiers.length - 1]).price;
}

/** One video: (per second at the resolution, plus audio per second if asked) × whole seconds. */
export function videoPrice(price: VideoPrice | unknown, duration: number, resolution: '480p' | '720p' | '1080p', audio: boolean): string | null {
  const parsed = parseVideoPrice(price);
  if (!parsed) return null;
  const base = parsed.per_second[resolution];
  if (base === undefined || !Number.isInteger(duration) || duration < 0) return null;
  const perSecondTotal = audio ? addAmounts(base, parsed.audio_per_second ?? '0') : base;
  return multiplyAmount(perSecondTotal, duration);
}

/** Whether `price` is a table of the shape a model of `kind` is billed by. */
export function isPriceTable(kind: 'image' | 'edit' | 'video', price: unknown): boolean {
  return (kind === 'image' ? perImage : kind === 'edit' ? perEdit : parseVideoPrice)(price) !== null;
}
