import sharp from 'sharp';
import type { MaskGuardView } from './results';

/** The heat map's colour (the danger red of the design tokens, in sRGB). */
const RED = [220, 38, 38] as const;
/** A cell where anything changed is at least this opaque, so that one stray pixel of 2,000 still shows. */
const MIN_ALPHA = 72;

/**
 * The mask guard's heat map as a small PNG data URL, to lay over the result (the browser's smoothing
 * makes its cells read as areas): clear where nothing outside the mask changed, red where something
 * did, more opaque the larger the share of the cell that changed. Made on the server, so a page
 * draws it without script; null when the cells do not fill the map (a record this code cannot read).
 */
export async function heatmapDataUrl({ width, height, cells }: MaskGuardView['heatmap']): Promise<string | null> {
  const values = Buffer.from(cells, 'base64');
  if (width < 1 || height < 1 || values.length !== width * height) return null;
  const pixels = Buffer.alloc(width * height * 4);
  values.forEach((value, i) => {
    if (value === 0) return;
    pixels.set([...RED, MIN_ALPHA + Math.round(((255 - MIN_ALPHA) * value) / 255)], i * 4);
  });
  const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
