import sharp from 'sharp';
import { heatmapPixels } from './heatmap-pixels';
import type { MaskGuardView } from './results';

/**
 * The mask guard's heat map as a small PNG data URL, to lay over the result (the browser's smoothing
 * makes its cells read as areas), in the colours the studio draws it in (heatmap-pixels.ts). Made
 * on the server, so a page draws it without script; null when the cells do not fill the map (a
 * record this code cannot read).
 */
export async function heatmapDataUrl(heatmap: MaskGuardView['heatmap']): Promise<string | null> {
  const pixels = heatmapPixels(heatmap);
  if (!pixels) return null;
  const png = await sharp(Buffer.from(pixels.buffer), { raw: { width: heatmap.width, height: heatmap.height, channels: 4 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
