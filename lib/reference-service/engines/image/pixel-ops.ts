import sharp from 'sharp';
import type { RawImage } from './raw';

/**
 * Typed-array helpers shared by the edit engines. Colour work happens on packed RGB so that sharp never
 * sees the alpha band: sharp premultiplies around filters and zeroes the colour of transparent pixels,
 * and every engine promises to hand the caller's alpha back untouched.
 */

export interface RgbPlanes {
  rgb: Buffer;
  alpha: Buffer;
  width: number;
  height: number;
}

export function splitAlpha(img: RawImage): RgbPlanes {
  const n = img.width * img.height;
  const rgb = Buffer.allocUnsafe(n * 3);
  const alpha = Buffer.allocUnsafe(n);
  const src = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const s = i * 4;
    rgb[j] = src[s];
    rgb[j + 1] = src[s + 1];
    rgb[j + 2] = src[s + 2];
    alpha[i] = src[s + 3];
  }
  return { rgb, alpha, width: img.width, height: img.height };
}

export function joinAlpha(rgb: Uint8Array, alpha: Uint8Array, width: number, height: number): RawImage {
  const n = width * height;
  const data = Buffer.allocUnsafe(n * 4);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const d = i * 4;
    data[d] = rgb[j];
    data[d + 1] = rgb[j + 1];
    data[d + 2] = rgb[j + 2];
    data[d + 3] = alpha[i];
  }
  return { data, width, height };
}

export function rgbSharp(rgb: Uint8Array, width: number, height: number): sharp.Sharp {
  return sharp(rgb, { raw: { width, height, channels: 3 }, limitInputPixels: false });
}

export function graySharp(gray: Uint8Array, width: number, height: number): sharp.Sharp {
  return sharp(gray, { raw: { width, height, channels: 1 }, limitInputPixels: false });
}

/** Runs a pipeline and insists on packed 3-channel sRGB back, whatever the pipeline did to the bands. */
export async function toRgb(pipeline: sharp.Sharp): Promise<Buffer> {
  return pipeline.toColourspace('srgb').removeAlpha().raw().toBuffer();
}

/** Single-band output; grayscale pipelines would otherwise come back as whatever sharp infers. */
export async function toGray(pipeline: sharp.Sharp): Promise<Buffer> {
  return pipeline.extractChannel(0).raw().toBuffer();
}

/** Rec. 709 luma on gamma-encoded values: cheap, and what the eye reads as "the picture". */
export function lumaPlane(rgb: Uint8Array, n: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = 0.2126 * rgb[j] + 0.7152 * rgb[j + 1] + 0.0722 * rgb[j + 2];
  return out;
}

export function lumaBytes(rgb: Uint8Array, n: number): Buffer {
  const out = Buffer.allocUnsafe(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = (54 * rgb[j] + 183 * rgb[j + 1] + 19 * rgb[j + 2] + 128) >> 8;
  return out;
}

export function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
}

/**
 * Box mean with edge clamping, O(1) a pixel whatever the radius: the big smoothing radii the styles want at
 * 4096 px would make a true Gaussian the dominant cost.
 */
export function boxBlur(src: Float32Array, width: number, height: number, radius: number): Float32Array {
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return src.slice();
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const win = 2 * r + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + Math.min(width - 1, Math.max(0, k))];
    for (let x = 0; x < width; x++) {
      tmp[row + x] = acc / win;
      acc += src[row + Math.min(width - 1, x + r + 1)] - src[row + Math.max(0, x - r)];
    }
  }
  for (let x = 0; x < width; x++) {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += tmp[Math.min(height - 1, Math.max(0, k)) * width + x];
    for (let y = 0; y < height; y++) {
      out[y * width + x] = acc / win;
      acc += tmp[Math.min(height - 1, y + r + 1) * width + x] - tmp[Math.max(0, y - r) * width + x];
    }
  }
  return out;
}

/** Three box passes approximate a Gaussian of the given sigma closely enough for masks and glows. */
export function softBlur(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));
  return boxBlur(boxBlur(boxBlur(src, width, height, r), width, height, r), width, height, r);
}

/** Sobel gradient magnitude; borders reuse the nearest interior pixel. */
export function sobel(src: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const ym = (y > 0 ? y - 1 : 0) * width;
    const y0 = y * width;
    const yp = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++) {
      const xm = x > 0 ? x - 1 : 0;
      const xp = x < width - 1 ? x + 1 : x;
      const gx = src[ym + xp] + 2 * src[y0 + xp] + src[yp + xp] - src[ym + xm] - 2 * src[y0 + xm] - src[yp + xm];
      const gy = src[yp + xm] + 2 * src[yp + x] + src[yp + xp] - src[ym + xm] - 2 * src[ym + x] - src[ym + xp];
      out[y0 + x] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

/** Multiplicative darkening towards the corners; 1 at the centre. */
export function vignette(width: number, height: number, strength: number): Float32Array {
  const out = new Float32Array(width * height);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const norm = 1 / (cx * cx + cy * cy || 1);
  for (let y = 0; y < height; y++) {
    const dy = (y - cy) * (y - cy);
    for (let x = 0; x < width; x++) {
      const d = ((x - cx) * (x - cx) + dy) * norm;
      // d is the squared radius (1 at the corners): flat in the middle, falling off fast near the edge.
      out[y * width + x] = 1 - strength * d * (0.35 + 0.65 * d);
    }
  }
  return out;
}

/** Zero-mean noise, softened so grain reads as film or paper rather than per-pixel static. */
export function grain(width: number, height: number, rng: () => number, softness: number): Float32Array {
  const n = width * height;
  const raw = new Float32Array(n);
  for (let i = 0; i < n; i++) raw[i] = rng() + rng() - 1;
  if (softness <= 0) return raw;
  const soft = boxBlur(raw, width, height, softness);
  // Box averaging shrinks the variance; scale back so callers can think in amplitude.
  const gain = 2 * softness + 1;
  for (let i = 0; i < n; i++) soft[i] *= gain;
  return soft;
}

/** A length scale that makes effects look the same at 256 px and 4096 px. */
export function scaleOf(width: number, height: number): number {
  return Math.max(1, Math.min(width, height) / 512);
}
