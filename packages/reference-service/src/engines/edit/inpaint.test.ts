import { describe, expect, it } from 'vitest';
import { inpaint } from './inpaint';
import { blankImage, createRng, type RawImage } from '../pixels/raw';
import { expectOutsideUnchanged, paintHole, rectHole } from '../../testing/holes';

function gradient(w: number, h: number): RawImage {
  const img = blankImage(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      img.data[i] = Math.round((x * 255) / (w - 1));
      img.data[i + 1] = 80;
      img.data[i + 2] = 255 - Math.round((x * 255) / (w - 1));
      img.data[i + 3] = 255;
    }
  }
  return img;
}

/** Largest and mean absolute channel difference between two images over the hole. */
function holeError(a: RawImage, b: RawImage, hole: Uint8Array): { max: number; mean: number } {
  let max = 0,
    sum = 0,
    n = 0;
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    for (let c = 0; c < 4; c++) {
      const d = Math.abs(a.data[p * 4 + c] - b.data[p * 4 + c]);
      max = Math.max(max, d);
      sum += d;
      n++;
    }
  }
  return { max, mean: sum / n };
}

/** How far the fill strays from the original image over the hole, once the hole is painted `color` (see paintHole). */
const fillError = (img: RawImage, hole: Uint8Array, color: number[]) => holeError(inpaint(paintHole(img, hole, color), hole), img, hole);

describe('inpaint', () => {
  it('fills a hole in a flat image with that colour, alpha included', () => {
    const hole = rectHole(64, 48, 10, 8, 40, 30);
    expect(fillError(blankImage(64, 48, [200, 30, 90, 180]), hole, [0, 0, 0, 0]).max).toBeLessThanOrEqual(1);
  });

  it('continues a smooth horizontal gradient across the hole', () => {
    const hole = rectHole(128, 96, 40, 30, 80, 70);
    const err = fillError(gradient(128, 96), hole, [255, 255, 255]);
    expect(err.mean).toBeLessThan(1);
    expect(err.max).toBeLessThanOrEqual(3);
  });

  it('carries a straight edge through the hole instead of smearing it across', () => {
    const img = blankImage(100, 100, [0, 0, 255, 255]);
    for (let y = 0; y < 100; y++) for (let x = 0; x < 50; x++) img.data.set([255, 0, 0, 255], (y * 100 + x) * 4);
    const hole = rectHole(100, 100, 40, 40, 60, 60);
    const out = inpaint(img, hole);
    // The edge softens over a few pixels; five pixels away each side keeps its own colour.
    const away = rectHole(100, 100, 55, 40, 60, 60);
    for (let y = 40; y < 60; y++) away.fill(1, y * 100 + 40, y * 100 + 45);
    expect(holeError(out, img, away).max).toBeLessThanOrEqual(12);
  });

  it('stays within the range of a noisy surround instead of amplifying it', () => {
    const img = blankImage(120, 120, [0, 0, 0, 255]);
    const rng = createRng(3);
    for (let p = 0; p < 120 * 120; p++) for (let c = 0; c < 3; c++) img.data[p * 4 + c] = 100 + Math.floor(rng() * 61);
    const hole = rectHole(120, 120, 30, 30, 90, 90);
    const out = inpaint(img, hole);
    let lo = 255,
      hi = 0;
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      for (let c = 0; c < 3; c++) {
        lo = Math.min(lo, out.data[p * 4 + c]);
        hi = Math.max(hi, out.data[p * 4 + c]);
      }
    }
    // Uncapped first-order terms feed on the noise and run to 0 and 255.
    expect(lo).toBeGreaterThanOrEqual(100 - 12);
    expect(hi).toBeLessThanOrEqual(160 + 12);
  });

  it('leaves every pixel outside the hole byte-identical and returns a new image', () => {
    const img = gradient(80, 60);
    for (let i = 3; i < img.data.length; i += 16) img.data[i] = 17; // varied alpha too
    const copy = Buffer.from(img.data);
    const hole = rectHole(80, 60, 20, 10, 50, 40);
    const out = inpaint(img, hole);
    expect(out.data).not.toBe(img.data);
    expect(img.data.equals(copy)).toBe(true);
    expectOutsideUnchanged(img, out, hole);
  });

  it('removes a thin line drawn over a gradient', () => {
    const img = gradient(160, 120);
    const hole = new Uint8Array(160 * 120);
    // A 3 px diagonal stroke in black: the "object" to remove.
    for (let x = 10; x < 150; x++) {
      const yc = Math.round(15 + x * 0.6);
      for (let y = yc - 1; y <= yc + 1; y++) hole[y * 160 + x] = 1;
    }
    const drawn = paintHole(img, hole, [0, 0, 0]);
    const out = inpaint(drawn, hole);
    expectOutsideUnchanged(drawn, out, hole);
    expect(holeError(out, img, hole).mean).toBeLessThan(1);
  });

  it('returns an unchanged copy for an empty hole', () => {
    const img = gradient(32, 32);
    const out = inpaint(img, new Uint8Array(32 * 32));
    expect(out.data.equals(img.data)).toBe(true);
    expect(out.data).not.toBe(img.data);
  });

  it('returns the image unchanged when the hole covers everything', () => {
    const img = gradient(32, 32);
    const out = inpaint(img, new Uint8Array(32 * 32).fill(1));
    expect(out.data.equals(img.data)).toBe(true);
  });

  it('fills holes touching the border and corners', () => {
    const img = gradient(100, 50);
    const hole = rectHole(100, 50, 0, 0, 30, 50); // whole left strip, top to bottom
    const corner = rectHole(100, 50, 85, 40, 100, 50);
    for (let p = 0; p < hole.length; p++) hole[p] |= corner[p];
    const holed = paintHole(img, hole, [0, 0, 0, 0]);
    const out = inpaint(holed, hole);
    expectOutsideUnchanged(holed, out, hole);
    for (let p = 0; p < hole.length; p++) if (hole[p]) expect(out.data[p * 4 + 3]).toBe(255);
    // The strip is extrapolated from one side only, so it gets a looser bound than the corner.
    expect(holeError(out, img, hole).mean).toBeLessThan(5);
    expect(holeError(out, img, corner).mean).toBeLessThan(2);
  });

  it('fills several separate holes, including single pixels and a 1 px image edge', () => {
    const hole = new Uint8Array(64 * 64);
    for (const p of [0, 63, 64 * 63, 64 * 64 - 1, 64 * 32 + 32, 64 * 10 + 50]) hole[p] = 1;
    expect(fillError(gradient(64, 64), hole, [0, 0, 0, 0]).max).toBeLessThanOrEqual(3);
  });

  it('fills many interleaved holes (one shared pass) and copes with odd radii', () => {
    const img = gradient(64, 64);
    const hole = new Uint8Array(64 * 64);
    // Diagonal scratches: every one spans the image, so their boxes overlap heavily.
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) if ((x + y) % 8 === 0) hole[y * 64 + x] = 1;
    const holed = paintHole(img, hole, [0, 0, 0]);
    for (const radius of [5, 1, 0, 100, Number.NaN]) {
      const out = inpaint(holed, hole, radius);
      expectOutsideUnchanged(holed, out, hole);
      expect(holeError(out, img, hole).mean).toBeLessThan(2);
    }
  });

  it('rejects a hole of the wrong size', () => {
    expect(() => inpaint(blankImage(4, 4), new Uint8Array(15))).toThrow(RangeError);
  });
});
