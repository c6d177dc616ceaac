import type { MaskDoc } from './mask-strokes';
import { encodeGreyPng } from './mask-png';
import { rasterizeMask } from './mask-raster';

/**
 * The mask the service receives (interface §4.1 mask rules): a PNG at the image's natural size,
 * white = edit, black = keep, feathered edges as greys. Redrawn from the stroke history at full
 * resolution, never a screenshot of the on-screen stage.
 */
export async function exportMaskPng(width: number, height: number, doc: MaskDoc, feather: number): Promise<Uint8Array> {
  return encodeGreyPng(width, height, rasterizeMask(width, height, doc, { feather }));
}

/**
 * Painting mostly along the borders means the user wants the background changed; the interface
 * says background replacement usually works better than a local modification for that.
 */
export function looksLikeBackground(width: number, height: number, doc: MaskDoc): boolean {
  const scale = Math.min(1, 96 / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const grid = rasterizeMask(w, h, doc, { scale });
  const band = Math.max(1, Math.round(Math.min(w, h) * 0.15));
  let inBand = 0,
    bandPainted = 0,
    painted = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const border = x < band || y < band || x >= w - band || y >= h - band;
      const on = grid[y * w + x] > 127;
      if (border) inBand++;
      if (on) painted++;
      if (on && border) bandPainted++;
    }
  }
  return painted > 0 && bandPainted / inBand >= 0.35 && bandPainted / painted >= 0.45;
}
