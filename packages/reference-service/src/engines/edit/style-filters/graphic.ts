import type { Rgb } from '../../pixels/raw';
import { boxBlur, expandBlocks, graySharp, lumaBytes, lumaPlane, rgbSharp, sobel, toGray, toRgb } from '../../pixels/pixel-ops';
import type { StyleInput } from './input';
import { atWorkSize, guidedSmooth } from './smoothing';

const BAYER4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];

/** Pixel art: ~80 blocks across, a 16-colour palette fitted to the picture, ordered dither, hard block edges. */
export async function pixel({ rgb, width, height, rng }: StyleInput): Promise<Buffer> {
  const block = Math.max(2, Math.round(Math.min(width, height) / 80));
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  const small = await toRgb(rgbSharp(rgb, width, height).resize(gw, gh, { fit: 'fill' }).modulate({ saturation: 1.25 }));
  const palette = kmeansPalette(small, gw * gh, 16, rng);
  const cells = Buffer.allocUnsafe(gw * gh * 3);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const i = (y * gw + x) * 3;
      // Dither at block scale: the pattern reads as deliberate pixel-art shading, not noise.
      const d = (BAYER4[(y & 3) * 4 + (x & 3)] / 16 - 0.47) * 24;
      const c = palette[nearest(palette, small[i] + d, small[i + 1] + d, small[i + 2] + d)];
      cells.set(c, i);
    }
  }
  return expandBlocks(cells, gw, block, width, height);
}

/** k-means++ seeded from the style RNG, so the palette is deterministic for a seed. */
function kmeansPalette(rgb: Uint8Array, n: number, k: number, rng: () => number): Rgb[] {
  const centers: Rgb[] = [[rgb[0], rgb[1], rgb[2]]];
  const dist = new Float64Array(n).fill(Infinity);
  while (centers.length < Math.min(k, n)) {
    const last = centers[centers.length - 1];
    let total = 0;
    for (let i = 0; i < n; i++) {
      const dr = rgb[i * 3] - last[0],
        dg = rgb[i * 3 + 1] - last[1],
        db = rgb[i * 3 + 2] - last[2];
      dist[i] = Math.min(dist[i], dr * dr + dg * dg + db * db);
      total += dist[i];
    }
    let pick = rng() * total;
    let chosen = n - 1;
    for (let i = 0; i < n; i++)
      if ((pick -= dist[i]) <= 0) {
        chosen = i;
        break;
      }
    centers.push([rgb[chosen * 3], rgb[chosen * 3 + 1], rgb[chosen * 3 + 2]]);
  }
  for (let iter = 0; iter < 8; iter++) {
    const sums = centers.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      const s = sums[nearest(centers, rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2])];
      s[0] += rgb[i * 3];
      s[1] += rgb[i * 3 + 1];
      s[2] += rgb[i * 3 + 2];
      s[3]++;
    }
    sums.forEach((s, c) => {
      if (s[3]) centers[c] = [Math.round(s[0] / s[3]), Math.round(s[1] / s[3]), Math.round(s[2] / s[3])];
    });
  }
  return centers;
}

function nearest(palette: Rgb[], r: number, g: number, b: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < palette.length; c++) {
    const p = palette[c];
    const d = (p[0] - r) * (p[0] - r) + (p[1] - g) * (p[1] - g) + (p[2] - b) * (p[2] - b);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/**
 * Cartoon: edge-preserving smoothing (guided filter, at ~1 Mpx: see atWorkSize),
 * brightness bands with hue and saturation kept, and dark ink lines where the smoothed luma has
 * strong Sobel edges.
 */
export async function cartoon({ rgb, width, height, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  const flat = await atWorkSize(rgb, width, height, 1_000_000, (small, w, h, k) =>
    guidedSmooth(small, w, h, Math.max(2, Math.round(3 * scale * k)), (0.12 * 255) ** 2),
  );
  const luma = await toGray(graySharp(lumaBytes(flat, n), width, height).blur(Math.max(0.7, scale * 0.8)));
  const edges = inkLines(sobel(Float32Array.from(luma), width, height), width, height, scale);
  const out = new Uint8ClampedArray(n * 3);
  const levels = 5;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = flat[j],
      g = flat[j + 1],
      b = flat[j + 2];
    const v = Math.max(r, g, b, 1);
    const banded = ((Math.min(levels - 1, Math.floor((v / 256) * levels)) + 0.75) / levels) * 255;
    const k = banded / v;
    const mean = (r + g + b) / 3;
    const ink = 1 - edges[i];
    // Saturation 1.35 around the pixel's own grey, then the brightness band, then the ink.
    out[j] = (mean + (r - mean) * 1.35) * k * ink + 18 * edges[i];
    out[j + 1] = (mean + (g - mean) * 1.35) * k * ink + 16 * edges[i];
    out[j + 2] = (mean + (b - mean) * 1.35) * k * ink + 28 * edges[i];
  }
  return Buffer.from(out.buffer);
}

/**
 * Sobel magnitude -> ink coverage 0..1. Callers blur in proportion to `scale` before Sobel, which
 * divides step gradients by about `scale`, so magnitudes are multiplied back before the lo..hi ramp
 * (given in 512 px terms); lines are then thickened so they do not vanish at 4K.
 */
export function inkLines(mag: Float32Array, width: number, height: number, scale: number, lo = 45, hi = 110, thickness = 1): Float32Array {
  let ink: Float32Array = new Float32Array(mag.length);
  for (let i = 0; i < mag.length; i++) {
    const m = mag[i] * scale;
    ink[i] = m <= lo ? 0 : m >= hi ? 1 : (m - lo) / (hi - lo);
  }
  const thicken = Math.round((scale * thickness) / 2);
  if (thicken > 0) {
    ink = boxBlur(ink, width, height, thicken);
    for (let i = 0; i < ink.length; i++) ink[i] = Math.min(1, ink[i] * 2.5);
  }
  return ink;
}

const POP_PALETTES: Rgb[][] = [
  [
    [24, 18, 60],
    [232, 24, 120],
    [0, 172, 236],
    [255, 228, 0],
  ],
  [
    [30, 20, 20],
    [255, 70, 40],
    [40, 200, 120],
    [255, 240, 120],
  ],
  [
    [20, 30, 90],
    [150, 40, 220],
    [255, 110, 180],
    [120, 255, 220],
  ],
  [
    [10, 10, 10],
    [0, 90, 255],
    [255, 40, 60],
    [255, 214, 10],
  ],
];

/**
 * Pop art: four luma bands (split at the picture's own quartiles so every colour shows) painted in a
 * bold palette, Ben-Day halftone dots of the next darker ink inside each band, heavy black outlines.
 */
export async function popart({ rgb, width, height, rng, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  const palette = POP_PALETTES[Math.floor(rng() * POP_PALETTES.length) % POP_PALETTES.length];
  const soft = await toRgb(rgbSharp(rgb, width, height).blur(Math.max(1, 1.5 * scale)));
  const luma = lumaPlane(soft, n);
  const cuts = quantiles(luma, [0.22, 0.5, 0.76]);
  const edges = inkLines(sobel(luma, width, height), width, height, scale, 35, 90);
  const period = Math.max(5, Math.round(8 * scale));
  const out = Buffer.allocUnsafe(n * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const l = luma[i];
      const band = l < cuts[0] ? 0 : l < cuts[1] ? 1 : l < cuts[2] ? 2 : 3;
      let color = palette[band];
      if (band > 0) {
        const lo = cuts[band - 1];
        const hi = band < 3 ? cuts[band] : 255;
        const within = Math.min(1, Math.max(0, (l - lo) / Math.max(1, hi - lo)));
        // Distance to the nearest dot centre on a 45-degree lattice; darker within the band -> bigger dots.
        const u = (x + y) / period;
        const v = (x - y) / period;
        const du = u - Math.round(u);
        const dv = v - Math.round(v);
        const radius = 0.5 * Math.sqrt(Math.max(0, 1 - within));
        if (du * du + dv * dv < radius * radius) color = palette[band - 1];
      }
      const ink = 1 - edges[i];
      out[i * 3] = color[0] * ink;
      out[i * 3 + 1] = color[1] * ink;
      out[i * 3 + 2] = color[2] * ink;
    }
  }
  return out;
}

function quantiles(values: Float32Array, qs: number[]): number[] {
  const hist = new Float64Array(256);
  for (let i = 0; i < values.length; i++) hist[Math.min(255, Math.max(0, values[i] | 0))]++;
  return qs.map((q) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += hist[v]) >= q * values.length) return Math.max(v, 1);
    return 255;
  });
}
