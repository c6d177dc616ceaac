import { createRng, type RawImage } from '../../pixels/raw';
import { sceneSvg } from '../scene-svg';
import { blur, clampByte, fractalNoise, hashNoise, luminance, rasterize, workingSize } from './filters';
import { RICE_PAPER, inkTheme } from './ink-theme';
import type { StyleInput } from './types';

const INK = [24, 23, 27];
const SEAL = [178, 38, 32];
/** Ink bleeds anyway: paint at most this many px on the long side and let the encoder enlarge. */
const WORK = 1280;

const smooth = (a: number, b: number, v: number): number => {
  const t = Math.max(0, Math.min(1, (v - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/**
 * Ink wash: the scene in ink greys (inkTheme) becomes washes whose density follows its darkness and
 * pools unevenly; Sobel edges become brush strokes whose weight follows a slow "pressure" noise; chromatic pixels keep
 * the single accent colour; all on rice paper with fibres, signed with a red seal.
 */
export async function renderInk(input: StyleInput): Promise<RawImage> {
  const { width, height, mode, styleSeed } = input;
  const { w, h, u } = workingSize(width, height, WORK);
  const cutout = mode === 'cutout';
  const { theme } = inkTheme(input.spec);
  const scene = await rasterize(sceneSvg({ spec: input.spec, seed: input.sceneSeed, width: w, height: h, mode, theme, sparse: true }), w, h);
  const wash = await blur(scene, 2.5 * u + 0.5);
  const soft = await blur(scene, 1.8 * u + 0.5);
  const lum = luminance(soft);
  const paperL = 0.299 * RICE_PAPER[0] + 0.587 * RICE_PAPER[1] + 0.114 * RICE_PAPER[2];
  // Seen over paper, a cut-out's silhouette is an edge too, so the subject gets its outer outline.
  for (let p = 0; p < lum.length; p++) {
    const a = soft.data[p * 4 + 3] / 255;
    if (a < 1) lum[p] = lum[p] * a + paperL * (1 - a);
  }
  const flow = await fractalNoise(w, h, 120 * u + 8, 3, styleSeed + 11);
  const thick = await fractalNoise(w, h, 45 * u + 4, 2, styleSeed + 12);

  const d = wash.data;
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const i = p * 4;
      // Sobel, clamped at the borders.
      const up = y > 0 ? p - w : p;
      const down = y < h - 1 ? p + w : p;
      const l = x > 0 ? -1 : 0;
      const r = x < w - 1 ? 1 : 0;
      const gx = lum[up + r] + 2 * lum[p + r] + lum[down + r] - lum[up + l] - 2 * lum[p + l] - lum[down + l];
      const gy = lum[down + l] + 2 * lum[down] + lum[down + r] - lum[up + l] - 2 * lum[up] - lum[up + r];
      const edge = Math.sqrt(gx * gx + gy * gy) / 4;
      const lw = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
      const density = Math.max(0, Math.min(1, (paperL - lw) / (paperL - 20))) ** 0.9 * (0.8 + (flow[p] / 255) * 0.4);
      // Brush pressure varies along a stroke: a slow noise scales how readily an edge becomes ink.
      const stroke = smooth(4, 14, edge * (0.5 + thick[p] / 255)) * 0.95;
      const chroma = Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]);
      const accent = smooth(30, 70, chroma);
      for (let c = 0; c < 3; c++) {
        let v = RICE_PAPER[c] + (INK[c] - RICE_PAPER[c]) * density * 0.94;
        // Accent pigment: the scene's own colour, lightened a touch, as a transparent wash.
        v += (d[i + c] * 0.85 + RICE_PAPER[c] * 0.15 - v) * accent * 0.92;
        v += (INK[c] - v) * stroke * (1 - accent * 0.3);
        out[i + c] = clampByte(v);
      }
      out[i + 3] = cutout ? (scene.data[i + 3] < 110 ? 0 : 255) : 255;
    }
  }

  const img = { data: out, width: w, height: h };
  // Rice-paper fibres: short horizontal streaks plus fine tooth.
  addFibres(img, styleSeed);
  if (!cutout) stampSeal(img, styleSeed);
  return img;
}

function addFibres(img: RawImage, seed: number): void {
  const { data: o, width, height } = img;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      if (o[i + 3] === 0) continue;
      const t = hashNoise(x >> 3, y, seed) * 2.5 + hashNoise(x, y, seed + 1) * 1.5;
      o[i] = clampByte(o[i] + t);
      o[i + 1] = clampByte(o[i + 1] + t);
      o[i + 2] = clampByte(o[i + 2] + t);
    }
  }
}

/** A square red seal with a carved, glyph-like pattern, bottom right, as ink paintings are signed. */
function stampSeal(img: RawImage, seed: number): void {
  const { width, height, data } = img;
  const size = Math.max(6, Math.round(Math.min(width, height) * 0.065));
  const x0 = width - Math.round(size * 1.7);
  const y0 = height - Math.round(size * 1.9);
  const rng = createRng(seed ^ 0x5ea1);
  const cells = 5;
  const carved: boolean[] = [];
  for (let i = 0; i < cells * cells; i++) carved.push(rng() < 0.42);
  const border = Math.max(1, Math.round(size * 0.08));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x0 + x;
      const py = y0 + y;
      if (px < 0 || py < 0 || px >= width || py >= height) continue;
      const inner = x >= border * 2 && y >= border * 2 && x < size - border * 2 && y < size - border * 2;
      const onBorder = x < border || y < border || x >= size - border || y >= size - border;
      const cx = Math.floor(((x - border * 2) / (size - border * 4)) * cells);
      const cy = Math.floor(((y - border * 2) / (size - border * 4)) * cells);
      const ink = onBorder || (inner && !carved[cy * cells + cx]);
      // Worn stamp: a few specks of paper show through the red.
      if (!ink || hashNoise(px, py, seed) > 0.86) continue;
      const i = (py * width + px) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(data[i + c] * 0.15 + SEAL[c] * 0.85);
    }
  }
}
