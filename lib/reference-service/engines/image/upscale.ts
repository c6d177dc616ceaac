import type { KernelEnum } from 'sharp';
import { toSharp, type RawImage } from './raw';
import { graySharp, joinAlpha, lumaPlane, rgbSharp, splitAlpha, toGray, toRgb } from './pixel-ops';

export type UpscaleQuality = 'standard' | 'hd';

/**
 * Resize with detail enhancement. `standard`: one bicubic pass and a mild sharpen. `hd`: Lanczos in
 * steps of at most 2x, each step pulled back onto its source by back-projection, then a thresholded
 * unsharp mask clamped to the local source range so edges get crisp without halos or noisy flats.
 * Alpha is resized, never sharpened.
 */
export async function upscale(img: RawImage, width: number, height: number, quality: UpscaleQuality): Promise<RawImage> {
  for (const [name, v] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`upscale: ${name} must be a positive integer, got ${v}`);
  }
  if (quality === 'standard') {
    // Mitchell rather than Lanczos: it does not ring, so the sharpen has no ripples to amplify.
    const resized = await resizeRgba(img, width, height, 'mitchell');
    const { rgb, alpha } = splitAlpha(resized);
    const out = await toRgb(rgbSharp(rgb, width, height).sharpen());
    return joinAlpha(out, alpha, width, height);
  }
  let cur = await lumaDetail(img, { sigma: Math.max(2, Math.min(img.width, img.height) / 128), amount: 0.3, threshold: 2, limit: 10 }, null);
  for (;;) {
    const w = width > cur.width * 2 ? cur.width * 2 : width;
    const h = height > cur.height * 2 ? cur.height * 2 : height;
    cur = await hdStep(cur, w, h);
    if (w === width && h === height) return cur;
  }
}

async function hdStep(src: RawImage, width: number, height: number): Promise<RawImage> {
  const enlarging = width > src.width || height > src.height;
  let out = await resizeRgba(src, width, height, 'lanczos3');
  if (enlarging) out = await backProject(out, src);
  const detail = { sigma: 1, amount: enlarging ? 1.2 : 0.7, threshold: 4, limit: 40 };
  return lumaDetail(out, detail, enlarging ? src : out);
}

/** Iterative back-projection: whatever the enlargement loses when shrunk back is spread in again. */
async function backProject(up: RawImage, src: RawImage): Promise<RawImage> {
  const { rgb, alpha, width, height } = splitAlpha(up);
  const target = splitAlpha(src).rgb;
  const down = await toRgb(rgbSharp(rgb, width, height).resize(src.width, src.height, { kernel: 'lanczos3', fit: 'fill' }));
  // sharp keeps 8-bit bands, so the signed residual travels offset by 128; residuals past +-127 clip harmlessly.
  const residual = Buffer.allocUnsafe(target.length);
  for (let i = 0; i < target.length; i++) {
    const d = target[i] - down[i] + 128;
    residual[i] = d < 0 ? 0 : d > 255 ? 255 : d;
  }
  const spread = await toRgb(rgbSharp(residual, src.width, src.height).resize(width, height, { kernel: 'mitchell', fit: 'fill' }));
  for (let i = 0; i < rgb.length; i++) {
    const v = rgb[i] + spread[i] - 128;
    rgb[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return joinAlpha(rgb, alpha, width, height);
}

interface DetailOptions {
  sigma: number;
  amount: number;
  /** Luma differences below this are mostly noise or flat gradient and are barely boosted. */
  threshold: number;
  /** Cap on the change to one pixel, in 8-bit levels. */
  limit: number;
}

/**
 * Unsharp mask on luma only (adding the same delta to R, G and B sharpens without colour fringes).
 * With `range` given, every channel is then clamped to the min..max of the matching `range`
 * neighbourhood: the sharpening may steepen an edge but never overshoot it, which is what kills halos.
 */
async function lumaDetail(img: RawImage, o: DetailOptions, range: RawImage | null): Promise<RawImage> {
  const { rgb, alpha, width, height } = splitAlpha(img);
  const n = width * height;
  const luma = lumaPlane(rgb, n);
  const lumaBytes = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) lumaBytes[i] = luma[i] + 0.5;
  const blurred = await toGray(graySharp(lumaBytes, width, height).blur(o.sigma));
  const t = o.threshold;
  for (let i = 0; i < n; i++) {
    const d = luma[i] - blurred[i];
    const a = d < 0 ? -d : d;
    // Smooth knee instead of a hard gate so the threshold does not leave visible contours.
    const gain = a >= 2 * t ? 1 : a <= t ? (a / t) * 0.15 : 0.15 + ((a - t) / t) * 0.85;
    let delta = o.amount * gain * d;
    if (delta > o.limit) delta = o.limit;
    else if (delta < -o.limit) delta = -o.limit;
    const j = i * 3;
    for (let c = 0; c < 3; c++) {
      const v = rgb[j + c] + delta;
      rgb[j + c] = v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
    }
  }
  if (range) clampToNeighbourhood(rgb, width, height, splitAlpha(range));
  return joinAlpha(rgb, alpha, width, height);
}

/**
 * Clamp each output pixel to the per-channel range of the reference pixels it was built from: the
 * 2x2 source footprint when the reference is smaller, the 3x3 neighbourhood when it is the same size.
 */
function clampToNeighbourhood(rgb: Buffer, width: number, height: number, ref: { rgb: Buffer; width: number; height: number }): void {
  const same = ref.width === width && ref.height === height;
  const rw = ref.width;
  const rh = ref.height;
  const lo = Buffer.allocUnsafe(rw * rh * 3);
  const hi = Buffer.allocUnsafe(rw * rh * 3);
  const reach = same ? 1 : 0;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      for (let c = 0; c < 3; c++) {
        let mn = 255;
        let mx = 0;
        for (let yy = Math.max(0, y - reach); yy <= Math.min(rh - 1, y + 1); yy++) {
          for (let xx = Math.max(0, x - reach); xx <= Math.min(rw - 1, x + 1); xx++) {
            const v = ref.rgb[(yy * rw + xx) * 3 + c];
            if (v < mn) mn = v;
            if (v > mx) mx = v;
          }
        }
        const k = (y * rw + x) * 3 + c;
        lo[k] = mn;
        hi[k] = mx;
      }
    }
  }
  const colOf = new Int32Array(width);
  for (let x = 0; x < width; x++) colOf[x] = same ? x : Math.min(rw - 1, Math.max(0, Math.floor(((x + 0.5) * rw) / width - 0.5)));
  for (let y = 0; y < height; y++) {
    const ry = same ? y : Math.min(rh - 1, Math.max(0, Math.floor(((y + 0.5) * rh) / height - 0.5)));
    for (let x = 0; x < width; x++) {
      const k = (ry * rw + colOf[x]) * 3;
      const j = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = rgb[j + c];
        if (v < lo[k + c]) rgb[j + c] = lo[k + c];
        else if (v > hi[k + c]) rgb[j + c] = hi[k + c];
      }
    }
  }
}

async function resizeRgba(img: RawImage, width: number, height: number, kernel: keyof KernelEnum): Promise<RawImage> {
  if (img.width === width && img.height === height) return { data: Buffer.from(img.data), width, height };
  const data = await toSharp(img).resize(width, height, { kernel, fit: 'fill' }).raw().toBuffer();
  return { data, width, height };
}
