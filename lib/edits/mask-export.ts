import type { MaskDoc } from './mask-doc';
import { encodeGreyPng } from './mask-png';
import { rasterizeMask } from './mask-raster';

/**
 * The mask the service receives (interface §4.1 mask rules): a PNG at the image's natural size,
 * white = edit, black = keep, feathered edges as greys. Redrawn from the operations at full
 * resolution, never a screenshot of the on-screen stage.
 */
export async function exportMaskPng(width: number, height: number, doc: MaskDoc, feather: number): Promise<Uint8Array> {
  return encodeGreyPng(width, height, rasterizeMask(width, height, doc, { feather }));
}

/**
 * Painting mostly along the borders means the user wants the background changed; the interface
 * says background replacement usually works better than a local modification for that. Read from
 * the mask raster on a grid of at most 96×96 samples.
 */
export function looksLikeBackground(width: number, height: number, mask: Uint8Array): boolean {
  const step = Math.max(1, Math.max(width, height) / 96);
  const w = Math.max(1, Math.floor(width / step));
  const h = Math.max(1, Math.floor(height / step));
  const band = Math.max(1, Math.round(Math.min(w, h) * 0.15));
  let inBand = 0,
    bandPainted = 0,
    painted = 0;
  for (let y = 0; y < h; y++) {
    const row = Math.min(height - 1, Math.floor((y + 0.5) * step)) * width;
    for (let x = 0; x < w; x++) {
      const border = x < band || y < band || x >= w - band || y >= h - band;
      const on = mask[row + Math.min(width - 1, Math.floor((x + 0.5) * step))] > 127;
      if (border) inBand++;
      if (on) painted++;
      if (on && border) bandPainted++;
    }
  }
  return painted > 0 && bandPainted / inBand >= 0.35 && bandPainted / painted >= 0.45;
}
