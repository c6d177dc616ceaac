import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRng } from './engines/pixels/raw';
import { leak, parseLeakyModels, perturb } from './leaky-models';
import { maskPng, rgba, scenePng } from './testing/images';

const W = 400;
const H = 300;
let scene: Buffer;
let mask: Buffer;
let weights: Buffer;
beforeAll(async () => {
  scene = await scenePng(W, H);
  // Feathered: grey pixels on the rim count as inside the mask (only 0 is outside).
  mask = await maskPng(W, H, { x: 100, y: 60, w: 150, h: 140 });
  weights = (await rgba(mask)).data;
});

/** Of the pixels `where` selects, the share whose largest channel difference exceeds 12. */
async function changedShare(a: Buffer, b: Buffer, where: (p: number) => boolean) {
  const [x, y] = [await rgba(a), await rgba(b)];
  let count = 0;
  let changed = 0;
  for (let p = 0; p < W * H; p++) {
    if (!where(p)) continue;
    count++;
    if ([0, 1, 2, 3].some((c) => Math.abs(x.data[p * 4 + c] - y.data[p * 4 + c]) > 12)) changed++;
  }
  return changed / count;
}

describe('SERVICE_LEAKY_MODELS', () => {
  it('reads model=fraction[:WxH] entries, and refuses what it cannot read', () => {
    expect(parseLeakyModels(' atelier-edit-fast=0.3, other=0:1024x768 ,x=1')).toEqual({
      'atelier-edit-fast': { fraction: 0.3 },
      other: { fraction: 0, size: { width: 1024, height: 768 } },
      x: { fraction: 1 },
    });
    expect(parseLeakyModels(undefined)).toEqual({});
    for (const bad of ['m', 'm=1.5', 'm=-0.1', 'm=0.3:1024', 'm=0.3:10x10', 'm=0.3:5000x1024', '=0.3', 'm=0.1.2'])
      expect(() => parseLeakyModels(bad), bad).toThrow(/expected model=fraction/);
  });

  it('changes the given share of the pixels where the mask is 0, by more than 12, and none where it is not', async () => {
    const out = await leak(scene, mask, { fraction: 0.3 }, 7);
    const outside = (p: number) => weights[p * 4] === 0;
    expect(Math.abs((await changedShare(scene, out, outside)) - 0.3)).toBeLessThan(0.01);
    expect(await changedShare(scene, out, (p) => !outside(p))).toBe(0);
    // Changed pixels moved clearly; the rest did not move at all.
    const [a, b] = [await rgba(scene), await rgba(out)];
    for (let i = 0; i < a.data.length; i++) {
      const d = Math.abs(a.data[i] - b.data[i]);
      if (d !== 0 && i % 4 !== 3) expect(d).toBeGreaterThanOrEqual(40);
    }
  });

  it('without a mask leaks over the whole picture; the seed picks the pixels', async () => {
    const out = await leak(scene, null, { fraction: 0.5 }, 1);
    expect(Math.abs((await changedShare(scene, out, () => true)) - 0.5)).toBeLessThan(0.01);
    expect((await leak(scene, null, { fraction: 0.5 }, 1)).equals(out)).toBe(true);
    expect((await leak(scene, null, { fraction: 0.5 }, 2)).equals(out)).toBe(false);
  });

  it('answers at its own size when it has one, leaking or not', async () => {
    for (const fraction of [0, 0.2]) {
      const out = await leak(scene, mask, { fraction, size: { width: 1024, height: 1024 } }, 3);
      expect(await sharp(out).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    }
    expect((await leak(scene, mask, { fraction: 0 }, 3)).equals(scene)).toBe(true);
  });

  it('goes over a 4096² picture’s pixels in one quick pass', () => {
    const pixels = Buffer.alloc(4096 * 4096 * 4, 128);
    const started = performance.now();
    perturb(pixels, null, 0.3, createRng(9));
    // About 0.35 s on a quiet machine (the PNG decode and encode around it take longer).
    expect(performance.now() - started).toBeLessThan(3000);
    let moved = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i] !== 128) moved++;
    expect(Math.abs(moved / (4096 * 4096) - 0.3)).toBeLessThan(0.001);
  });
});
