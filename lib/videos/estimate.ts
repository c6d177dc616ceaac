import { videoPrice, type VideoPrice } from '../pricing/list-price';
import { VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS, type VideoResolution } from '../upstream/defaults';

export { VIDEO_ASPECT_RATIOS as ASPECT_RATIOS, VIDEO_RESOLUTIONS as RESOLUTIONS };
export type Resolution = VideoResolution;
export type AspectRatio = (typeof VIDEO_ASPECT_RATIOS)[number];

/** What the form needs of a video model; plain data so it crosses to the browser. */
export interface VideoModelOption {
  id: string;
  description?: string;
  /** Who makes it, when the service says: `{id: 'kling', name: 'Kling AI'}`; `local` for the reference engines. */
  provider?: { id: string; name: string };
  durations: number[];
  /** The duration picked when the model is chosen: its own default. */
  defaultDuration: number;
  resolutions: Resolution[];
  aspectRatios: AspectRatio[];
  /** Whether it can make sound (the audio box is off and disabled when not). */
  audio: boolean;
  price: VideoPrice | null;
}

/** The cost by the model's trusted price table, in CNY (a decimal string); null when it has none for this choice. */
export function estimateCost(price: VideoPrice | null, duration: number, resolution: Resolution, audio: boolean): string | null {
  return price ? videoPrice(price, duration, resolution, audio) : null;
}

const SCALE: Record<Resolution, number> = { '480p': 0.5, '720p': 1, '1080p': 2 };

/**
 * Rough render time in seconds as a range: the reference service takes about 1–2 s per second of
 * 720p video, less at 480p, more at 1080p, and audio adds some on top.
 */
export function estimateSeconds(duration: number, resolution: Resolution, audio: boolean, atProvider = false): { low: number; high: number } {
  // A provider's queue and its model take a minute or more, whatever is asked.
  if (atProvider) return { low: 30 + 6 * duration, high: 60 + 30 * duration };
  const factor = SCALE[resolution] * (audio ? 1.2 : 1);
  return { low: Math.max(3, Math.round(duration * factor)), high: Math.max(5, Math.round(duration * factor * 2) + 3) };
}
