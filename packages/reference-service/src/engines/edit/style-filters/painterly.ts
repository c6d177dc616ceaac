import { graySharp, lumaBytes, lumaPlane, rgbSharp, sobel, streakNoise, toGray, toRgb, valueNoise } from '../../pixels/pixel-ops';
import type { StyleInput } from './input';
import { inkLines } from './graphic';
import { atWorkSize, kuwahara } from './smoothing';

/** Stroke and wash smoothing runs at about this size; see atWorkSize. */
const WORK_PIXELS = 1_200_000;

/**
 * Two Kuwahara passes (broad strokes, then tidied edges), a saturation lift, bristle streaks, and
 * relief lit from the top left so stroke boundaries read as thick paint.
 */
export async function oil({ rgb, width, height, rng, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  const strokes = await atWorkSize(rgb, width, height, WORK_PIXELS, (small, w, h, k) => {
    const broad = kuwahara(small, w, h, Math.max(3, Math.round(4 * scale * k)));
    return kuwahara(broad, w, h, Math.max(2, Math.round(2 * scale * k)));
  });
  const vivid = await toRgb(rgbSharp(strokes, width, height).modulate({ saturation: 1.35 }).linear(1.1, -10));
  const bristle = streakNoise(width, height, 14 * scale, Math.max(1.2, 1.4 * scale), rng);
  // Bristles add height as well as colour: they go into the relief, so they catch the light.
  const height8 = lumaBytes(vivid, n);
  for (let i = 0; i < n; i++) height8[i] = Math.max(0, Math.min(255, height8[i] + 14 * bristle[i]));
  const relief = await toGray(graySharp(height8, width, height).blur(Math.max(0.6, 0.8 * scale)));
  const step = Math.max(1, Math.round(scale));
  const out = new Uint8ClampedArray(n * 3);
  for (let y = 0; y < height; y++) {
    const yu = Math.max(0, y - step) * width;
    const yd = Math.min(height - 1, y + step) * width;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const light = relief[yu + Math.max(0, x - step)] - relief[yd + Math.min(width - 1, x + step)];
      const shade = Math.max(-32, Math.min(32, light * 1.4)) + 6 * bristle[i];
      const j = i * 3;
      out[j] = vivid[j] + shade;
      out[j + 1] = vivid[j + 1] + shade;
      out[j + 2] = vivid[j + 2] + shade;
    }
  }
  return Buffer.from(out.buffer);
}

const PAPER = [255, 251, 242];

/** Pigment wanders: each pixel takes its colour from a spot displaced by smooth noise, snapped to 8 levels. */
function bleedAndQuantise(rgb: Buffer, width: number, height: number, rng: () => number, scale: number): Buffer {
  const dx = valueNoise(width, height, 24 * scale, rng);
  const dy = valueNoise(width, height, 24 * scale, rng);
  const reach = 3 * scale;
  const step = 255 / 7;
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const sx = Math.min(width - 1, Math.max(0, Math.round(x + dx[i] * reach)));
      const sy = Math.min(height - 1, Math.max(0, Math.round(y + dy[i] * reach)));
      const s = (sy * width + sx) * 3;
      out[i * 3] = Math.round(rgb[s] / step) * step;
      out[i * 3 + 1] = Math.round(rgb[s + 1] / step) * step;
      out[i * 3 + 2] = Math.round(rgb[s + 2] / step) * step;
    }
  }
  return out;
}

/**
 * Soft Kuwahara washes, colour bled along a low-frequency wobble, quantised pigment levels with soft
 * borders, pigment pooling (darkened rims) at wash edges, then lightened onto textured paper.
 */
export async function watercolor({ rgb, width, height, rng, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  // Washes are soft, so smoothing, bleeding and quantising all happen at work size.
  const washed = await atWorkSize(rgb, width, height, WORK_PIXELS, async (small, w, h, k) => {
    // Smooth hard before quantising: noise straddling a level boundary would otherwise dither.
    const flat = kuwahara(small, w, h, Math.max(3, Math.round(3 * scale * k)));
    return bleedAndQuantise(
      await toRgb(
        rgbSharp(flat, w, h)
          .median(3)
          .blur(Math.max(1, 2 * scale * k)),
      ),
      w,
      h,
      rng,
      scale * k,
    );
  });
  const soft = await toRgb(rgbSharp(washed, width, height).blur(Math.max(0.8, 1.2 * scale)));
  const rims = sobel(lumaPlane(soft, n), width, height);
  const blotch = valueNoise(width, height, 40 * scale, rng);
  const fibre = streakNoise(width, height, 6 * scale, Math.max(1, scale), rng);
  const out = new Uint8ClampedArray(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    // Pigment pools at the rim of a wash as it dries, so edges carry more of it.
    const rim = rims[i] * scale; // undo the scale-proportional blur, as inkLines does
    const pooling = 1 + 0.45 * (rim / (rim + 60));
    const paper = 1 - 0.025 * fibre[i] - 0.05 * blotch[i];
    for (let c = 0; c < 3; c++) {
      // Pigment is translucent: keep ~80% of the colour's depth and let the (warm) paper show through.
      const pigment = (255 - soft[j + c]) * 0.8 * pooling;
      out[j + c] = (PAPER[c] - pigment * (1 + 0.12 * fibre[i] + 0.15 * blotch[i])) * paper;
    }
  }
  return Buffer.from(out.buffer);
}

/**
 * Pencil: colour-dodge of the luma by its blurred inverse (the classic sketch trick: flat areas burn
 * out to paper, edges stay as graphite), darkened, plus diagonal hatching whose density follows the
 * tone, on faintly warm paper.
 */
export async function sketch({ rgb, width, height, rng, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  const gray = lumaBytes(rgb, n);
  const invBlur = await toGray(
    graySharp(gray, width, height)
      .negate()
      .blur(Math.max(1.5, 2.5 * scale)),
  );
  const tone = await toGray(graySharp(gray, width, height).blur(Math.max(2, 4 * scale)));
  // The dodge alone leaves contours of flat-coloured shapes faint; a light pencil outline fixes that.
  const smooth = await toGray(graySharp(gray, width, height).blur(Math.max(0.8, scale)));
  const outline = inkLines(sobel(Float32Array.from(smooth), width, height), width, height, scale, 30, 140, 0.6);
  const period = Math.max(4, Math.round(4 * scale));
  const lineWidth = Math.max(1, Math.round(scale * 0.6));
  const strength = new Float32Array(4 * period + 64);
  for (let i = 0; i < strength.length; i++) strength[i] = 0.5 + 0.5 * rng();
  const paper = valueNoise(width, height, Math.max(1, scale), rng);
  // Cubing the dodge result deepens the graphite; the curve is tabulated because pow() per pixel dominates at 4K.
  const graphite = new Float32Array(256).map((_, d) => 255 * (d / 255) ** 3);
  const out = new Uint8ClampedArray(n * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let v = graphite[Math.min(255, ((gray[i] * 255) / (256 - invBlur[i])) | 0)];
      const dark = 1 - tone[i] / 255;
      const a = x + y;
      const b = x - y + height;
      if (dark > 0.25 && a % period < lineWidth) v -= 150 * (dark - 0.25) * strength[Math.floor(a / period) % strength.length];
      if (dark > 0.55 && b % period < lineWidth) v -= 150 * (dark - 0.55) * strength[Math.floor(b / period) % strength.length];
      v = v * (1 - 0.55 * outline[i]) + 6 * paper[i];
      const j = i * 3;
      out[j] = v;
      out[j + 1] = v * 0.985;
      out[j + 2] = v * 0.95;
    }
  }
  return Buffer.from(out.buffer);
}
