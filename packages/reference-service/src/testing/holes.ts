// Hole masks (one byte a pixel, nonzero = to fill) and checks for the inpainting engines' unit tests.
import type { RawImage } from '../engines/pixels/raw';

/** A w x h mask with the rectangle [x0, x1) x [y0, y1) set. */
export function rectHole(w: number, h: number, x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) hole.fill(1, y * w + x0, y * w + x1);
  return hole;
}

/** A copy of the image with every hole pixel painted `color` (RGBA; with three values alpha stays as it was). */
export function paintHole(img: RawImage, hole: Uint8Array, color: readonly number[]): RawImage {
  const out = { ...img, data: Buffer.from(img.data) };
  for (let p = 0; p < hole.length; p++) if (hole[p]) out.data.set(color, p * 4);
  return out;
}

/** Throws at the first pixel outside the hole that differs between the two images. */
export function expectOutsideUnchanged(before: RawImage, after: RawImage, hole: Uint8Array): void {
  for (let p = 0; p < hole.length; p++) {
    if (hole[p]) continue;
    for (let c = 0; c < 4; c++) {
      if (after.data[p * 4 + c] !== before.data[p * 4 + c]) throw new Error(`pixel ${p} channel ${c} changed`);
    }
  }
}
