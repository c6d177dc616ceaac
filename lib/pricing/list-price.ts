import { z } from 'zod';
import { addAmounts, multiplyAmount, priceAmount } from './money';

// The price tables a model list (or the operator's price file) may carry, in the reference
// service's shapes (packages/reference-service/catalog.json), and what one request costs by them.
// Plain functions: the forms in the browser estimate with the very same code the server reserves with.

const amount = z.unknown().transform((value, ctx) => priceAmount(value) ?? (ctx.addIssue({ code: 'custom', message: 'not a price' }), z.NEVER));

const perImage = z.object({ per_image: z.record(z.string(), amount) });
const perEdit = z.object({ per_edit: z.record(z.string(), amount) });
const perSecond = z.object({
  per_second: z.object({ '480p': amount, '720p': amount, '1080p': amount }).partial(),
  audio_per_second: amount.optional(),
});

/** A video model's price table, parsed: what the video form carries to the browser. */
export type VideoPrice = z.output<typeof perSecond>;

export function parseVideoPrice(price: unknown): VideoPrice | null {
  const parsed = perSecond.safeParse(price);
  return parsed.success ? parsed.data : null;
}

/** One image of `size` ("1024x1024"), or null when the table has no price for it. */
export function imagePrice(price: unknown, size: string): string | null {
  const parsed = perImage.safeParse(price);
  return parsed.success ? (parsed.data.per_image[size] ?? null) : null;
}

/**
 * One edit whose output is `size` ("WxH"): tiers are named by the longest side they cover
 * ({"1024": 0.1, "2048": 0.15, ...}); beyond the largest tier, the largest price.
 */
export function editPrice(price: unknown, size: string): string | null {
  const parsed = perEdit.safeParse(price);
  if (!parsed.success) return null;
  const longest = Math.max(...size.split('x').map(Number));
  const tiers = Object.entries(parsed.data.per_edit)
    .map(([bound, price]) => ({ bound: Number(bound), price }))
    .filter((t) => Number.isFinite(t.bound))
    .sort((a, b) => a.bound - b.bound);
  if (tiers.length === 0 || !Number.isFinite(longest)) return null;
  return (tiers.find((t) => longest <= t.bound) ?? tiers[tiers.length - 1]).price;
}

/** One video: (per second at the resolution, plus audio per second if asked) × whole seconds. */
export function videoPrice(price: VideoPrice | unknown, duration: number, resolution: '480p' | '720p' | '1080p', audio: boolean): string | null {
  const parsed = perSecond.safeParse(price);
  if (!parsed.success) return null;
  const base = parsed.data.per_second[resolution];
  if (base === undefined || !Number.isInteger(duration) || duration < 0) return null;
  const perSecondTotal = audio ? addAmounts(base, parsed.data.audio_per_second ?? '0') : base;
  return multiplyAmount(perSecondTotal, duration);
}

/** Whether `price` is a table of the shape a model of `kind` is billed by. */
export function isPriceTable(kind: 'image' | 'edit' | 'video', price: unknown): boolean {
  return (kind === 'image' ? perImage : kind === 'edit' ? perEdit : perSecond).safeParse(price).success;
}
