import { z } from 'zod';

export const RESOLUTIONS = ['480p', '720p', '1080p'] as const;
export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** The per-second price list a service may publish for a video model (reference service shape). */
export const videoPriceSchema = z.object({
  per_second: z.object({ '480p': z.number(), '720p': z.number(), '1080p': z.number() }).partial(),
  audio_per_second: z.number().nonnegative().optional(),
});
export type VideoPrice = z.infer<typeof videoPriceSchema>;

/** What the form needs of a video model; plain data so it crosses to the browser. */
export interface VideoModelOption {
  id: string;
  description?: string;
  durations: number[];
  resolutions: Resolution[];
  price: VideoPrice | null;
}

/** The cost the price list gives, in CNY; null when the service lists no price for this choice. */
export function estimateCost(price: VideoPrice | null, duration: number, resolution: Resolution, audio: boolean): number | null {
  const perSecond = price?.per_second[resolution];
  if (perSecond === undefined) return null;
  const total = (perSecond + (audio ? (price?.audio_per_second ?? 0) : 0)) * duration;
  return Math.round(total * 10_000) / 10_000;
}

const SCALE: Record<Resolution, number> = { '480p': 0.5, '720p': 1, '1080p': 2 };

/**
 * Rough render time in seconds as a range: the reference service takes about 1–2 s per second of
 * 720p video, less at 480p, more at 1080p, and audio adds some on top.
 */
export function estimateSeconds(duration: number, resolution: Resolution, audio: boolean): { low: number; high: number } {
  const factor = SCALE[resolution] * (audio ? 1.2 : 1);
  return { low: Math.max(3, Math.round(duration * factor)), high: Math.max(5, Math.round(duration * factor * 2) + 3) };
}
