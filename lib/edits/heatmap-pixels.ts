import type { MaskGuardView } from './results';

// The mask guard's heat map as pixels (RGBA, one a cell): plain, so the studio draws it on a canvas
// and the server makes the library's PNG of it (heatmap-image.ts) in the same colours.

/** The heat map's colour (the danger red of the design tokens, in sRGB). */
const HEAT_RED = [220, 38, 38] as const;
/** A cell where anything changed is at least this opaque, so that one stray pixel of 2,000 still shows. */
const HEAT_MIN_ALPHA = 72;

/** Clear where nothing outside the mask changed, red where something did, more opaque where more did; null when the cells do not fill the map. */
export function heatmapPixels({ width, height, cells }: MaskGuardView['heatmap']): Uint8ClampedArray<ArrayBuffer> | null {
  const values = Uint8Array.from(atob(cells), (c) => c.charCodeAt(0));
  if (width < 1 || height < 1 || values.length !== width * height) return null;
  const pixels = new Uint8ClampedArray(width * height * 4);
  values.forEach((value, i) => {
    if (value > 0) pixels.set([...HEAT_RED, HEAT_MIN_ALPHA + Math.round(((255 - HEAT_MIN_ALPHA) * value) / 255)], i * 4);
  });
  return pixels;
}
