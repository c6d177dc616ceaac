import { sceneSvg } from '../scene-svg';
import type { RawImage } from '../../pixels/raw';
import { clampByte, rasterize } from './filters';
import type { StyleInput } from './types';

const BAYER4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);
/** Pixel art reads as pixel art at roughly this many cells across the short side, whatever the size. */
const CELLS = 128;
const COLORS = 20;

/** k-means in RGB, seeded from luminance quantiles so the result never depends on randomness. */
function buildPalette(data: Buffer, opaque: (i: number) => boolean, k: number): number[][] {
  const px: number[] = [];
  for (let i = 0; i < data.length; i += 4) if (opaque(i)) px.push(i);
  if (px.length === 0) return [[0, 0, 0]];
  const lum = (i: number) => data[i] * 0.299 + data[i + 1] * 0.587 + data[i + 2] * 0.114;
  const sorted = [...px].sort((a, b) => lum(a) - lum(b));
  const centers = Array.from({ length: Math.min(k, px.length) }, (_, j) => {
    const i = sorted[Math.floor(((j + 0.5) / k) * sorted.length)];
    return [data[i], data[i + 1], data[i + 2]];
  });
  const step = Math.max(1, Math.floor(px.length / 6000));
  for (let iter = 0; iter < 8; iter++) {
    const sums = centers.map(() => [0, 0, 0, 0]);
    for (let p = 0; p < px.length; p += step) {
      const i = px[p];
      const best = nearest(centers, data[i], data[i + 1], data[i + 2]);
      const s = sums[best];
      s[0] += data[i];
      s[1] += data[i + 1];
      s[2] += data[i + 2];
      s[3]++;
    }
    sums.forEach((s, j) => {
      if (s[3]) centers[j] = [s[0] / s[3], s[1] / s[3], s[2] / s[3]];
    });
  }
  return centers.map((c) => c.map(Math.round));
}

function nearest(centers: number[][], r: number, g: number, b: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let j = 0; j < centers.length; j++) {
    const c = centers[j];
    // Weighted so green differences (which the eye sees most) dominate, like a cheap perceptual metric.
    const d = 2 * (c[0] - r) ** 2 + 4 * (c[1] - g) ** 2 + 3 * (c[2] - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = j;
    }
  }
  return best;
}

/**
 * Pixel art: the scene rendered at ~128 cells, colours boosted and reduced to a small palette with
 * 4x4 ordered dithering (the classic look in gradients), dark outlines where a subject meets its
 * background, then blown up with nearest-neighbour so every cell is a crisp square.
 */
export async function renderPixel(input: StyleInput): Promise<RawImage> {
  const { width, height, mode } = input;
  const block = Math.max(2, Math.round(Math.min(width, height) / CELLS));
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  const small = await rasterize(sceneSvg({ spec: input.spec, seed: input.sceneSeed, width: gw, height: gh, mode }), gw, gh);
  const cutout = mode === 'cutout';
  const d = small.data;
  for (let i = 0; i < d.length; i += 4) {
    // Pixel art palettes are punchy: lift saturation a little before quantising.
    const l = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    for (let c = 0; c < 3; c++) d[i + c] = clampByte(l + (d[i + c] - l) * 1.25);
    d[i + 3] = cutout ? (d[i + 3] >= 128 ? 255 : 0) : 255;
  }
  const palette = buildPalette(d, (i) => d[i + 3] === 255, COLORS);
  const idx = new Int16Array(gw * gh).fill(-1);
  for (let y = 0, p = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++, p++) {
      const i = p * 4;
      if (d[i + 3] === 0) continue;
      const t = BAYER4[(y & 3) * 4 + (x & 3)] * 28;
      idx[p] = nearest(palette, d[i] + t, d[i + 1] + t, d[i + 2] + t);
    }
  }
  const out = Buffer.alloc(width * height * 4);
  const cell = new Uint8Array(4);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const p = gy * gw + gx;
      if (idx[p] < 0) continue;
      const c = palette[idx[p]];
      // A cut-out subject gets the dark pixel outline that sprites have.
      const edge = cutout && (gx === 0 || gy === 0 || gx === gw - 1 || gy === gh - 1 || idx[p - 1] < 0 || idx[p + 1] < 0 || idx[p - gw] < 0 || idx[p + gw] < 0);
      const k = edge ? 0.35 : 1;
      cell[0] = c[0] * k;
      cell[1] = c[1] * k;
      cell[2] = c[2] * k;
      cell[3] = 255;
      const x0 = gx * block;
      const y0 = gy * block;
      const x1 = Math.min(width, x0 + block);
      const y1 = Math.min(height, y0 + block);
      for (let y = y0; y < y1; y++) {
        let o = (y * width + x0) * 4;
        for (let x = x0; x < x1; x++, o += 4) {
          out[o] = cell[0];
          out[o + 1] = cell[1];
          out[o + 2] = cell[2];
          out[o + 3] = 255;
        }
      }
    }
  }
  return { data: out, width, height };
}
