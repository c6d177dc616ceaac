import { describe, expect, it } from 'vitest';
import { actualSize, CANVAS_ZOOM, clampZoom, coverBox, fitView, panBy, pinchView, spanOf, toPicture, zoomAbout, type View } from './view-math';

const BOARD = { min: 1, max: 16 };

describe('view math', () => {
  it('clamps a zoom to its limits', () => {
    expect(clampZoom(0.001, CANVAS_ZOOM)).toBe(0.02);
    expect(clampZoom(40, CANVAS_ZOOM)).toBe(16);
    expect(clampZoom(0.5, BOARD)).toBe(1);
    expect(clampZoom(3, BOARD)).toBe(3);
  });

  it('zooms about a point, which keeps showing the same picture point', () => {
    const view: View = { zoom: 0.5, x: 100, y: 40 };
    const at = { x: 300, y: 200 };
    const before = toPicture(at, view);
    const next = zoomAbout(view, 3, at, CANVAS_ZOOM);
    expect(next.zoom).toBe(1.5);
    expect(toPicture(at, next).x).toBeCloseTo(before.x, 9);
    expect(toPicture(at, next).y).toBeCloseTo(before.y, 9);
  });

  it('stops zooming at the limits, still about the point', () => {
    const next = zoomAbout({ zoom: 12, x: 0, y: 0 }, 2, { x: 100, y: 100 }, CANVAS_ZOOM);
    expect(next).toEqual({ zoom: 16, x: 100 - 100 * (16 / 12), y: 100 - 100 * (16 / 12) });
    expect(zoomAbout({ zoom: 1, x: 0, y: 0 }, 0.5, { x: 50, y: 50 }, BOARD)).toEqual({ zoom: 1, x: 0, y: 0 });
  });

  it('fits a picture inside the padded box, centred, and shows it at actual size centred', () => {
    const box = { width: 1032, height: 632 };
    expect(fitView(box, { width: 2000, height: 1000 }, 16, CANVAS_ZOOM)).toEqual({ zoom: 0.5, x: 16, y: 66 });
    // A tiny box still fits no smaller than the least zoom.
    expect(fitView({ width: 40, height: 40 }, { width: 4096, height: 4096 }, 16, CANVAS_ZOOM).zoom).toBe(0.02);
    expect(actualSize(box, { width: 2000, height: 1000 })).toEqual({ zoom: 1, x: -484, y: -184 });
  });

  it('pans by a pointer’s move', () => {
    expect(panBy({ zoom: 2, x: 10, y: 20 }, 5, -7)).toEqual({ zoom: 2, x: 15, y: 13 });
  });

  it('pinches: the spread scales the zoom, and the point under the fingers follows their centre', () => {
    const start: View = { zoom: 0.25, x: 20, y: 30 };
    const from = spanOf({ x: 100, y: 100 }, { x: 140, y: 100 });
    const to = spanOf({ x: 150, y: 180 }, { x: 310, y: 180 });
    expect(from).toEqual({ centre: { x: 120, y: 100 }, distance: 40 });
    const next = pinchView(start, from, to, CANVAS_ZOOM);
    expect(next.zoom).toBe(1);
    const held = toPicture(from.centre, start);
    expect(toPicture(to.centre, next)).toEqual(held);
    // Fingers landing on one spot do not divide by zero.
    expect(pinchView(start, spanOf({ x: 5, y: 5 }, { x: 5, y: 5 }), to, CANVAS_ZOOM).zoom).toBe(16);
  });

  it('keeps a zoomed picture covering its box: no panning past an edge', () => {
    const box = { width: 400, height: 300 };
    expect(coverBox({ zoom: 2, x: 50, y: -500 }, box, BOARD)).toEqual({ zoom: 2, x: 0, y: -300 });
    expect(coverBox({ zoom: 0.5, x: -20, y: 10 }, box, BOARD)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(coverBox({ zoom: 3, x: -100, y: -100 }, box, BOARD)).toEqual({ zoom: 3, x: -100, y: -100 });
  });
});
