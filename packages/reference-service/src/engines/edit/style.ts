import { createRng, hashSeed, type RawImage } from '../pixels/raw';
import { bleedIntoTransparent, joinAlpha, scaleOf, splitAlpha } from '../pixels/pixel-ops';
import type { StyleFilter } from './style-filters/input';
import { cartoon, pixel, popart } from './style-filters/graphic';
import { oil, sketch, watercolor } from './style-filters/painterly';
import { cyberpunk, noir, vintage } from './style-filters/tonal';

export const EDIT_STYLES = ['watercolor', 'oil', 'sketch', 'pixel', 'cartoon', 'noir', 'vintage', 'popart', 'cyberpunk'] as const;
export type EditStyle = (typeof EDIT_STYLES)[number];

const FILTERS: Record<EditStyle, StyleFilter> = { watercolor, oil, sketch, pixel, cartoon, noir, vintage, popart, cyberpunk };

// Order matters where phrases overlap: "pop art" must not read as plain "art", "black and white" before colours.
const KEYWORDS: Array<[EditStyle, RegExp]> = [
  ['watercolor', /water\s*colou?r|aquarelle|水彩/i],
  ['oil', /\boil\b|oil[- ]?paint|impasto|油画/i],
  ['sketch', /sketch|pencil|charcoal|line\s*drawing|素描|铅笔|速写|线稿/i],
  ['pixel', /pixel|8[- ]?bit|16[- ]?bit|retro\s*game|像素/i],
  ['popart', /pop[- ]?art|warhol|lichtenstein|comic\s*book|halftone|波普/i],
  ['cartoon', /cartoon|anime|manga|comic|cel[- ]?shad|卡通|动漫|动画|漫画/i],
  ['noir', /noir|black\s*(?:and|&)\s*white|b\s*&\s*w|monochrome|grayscale|greyscale|黑白|单色/i],
  ['cyberpunk', /cyber\s*punk|neon|synth\s*wave|vaporwave|赛博|霓虹/i],
  ['vintage', /vintage|sepia|retro|old[- ]?photo|nostalgi|antique|复古|怀旧|老照片|泛黄/i],
];

/** Oil is the default: without a named style, "make it artistic" reads best as a painting. */
export const DEFAULT_STYLE: EditStyle = 'oil';

/** The style named earliest in the prompt wins ("sketch, not watercolor" is a sketch). */
export function pickStyle(prompt: string): EditStyle {
  return findStyle(prompt) ?? DEFAULT_STYLE;
}

/** The style the prompt names, or null when it names none (callers pick their own fallback). */
export function findStyle(prompt: string): EditStyle | null {
  const text = String(prompt ?? '').slice(0, 10_000);
  let best: { style: EditStyle; at: number } | null = null;
  for (const [style, pattern] of KEYWORDS) {
    const at = text.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { style, at };
  }
  return best?.style ?? null;
}

/** Same size out; alpha copied through untouched; deterministic for (image, style, seed). */
export async function applyStyle(img: RawImage, style: EditStyle, seed: number): Promise<RawImage> {
  const filter = FILTERS[style];
  if (!filter) throw new RangeError(`applyStyle: unknown style ${String(style)}`);
  const { rgb, alpha, width, height } = splitAlpha(await bleedIntoTransparent(img));
  // Median and blur windows need some room: slivers are edge-padded to MIN_SIDE and cropped back.
  const w = Math.max(width, MIN_SIDE);
  const h = Math.max(height, MIN_SIDE);
  const padded = w === width && h === height ? rgb : padRgb(rgb, width, height, w, h);
  const out = await filter({ rgb: padded, width: w, height: h, rng: createRng(hashSeed('style', style, seed)), scale: scaleOf(w, h) });
  return joinAlpha(w === width && h === height ? out : cropRgb(out, w, width, height), alpha, width, height);
}

const MIN_SIDE = 16;

function padRgb(rgb: Buffer, width: number, height: number, w: number, h: number): Buffer {
  const out = Buffer.allocUnsafe(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = (Math.min(y, height - 1) * width + Math.min(x, width - 1)) * 3;
      rgb.copy(out, (y * w + x) * 3, s, s + 3);
    }
  }
  return out;
}

function cropRgb(rgb: Buffer, stride: number, width: number, height: number): Buffer {
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0; y < height; y++) rgb.copy(out, y * width * 3, y * stride * 3, (y * stride + width) * 3);
  return out;
}
