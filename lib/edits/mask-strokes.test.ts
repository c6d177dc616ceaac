import { describe, expect, it } from 'vitest';
import { capsuleSpan } from './mask-raster';
import { isEmpty, maskReducer, newHistory, type Stroke } from './mask-strokes';

const stroke = (x: number): Stroke => ({ mode: 'paint', radius: 4, points: [x, 0, x + 1, 0] });

describe('maskReducer', () => {
  it('undoes and redoes strokes, invert and clear; a new change drops redo', () => {
    let h = newHistory();
    h = maskReducer(h, { type: 'stroke', stroke: stroke(1) });
    h = maskReducer(h, { type: 'stroke', stroke: stroke(2) });
    h = maskReducer(h, { type: 'invert' });
    expect(h.present.inverted).toBe(true);
    h = maskReducer(h, { type: 'undo' });
    expect(h.present).toEqual({ inverted: false, strokes: [stroke(1), stroke(2)] });
    h = maskReducer(h, { type: 'redo' });
    expect(h.present.inverted).toBe(true);
    h = maskReducer(h, { type: 'clear' });
    expect(isEmpty(h.present)).toBe(true);
    h = maskReducer(h, { type: 'undo' });
    expect(h.present.strokes).toHaveLength(2);
    h = maskReducer(h, { type: 'undo' });
    h = maskReducer(h, { type: 'stroke', stroke: stroke(3) });
    expect(h.future).toEqual([]);
    expect(maskReducer(h, { type: 'redo' })).toBe(h);
  });

  it('treats erase-only strokes as an empty mask', () => {
    expect(isEmpty({ inverted: false, strokes: [{ ...stroke(1), mode: 'erase' }] })).toBe(true);
  });
});

describe('capsuleSpan', () => {
  it('covers the band and the round caps of a segment', () => {
    expect(capsuleSpan(10, 10, 30, 10, 5, 10)).toEqual([5, 35]);
    expect(capsuleSpan(10, 10, 30, 10, 5, 16)).toBeNull();
    const [lo, hi] = capsuleSpan(10, 10, 30, 10, 5, 14)!;
    expect(lo).toBeCloseTo(7);
    expect(hi).toBeCloseTo(33);
    // A diagonal segment: the row through its middle is 2·r·√2 wide.
    const [a, b] = capsuleSpan(0, 0, 100, 100, 10, 50)!;
    expect(b - a).toBeCloseTo(20 * Math.SQRT2);
  });
});
