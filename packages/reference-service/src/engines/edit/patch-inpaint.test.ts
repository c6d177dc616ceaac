import { describe, expect, it } from 'vitest';
import { inpaint } from './inpaint';
import { removeAndFill } from './patch-inpaint';
import { blankImage, createRng, type RawImage } from '../pixels/raw';
import { expectOutsideUnchanged, paintHole, rectHole } from '../../testing/holes';

/** A checkerboard of 4 px squares (period 8) in two colours, with a little seeded grain. */
function checker(w: number, h: number, grain = 0): RawImage {
  const img = blankImage(w, h);
  const rng = createRng(11);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const on = ((x >> 2) + (y >> 2)) % 2 === 0;
      const n = grain ? Math.round((rng() - 0.5) * 2 * grain) : 0;
      img.data.set([(on ? 200 : 40) + n, (on ? 170 : 90) + n, (on ? 60 : 150) + n, 255], (y * w + x) * 4);
    }
  }
  return img;
}

/** Diagonal stripes, period 8, on a slow horizontal gradient: texture plus a trend. */
function stripes(w: number, h: number): RawImage {
  const img = blankImage(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const on = (x + y) % 8 < 4;
      const g = Math.round((x * 40) / w);
      img.data.set([on ? 220 - g : 60 + g, on ? 80 : 160, 100 + g, 255], (y * w + x) * 4);
    }
  }
  return img;
}

function ellipseHole(w: number, h: number, cx: number, cy: number, rx: number, ry: number): Uint8Array {
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) hole[y * w + x] = 1;
  return hole;
}

/** The image with its hole painted over (as an object would be), so nothing leaks from it. */
const withObject = (img: RawImage, hole: Uint8Array): RawImage => paintHole(img, hole, [255, 0, 255, 255]);

/** Mean absolute RGB difference over the hole. */
function holeError(a: RawImage, b: RawImage, hole: Uint8Array): number {
  let sum = 0,
    n = 0;
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[p * 4 + c] - b.data[p * 4 + c]);
    n += 3;
  }
  return sum / n;
}

describe('removeAndFill', () => {
  it('is deterministic for a seed', () => {
    const img = withObject(checker(160, 120, 12), ellipseHole(160, 120, 80, 60, 35, 30));
    const hole = ellipseHole(160, 120, 80, 60, 35, 30);
    const a = removeAndFill(img, hole, 7);
    const b = removeAndFill(img, hole, 7);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('leaves every pixel outside the hole byte-identical, alpha included, and the input untouched', () => {
    const img = stripes(200, 150);
    for (let i = 3; i < img.data.length; i += 28) img.data[i] = 90 + (i % 150); // varied alpha
    const hole = ellipseHole(200, 150, 100, 75, 45, 40);
    const src = withObject(img, hole);
    const copy = Buffer.from(src.data);
    const out = removeAndFill(src, hole, 1);
    expect(out.data).not.toBe(src.data);
    expect(src.data.equals(copy)).toBe(true);
    expectOutsideUnchanged(src, out, hole);
  });

  it('continues a periodic texture across a large hole far better than Telea', () => {
    // The checker repeats exactly, so copies can be exact; the stripes drift in colour across
    // the image, so any copy is off by the drift between its source and the hole.
    for (const [name, img, factor] of [
      ['checker', checker(192, 160), 5],
      ['stripes', stripes(192, 160), 2],
    ] as const) {
      const hole = rectHole(192, 160, 56, 40, 136, 120); // 80 x 80
      const src = withObject(img, hole);
      const telea = holeError(inpaint(src, hole), img, hole);
      const exemplar = holeError(removeAndFill(src, hole, 3), img, hole);
      // Telea blurs the pattern towards its mean colour; copying continues it.
      expect(telea, name).toBeGreaterThan(30);
      expect(exemplar, name).toBeLessThan(telea / factor);
    }
  });

  it('fills a flat image flat, alpha included', () => {
    const img = blankImage(120, 100, [30, 140, 200, 170]);
    const hole = ellipseHole(120, 100, 60, 50, 40, 30);
    const out = removeAndFill(withObject(img, hole), hole, 5);
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      for (let c = 0; c < 4; c++) expect(Math.abs(out.data[p * 4 + c] - img.data[p * 4 + c])).toBeLessThanOrEqual(1);
    }
  });

  it('returns an unchanged copy for an empty hole, and the image as is for a full one', () => {
    const img = stripes(64, 48);
    const empty = removeAndFill(img, new Uint8Array(64 * 48), 1);
    expect(empty.data.equals(img.data)).toBe(true);
    expect(empty.data).not.toBe(img.data);
    const full = removeAndFill(img, new Uint8Array(64 * 48).fill(1), 1);
    expect(full.data.equals(img.data)).toBe(true);
  });

  it('fills holes touching the borders and corners', () => {
    const img = checker(160, 128, 6);
    const hole = rectHole(160, 128, 0, 0, 50, 128); // a strip down the whole left edge
    const corner = rectHole(160, 128, 120, 90, 160, 128);
    for (let p = 0; p < hole.length; p++) hole[p] |= corner[p];
    const src = withObject(img, hole);
    const out = removeAndFill(src, hole, 2);
    expectOutsideUnchanged(src, out, hole);
    // Nothing of the object survives, and the pattern carries on to the edge.
    for (let p = 0; p < hole.length; p++) if (hole[p]) expect(out.data[p * 4 + 1]).toBeGreaterThan(60);
    expect(holeError(out, img, hole)).toBeLessThan(holeError(inpaint(src, hole), img, hole) / 2);
  });

  it('sends thin and small holes to Telea unchanged', () => {
    const img = stripes(128, 96);
    const line = new Uint8Array(128 * 96);
    for (let x = 10; x < 118; x++) for (let y = 40; y < 43; y++) line[y * 128 + x] = 1;
    const src = withObject(img, line);
    expect(removeAndFill(src, line, 1, 7).data.equals(inpaint(src, line, 7).data)).toBe(true);
    const blob = ellipseHole(128, 96, 64, 48, 8, 8);
    expect(removeAndFill(src, blob, 1).data.equals(inpaint(src, blob).data)).toBe(true);
  });

  it('copes with tiny images', () => {
    for (const [w, h] of [
      [1, 1],
      [3, 2],
      [9, 9],
      [40, 12],
    ]) {
      const img = checker(w, h);
      const hole = rectHole(w, h, Math.floor(w / 3), 0, Math.ceil((2 * w) / 3), Math.ceil(h / 2));
      const out = removeAndFill(withObject(img, hole), hole, 1);
      expect([out.width, out.height, out.data.length]).toEqual([w, h, w * h * 4]);
      expectOutsideUnchanged(withObject(img, hole), out, hole);
    }
  });

  it('falls back to Telea when no patch fits in what is left of the image', () => {
    const img = checker(80, 80);
    const hole = rectHole(80, 80, 4, 4, 76, 76); // a 4 px frame survives: no 7x7 source
    expect(removeAndFill(img, hole, 1).data.equals(inpaint(img, hole).data)).toBe(true);
  });

  it('rejects a hole of the wrong size', () => {
    expect(() => removeAndFill(blankImage(4, 4), new Uint8Array(15), 1)).toThrow(RangeError);
  });
});
