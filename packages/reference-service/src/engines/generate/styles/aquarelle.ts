import { sceneSvg } from '../scene-svg';
import type { RawImage } from '../../pixels/raw';
import { addGrain, blur, clampByte, fractalNoise, noiseField, rasterize, workingSize } from './filters';
import type { StyleInput } from './types';

const PAPER = [250, 247, 240];
/** Watercolour has no fine detail to lose: paint at most this many px on the long side, then enlarge. */
const WORK = 1024;

/**
 * Watercolour: edges wobbled by a noise warp, colours softened and thinned towards the paper, pigment
 * pooled into darker rims at colour boundaries (the "wet edge"), granulation and blotchy flow in the
 * washes, and an irregular hand-painted margin of bare paper. Fine paper tooth is added at full size.
 */
export async function renderAquarelle(input: StyleInput): Promise<RawImage> {
  const { width, height, mode, styleSeed } = input;
  const { w, h, u } = workingSize(width, height, WORK);
  const cutout = mode === 'cutout';
  const scene = await rasterize(sceneSvg({ spec: input.spec, seed: input.sceneSeed, width: w, height: h, mode }), w, h);

  const warpX = await noiseField(w, h, 60 * u + 4, styleSeed + 1);
  const warpY = await noiseField(w, h, 60 * u + 4, styleSeed + 2);
  const amp = 9 * u + 1;
  const warped = Buffer.alloc(scene.data.length);
  const src32 = new Uint32Array(scene.data.buffer, scene.data.byteOffset, w * h);
  const dst32 = new Uint32Array(warped.buffer, warped.byteOffset, w * h);
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const sx = Math.min(w - 1, Math.max(0, Math.round(x + ((warpX[p] - 128) / 128) * amp)));
      const sy = Math.min(h - 1, Math.max(0, Math.round(y + ((warpY[p] - 128) / 128) * amp)));
      dst32[p] = src32[sy * w + sx];
    }
  }
  const soft = await blur({ data: warped, width: w, height: h }, 2.2 * u + 0.6);
  const wide = await blur(soft, 7 * u + 1);
  const flow = await fractalNoise(w, h, 140 * u + 8, 3, styleSeed + 3);
  const grain = await fractalNoise(w, h, 3 * u + 1.5, 2, styleSeed + 6);
  const margin = await fractalNoise(w, h, 50 * u + 4, 2, styleSeed + 4);

  const d = soft.data;
  const wd = wide.data;
  const edgeBand = Math.min(w, h) * 0.045;
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      const i = p * 4;
      // Distance into the painting from the nearest edge, roughened: beyond it is bare paper.
      const inset = Math.min(x, y, w - 1 - x, h - 1 - y) - edgeBand * (0.7 + (margin[p] / 255) * 0.6);
      const wash = cutout ? 1 : Math.max(0, Math.min(1, inset / (edgeBand * 0.35)));
      const diff = Math.abs(d[i] - wd[i]) + Math.abs(d[i + 1] - wd[i + 1]) + Math.abs(d[i + 2] - wd[i + 2]);
      const l = (0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]) / 255;
      // Pigment density: >1 darkens (wet edges, flow blotches, granules), <1 thins towards paper.
      // Granulation settles in the paper's valleys, and shows most in darker washes.
      const density =
        0.78 +
        Math.min(0.7, diff / 70) +
        ((flow[p] - 128) / 128) * 0.22 +
        ((grain[p] - 128) / 128) * (0.04 + 0.14 * (1 - l)) +
        (wash < 1 && wash > 0 ? 0.3 * wash : 0);
      for (let c = 0; c < 3; c++) {
        const pigment = d[i + c] / 255;
        // Bousseau et al.'s density model: C' = C - (C - C^2)(density - 1).
        let v = pigment - (pigment - pigment * pigment) * (density - 1);
        v = v * 0.9 + 0.1; // transparent wash: paper shows through
        const paper = PAPER[c] / 255;
        d[i + c] = clampByte((paper + (Math.min(v, paper) - paper) * wash) * 255);
      }
      if (cutout) d[i + 3] = d[i + 3] < 96 ? 0 : d[i + 3] > 160 ? 255 : Math.round(((d[i + 3] - 96) / 64) * 255);
      else d[i + 3] = 255;
    }
  }

  // Paper tooth at the working size; the caller enlarges, so big outputs stay soft and compact.
  addGrain(soft, styleSeed + 5, 2.5);
  return soft;
}
