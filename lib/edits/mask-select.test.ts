import { describe, expect, it } from 'vitest';
import { maskReducer, newHistory, type MaskOp } from './mask-doc';
import { isPng, maskConvention, maskFromPixels, selectsNothing } from './mask-import';
import { encodeGreyPng } from './mask-png';
import { rasterizeMask } from './mask-raster';
import { growMask, magicWand } from './mask-select';

const W = 100;
const H = 80;
const count = (mask: Uint8Array) => mask.reduce((n, v) => n + (v === 255 ? 1 : 0), 0);
const rect = (x0: number, y0: number, x1: number, y1: number, combine: 'add' | 'subtract' | 'replace' = 'add'): MaskOp => ({
  type: 'shape',
  combine,
  shape: { kind: 'rect', x0, y0, x1, y1 },
});

describe('shapes', () => {
  it('a rectangle selects exactly its pixels; subtract cuts; replace starts over', () => {
    const mask = rasterizeMask(W, H, { ops: [rect(10, 20, 60, 50)] });
    expect(count(mask)).toBe(50 * 30);
    expect([mask[20 * W + 10], mask[49 * W + 59], mask[19 * W + 10], mask[20 * W + 60]]).toEqual([255, 255, 0, 0]);
    const holed = rasterizeMask(W, H, { ops: [rect(10, 20, 60, 50), rect(20, 30, 30, 40, 'subtract')] });
    expect(count(holed)).toBe(50 * 30 - 100);
    const replaced = rasterizeMask(W, H, { ops: [rect(10, 20, 60, 50), rect(70, 0, 80, 10, 'replace')] });
    expect(count(replaced)).toBe(100);
    expect(replaced[70]).toBe(255);
  });

  it('an ellipse and a polygon select the pixels whose centres they hold', () => {
    const ellipse = rasterizeMask(W, H, { ops: [{ type: 'shape', combine: 'add', shape: { kind: 'ellipse', x0: 10, y0: 10, x1: 90, y1: 70 } }] });
    const triangle = [10, 70, 50, 10, 90, 70];
    const polygon = rasterizeMask(W, H, { ops: [{ type: 'shape', combine: 'add', shape: { kind: 'polygon', points: triangle } }] });
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const [cx, cy] = [x + 0.5, y + 0.5];
        expect(ellipse[y * W + x] === 255, `ellipse ${x},${y}`).toBe(((cx - 50) / 40) ** 2 + ((cy - 40) / 30) ** 2 <= 1);
        const inside = cy < 70 && cy >= 10 && Math.abs(cx - 50) <= ((cy - 10) / 60) * 40;
        expect(polygon[y * W + x] === 255, `polygon ${x},${y}`).toBe(inside);
      }
    }
  });

  it('fills a self-crossing lasso by the even-odd rule', () => {
    const bowtie = [10, 10, 90, 70, 90, 10, 10, 70];
    const mask = rasterizeMask(W, H, { ops: [{ type: 'shape', combine: 'add', shape: { kind: 'polygon', points: bowtie } }] });
    expect(mask[40 * W + 20]).toBe(255);
    expect(mask[40 * W + 80]).toBe(255);
    expect(mask[15 * W + 50]).toBe(0);
  });
});

describe('magic wand', () => {
  // Two red squares on a grey ramp; the ramp's steps are 2 apart.
  const rgba = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const red = (x >= 10 && x < 30 && y >= 10 && y < 30) || (x >= 60 && x < 90 && y >= 40 && y < 70);
      rgba.set(red ? [220, 30, 30, 255] : [100 + 2 * Math.floor(x / 10), 100, 100, 255], 4 * (y * W + x));
    }
  }

  it('contiguous: the clicked square only; global: both', () => {
    const one = magicWand(rgba, W, H, 15, 15, { tolerance: 10, contiguous: true });
    expect(count(one)).toBe(400);
    const both = magicWand(rgba, W, H, 15, 15, { tolerance: 10, contiguous: false });
    expect(count(both)).toBe(400 + 900);
  });

  it('takes in the colours within tolerance and no others', () => {
    // From the ramp's first step (100): tolerance 3 reaches 102 only, 5 reaches 104 too.
    const near = magicWand(rgba, W, H, 0, 0, { tolerance: 3, contiguous: false });
    expect(near[0]).toBe(255);
    expect(near[15]).toBe(255);
    expect(near[25]).toBe(0);
    const wider = magicWand(rgba, W, H, 0, 0, { tolerance: 5, contiguous: false });
    expect(wider[25]).toBe(255);
    expect(wider[35]).toBe(0);
  });
});

describe('grow and shrink', () => {
  it('move a rectangle edge by exactly the asked pixels', () => {
    const base = rasterizeMask(W, H, { ops: [rect(30, 20, 70, 60)] });
    const grown = growMask(base, W, H, 5);
    expect([grown[40 * W + 25], grown[40 * W + 24], grown[40 * W + 74], grown[40 * W + 75]]).toEqual([255, 0, 255, 0]);
    expect([grown[15 * W + 50], grown[14 * W + 50]]).toEqual([255, 0]);
    const shrunk = growMask(base, W, H, -5);
    expect([shrunk[40 * W + 35], shrunk[40 * W + 34], shrunk[40 * W + 64], shrunk[40 * W + 65]]).toEqual([255, 0, 255, 0]);
    expect(count(shrunk)).toBe(30 * 30);
    // Growing rounds the corners: the diagonal reaches 5 px, not 5√2.
    expect(grown[16 * W + 26]).toBe(0);
  });

  it('is one undo step each, and undo brings the edge back', () => {
    let h = newHistory();
    h = maskReducer(h, { type: 'apply', op: rect(30, 20, 70, 60) });
    h = maskReducer(h, { type: 'apply', op: { type: 'grow', pixels: 4 } });
    // Every pixel within 4 px (centre to centre) of the rectangle's pixels: the corners come out round.
    let within = 0;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (Math.max(0, 30 - x, x - 69) ** 2 + Math.max(0, 20 - y, y - 59) ** 2 <= 16) within++;
    expect(count(rasterizeMask(W, H, h.present))).toBe(within);
    expect(within).toBeLessThan(48 * 48);
    h = maskReducer(h, { type: 'undo' });
    expect(count(rasterizeMask(W, H, h.present))).toBe(40 * 40);
    h = maskReducer(h, { type: 'redo' });
    expect(h.present.ops).toHaveLength(2);
  });
});

describe('mask import', () => {
  it('reads an opaque file (RGBA with alpha 255 too) as white = edit, and a transparent one as transparent = edit', async () => {
    expect(isPng(await encodeGreyPng(2, 2, new Uint8Array([0, 255, 128, 0])))).toBe(true);
    expect(isPng(new Uint8Array(40))).toBe(false);
    // An opaque RGBA PNG (a white disc on black saved with an alpha channel) is read by its luminance.
    const opaque = new Uint8Array([0, 0, 0, 255, 255, 255, 255, 255, 128, 128, 128, 255, 0, 0, 0, 255]);
    expect(maskConvention(opaque)).toBe('luminance');
    expect([...maskFromPixels(opaque, 'luminance')]).toEqual([0, 255, 128, 0]);
    expect(selectsNothing(maskFromPixels(opaque, maskConvention(opaque)))).toBe(false);
    const transparent = new Uint8Array([9, 9, 9, 0, 9, 9, 9, 255, 9, 9, 9, 64, 9, 9, 9, 255]);
    expect(maskConvention(transparent)).toBe('alpha');
    expect([...maskFromPixels(transparent, 'alpha')]).toEqual([255, 0, 191, 0]);
    expect(selectsNothing(maskFromPixels(new Uint8Array([0, 0, 0, 255, 5, 5, 5, 255]), 'luminance'))).toBe(false);
    expect(selectsNothing(maskFromPixels(new Uint8Array([0, 0, 0, 255, 0, 0, 0, 255]), 'luminance'))).toBe(true);
  });
});
