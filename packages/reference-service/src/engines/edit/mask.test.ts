import { describe, expect, it } from 'vitest';
import { blendByMask, maskWeights } from './mask';
import type { RawImage } from '../pixels/raw';

const img = (pixels: number[][]): RawImage => ({ data: Buffer.from(pixels.flat()), width: pixels.length, height: 1 });

describe('mask weights and blending', () => {
  it('reads luminance as weight, transparent as black', () => {
    const mask = img([
      [255, 255, 255, 255],
      [0, 0, 0, 255],
      [128, 128, 128, 255],
      [255, 255, 255, 0],
    ]);
    expect([...maskWeights(mask)]).toEqual([255, 0, 128, 0]);
  });

  it('keeps the original exactly where the weight is 0 and takes the edit where it is 255', () => {
    const original = img([
      [10, 20, 30, 255],
      [40, 50, 60, 255],
      [100, 100, 100, 255],
    ]);
    const edited = img([
      [200, 200, 200, 255],
      [210, 210, 210, 255],
      [200, 0, 50, 255],
    ]);
    const out = blendByMask(original, edited, Uint8Array.from([0, 255, 128]));
    expect([...out.data.subarray(0, 4)]).toEqual([10, 20, 30, 255]);
    expect([...out.data.subarray(4, 8)]).toEqual([210, 210, 210, 255]);
    expect([...out.data.subarray(8, 12)]).toEqual([150, 50, 75, 255]);
  });
});
