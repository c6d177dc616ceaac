import sharp from 'sharp';
import { latticeNoise } from '../../pixels/pixel-ops';
import { createRng, type RawImage, toSharp } from '../../pixels/raw';

/** librsvg at exactly w x h; RGBA, straight alpha. */
export async function rasterize(svg: string, width: number, height: number): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: false }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) {
    // librsvg rounds odd sizes; never let that leak into the output dimensions.
    return resize({ data, width: info.width, height: info.height }, width, height, 'cubic');
  }
  return { data, width, height };
}

/** sharp premultiplies alpha for blur and resize, so cut-out edges do not pick up dark fringes. */
/**
 * Painterly styles work at most `limit` px on the long side and are enlarged afterwards.
 * Returns that size and `u`, the size unit (short side / 1000) their brush widths scale with.
 */
export function workingSize(width: number, height: number, limit: number): { w: number; h: number; u: number } {
  const scale = Math.min(1, limit / Math.max(width, height));
  const w = Math.max(16, Math.round(width * scale));
  const h = Math.max(16, Math.round(height * scale));
  return { w, h, u: Math.min(w, h) / 1000 };
}

export async function blur(img: RawImage, sigma: number): Promise<RawImage> {
  if (sigma < 0.3) return img;
  const data = await toSharp(img).blur(sigma).raw().toBuffer();
  return { data, width: img.width, height: img.height };
}

export type Kernel = 'nearest' | 'linear' | 'cubic' | 'mitchell' | 'lanczos3';

export async function resize(img: RawImage, width: number, height: number, kernel: Kernel = 'cubic'): Promise<RawImage> {
  if (img.width === width && img.height === height) return img;
  const data = await toSharp(img).resize(width, height, { fit: 'fill', kernel }).raw().toBuffer();
  return { data, width, height };
}

/**
 * Smooth value noise (one byte a pixel) with features about `cell` px across. Evaluated in JS
 * because libvips' cubic upsampling of a tiny grid costs more than the whole of latticeNoise.
 */
export async function noiseField(width: number, height: number, cell: number, seed: number): Promise<Uint8Array> {
  const rng = createRng(seed);
  return latticeNoise(new Uint8Array(width * height), width, height, cell, () => rng() * 255);
}

/** Several octaves of noiseField averaged: cloudy, natural-looking variation in 0..255. */
export async function fractalNoise(width: number, height: number, cell: number, octaves: number, seed: number): Promise<Uint8Array> {
  const out = new Float32Array(width * height);
  let weight = 0;
  let amp = 1;
  for (let o = 0; o < octaves; o++) {
    const layer = await noiseField(width, height, Math.max(2, cell / 2 ** o), seed + o * 7919);
    for (let i = 0; i < out.length; i++) out[i] += layer[i] * amp;
    weight += amp;
    amp *= 0.5;
  }
  const res = new Uint8Array(width * height);
  // Averaging octaves squeezes the range; stretch it back around the middle.
  for (let i = 0; i < out.length; i++) {
    const v = 128 + (out[i] / weight - 128) * 1.8;
    res[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return res;
}

/** A per-pixel hash in -1..1: deterministic film grain with no state and no allocation. */
export function hashNoise(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h & 0xffff) / 0x7fff - 1;
}

export const clampByte = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Luminance plane (0..255, float) of an RGBA image. */
export function luminance(img: RawImage): Float32Array {
  const { data } = img;
  const out = new Float32Array(img.width * img.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) out[p] = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
  return out;
}

/** Sets every alpha to 255: the opaque styles promise no transparent pixels at all. */
export function makeOpaque(img: RawImage): RawImage {
  for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
  return img;
}

/** 256x256 tile of grain values in [-amp, amp]; rows are offset per 256-row band so no tiling shows. */
export function grainTile(seed: number, amp: number): Float32Array {
  const tile = new Float32Array(65536);
  for (let i = 0; i < tile.length; i++) tile[i] = hashNoise(i & 255, i >> 8, seed) * amp;
  return tile;
}

/** Adds luminance grain in place (skipping clear pixels): paper tooth and film grain both use it. */
export function addGrain(img: RawImage, seed: number, amp: number): void {
  const tile = grainTile(seed, amp);
  const { data: d, width, height } = img;
  for (let y = 0, i = 0; y < height; y++) {
    const row = (y & 255) << 8;
    const shift = Math.imul((y >> 8) + 1, 0x9e3779b1) >>> 24;
    for (let x = 0; x < width; x++, i += 4) {
      if (d[i + 3] === 0) continue;
      const n = tile[row | ((x + shift) & 255)];
      const r = d[i] + n;
      const g = d[i + 1] + n;
      const b = d[i + 2] + n;
      d[i] = r < 0 ? 0 : r > 255 ? 255 : r;
      d[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
      d[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
    }
  }
}
