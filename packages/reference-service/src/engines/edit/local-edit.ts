import { gamutChroma, linearToByte, linearToOklab, oklabToLinear, rgbToOklab, SRGB_TO_LINEAR } from '../pixels/color-space';
import { bleedIntoTransparent, expandBlocks, joinAlpha, rgbSharp, splitAlpha, toRgb } from '../pixels/pixel-ops';
import { analyzePrompt } from '../generate/prompt';
import type { RawImage, Rgb } from '../pixels/raw';
import { applyStyle, findStyle, type EditStyle } from './style';
import { varier, type Vary } from './variation';

export type LocalEditPlan =
  { op: 'recolor'; color: Rgb } | { op: 'blur' | 'brighten' | 'darken' | 'desaturate' | 'pixelate' } | { op: 'stylize'; style: EditStyle };

// Checked in this order. Structural operations come before colours ("blur the red car" blurs), and
// desaturation before everything because "black and white" would otherwise read as two colours.
// Brighten/darken come after colours so "dark red" or "light blue" recolours.
const DESATURATE = /gr[ae]y\s*scale|desaturat|black\s*(?:and|&)\s*white|monochrome|colou?rless|remove\s+(?:the\s+)?colou?r|黑白|灰度|去色|褪色/i;
const BLUR = /blur|defocus|out\s+of\s+focus|bokeh|soften|模糊|虚化|柔化/i;
const PIXELATE = /pixelat|mosaic|censor|马赛克|像素化|打码/i;
const BRIGHTEN = /\bbright(?:en|er)?\b|\blight(?:en|er)\b|\billuminat|提亮|变亮|调亮|更亮|亮一[点些]|明亮/i;
const DARKEN = /\bdark(?:en|er)?\b|\bdim(?:mer)?\b|变暗|调暗|压暗|更暗|暗一[点些]/i;

/** An outpainting: the canvas was padded around the original and the mask covers the new area. */
const EXTEND = /\b(?:extend|outpaint|expand|widen|uncrop|zoom(?:ed)? out)\w*|扩图|扩展|延展|延伸|扩充|外扩/i;

/** Whether a masked prompt asks to grow the scene into the masked area rather than change what is there. */
export const asksToExtend = (prompt: string): boolean => EXTEND.test(String(prompt ?? '').slice(0, 10_000));

export function planLocalEdit(prompt: string): LocalEditPlan {
  const text = String(prompt ?? '').slice(0, 10_000);
  if (DESATURATE.test(text)) return { op: 'desaturate' };
  if (BLUR.test(text)) return { op: 'blur' };
  if (PIXELATE.test(text)) return { op: 'pixelate' };
  const [color] = analyzePrompt(text).colors;
  if (color) return { op: 'recolor', color };
  if (BRIGHTEN.test(text)) return { op: 'brighten' };
  if (DARKEN.test(text)) return { op: 'darken' };
  return { op: 'stylize', style: findStyle(text) ?? 'cartoon' };
}

/**
 * The edited full image for a local modification; the caller blends it inside the mask. Same size,
 * alpha copied through, deterministic for (image, prompt, seed, variation): a variation other than
 * 0 moves the operation's strength (variation.ts).
 */
export async function localEdit(img: RawImage, prompt: string, seed: number, variation = 0): Promise<RawImage> {
  const plan = planLocalEdit(prompt);
  if (plan.op === 'stylize') return applyStyle(img, plan.style, seed);
  const { rgb, alpha, width, height } = splitAlpha(await bleedIntoTransparent(img));
  const out = await EDITS[plan.op](rgb, width, height, plan.op === 'recolor' ? plan.color : [0, 0, 0], varier(variation));
  return joinAlpha(out, alpha, width, height);
}

type Edit = (rgb: Buffer, width: number, height: number, color: Rgb, vary: Vary) => Buffer | Promise<Buffer>;

const EDITS: Record<Exclude<LocalEditPlan['op'], 'stylize'>, Edit> = {
  recolor,
  // Strong enough to read as a deliberate blur at any size, not a soft-focus hint.
  blur: (rgb, w, h, _color, vary) => toRgb(rgbSharp(rgb, w, h).blur(Math.max(4, Math.min(w, h) / 60) * vary(1, 0.25))),
  brighten: (rgb, _w, _h, _color, vary) => {
    const gamma = vary(1.9, 0.15);
    return mapChannels(rgb, (v) => 255 * (1 - (1 - v / 255) ** gamma));
  },
  darken: (rgb, _w, _h, _color, vary) => {
    const gamma = vary(1.9, 0.15);
    return mapChannels(rgb, (v) => 255 * (v / 255) ** gamma);
  },
  desaturate: (rgb) => {
    const out = Buffer.allocUnsafe(rgb.length);
    for (let j = 0; j < rgb.length; j += 3) out[j] = out[j + 1] = out[j + 2] = 0.2126 * rgb[j] + 0.7152 * rgb[j + 1] + 0.0722 * rgb[j + 2] + 0.5;
    return out;
  },
  pixelate,
};

/** Tone curves as a table: shadows/highlights move most, black and white stay anchored. */
function mapChannels(rgb: Buffer, curve: (v: number) => number): Buffer {
  const lut = new Uint8Array(256).map((_, v) => Math.round(Math.min(255, Math.max(0, curve(v)))));
  const out = Buffer.allocUnsafe(rgb.length);
  for (let i = 0; i < rgb.length; i++) out[i] = lut[rgb[i]];
  return out;
}

async function pixelate(rgb: Buffer, width: number, height: number, _color: Rgb, vary: Vary): Promise<Buffer> {
  const block = Math.max(4, Math.round((Math.min(width, height) / 48) * vary(1, 0.25)));
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  const cells = await toRgb(rgbSharp(rgb, width, height).resize(gw, gh, { fit: 'fill', kernel: 'linear' }));
  return expandBlocks(cells, gw, block, width, height);
}

/**
 * Recolour in Oklab: every pixel takes the target's hue and chroma but keeps its own lightness, moved
 * as a whole part of the way towards the target's lightness. A uniform shift leaves the lightness
 * pattern (texture, shading, edges) intact; chroma is capped to what sRGB can show at that lightness.
 */
function recolor(rgb: Buffer, width: number, height: number, target: Rgb, vary: Vary): Buffer {
  const n = width * height;
  const [Lt, at, bt] = rgbToOklab(target);
  const Ct = Math.hypot(at, bt);
  const cosH = Ct > 1e-6 ? at / Ct : 1;
  const sinH = Ct > 1e-6 ? bt / Ct : 0;
  const gamut = gamutChroma(cosH, sinH, 256);
  const lightness = new Float32Array(n);
  const lab = new Float32Array(3);
  let sum = 0;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    linearToOklab(SRGB_TO_LINEAR[rgb[j]], SRGB_TO_LINEAR[rgb[j + 1]], SRGB_TO_LINEAR[rgb[j + 2]], lab);
    lightness[i] = lab[0];
    sum += lab[0];
  }
  const shift = vary(0.6, 0.25) * (Lt - sum / Math.max(1, n));
  const lin = new Float32Array(3);
  const out = Buffer.allocUnsafe(rgb.length);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const L = Math.min(1, Math.max(0, lightness[i] + shift));
    const C = Math.min(Ct, gamut[(L * 255 + 0.5) | 0]);
    oklabToLinear(L, C * cosH, C * sinH, lin);
    out[j] = linearToByte(lin[0]);
    out[j + 1] = linearToByte(lin[1]);
    out[j + 2] = linearToByte(lin[2]);
  }
  return out;
}
