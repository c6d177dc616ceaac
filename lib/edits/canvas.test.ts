import { describe, expect, it } from 'vitest';
import { ANCHORS, canvasFor, extensionProblem, placement } from './canvas';

const image = { width: 640, height: 480 };

describe('outpainting canvas', () => {
  it('places the original at each of the nine anchors', () => {
    const at = ANCHORS.map((anchor) => placement(image, { width: 1000, height: 600, anchor }));
    expect(at).toEqual([
      { left: 0, top: 0 },
      { left: 180, top: 0 },
      { left: 360, top: 0 },
      { left: 0, top: 60 },
      { left: 180, top: 60 },
      { left: 360, top: 60 },
      { left: 0, top: 120 },
      { left: 180, top: 120 },
      { left: 360, top: 120 },
    ]);
  });

  it('finds the smallest canvas of a shape that holds the image, grown when the image has that shape', () => {
    expect(canvasFor(image, 1)).toEqual({ width: 640, height: 640 });
    expect(canvasFor(image, 16 / 9)).toEqual({ width: 853, height: 480 });
    expect(canvasFor(image, 4 / 3)).toEqual({ width: 800, height: 600 });
    expect(canvasFor({ width: 4000, height: 1000 }, 1)).toEqual({ width: 4000, height: 4000 });
    expect(canvasFor({ width: 1000, height: 4096 }, 16 / 9)).toBeNull(); // 7282 wide
    expect(canvasFor({ width: 4000, height: 4000 }, 1)).toBeNull(); // grown by a quarter: past 4096
  });

  it('says why a canvas cannot be used', () => {
    expect(extensionProblem(image, { width: 600, height: 480, anchor: 'center' })).toBe('smaller');
    expect(extensionProblem(image, { width: 640, height: 480, anchor: 'center' })).toBe('same');
    expect(extensionProblem(image, { width: 4097, height: 480, anchor: 'center' })).toBe('side');
    expect(extensionProblem(image, { width: 641, height: 480, anchor: 'center' })).toBeNull();
  });
});
