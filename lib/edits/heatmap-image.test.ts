import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heatmapDataUrl } from './heatmap-image';

describe('the heat map as an image', () => {
  it('is clear where nothing changed and red where something did, more opaque where more did', async () => {
    const cells = Buffer.from([0, 1, 128, 255, 0, 0]).toString('base64');
    const url = await heatmapDataUrl({ width: 3, height: 2, cells });
    const png = Buffer.from(url!.replace(/^data:image\/png;base64,/, ''), 'base64');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([3, 2, 4]);
    const alpha = (i: number) => data[i * 4 + 3];
    expect([alpha(0), alpha(4), alpha(5)]).toEqual([0, 0, 0]);
    expect(alpha(1)).toBeGreaterThanOrEqual(72);
    expect(alpha(1)).toBeLessThan(alpha(2));
    expect(alpha(3)).toBe(255);
    expect([...data.subarray(12, 15)]).toEqual([220, 38, 38]);
  });

  it('is null for cells that do not fill the map', async () => {
    expect(await heatmapDataUrl({ width: 4, height: 4, cells: Buffer.from([1, 2, 3]).toString('base64') })).toBeNull();
  });
});
