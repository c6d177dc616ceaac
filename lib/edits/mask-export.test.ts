import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MaskDoc, MaskOp, Stroke } from './mask-doc';
import { exportMaskPng, looksLikeBackground } from './mask-export';
import { rasterizeMask } from './mask-raster';

async function decode(png: Uint8Array) {
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, info: { ...info, channels: meta.channels, format: meta.format } };
}

const paint = (stroke: Stroke): MaskOp => ({ type: 'stroke', combine: 'add', stroke });
const erase = (stroke: Stroke): MaskOp => ({ type: 'stroke', combine: 'subtract', stroke });
const line = paint({ radius: 10, points: [20, 30, 80, 30] });

describe('exportMaskPng', () => {
  it('is a one-channel PNG at the natural size, white under the stroke and black elsewhere', async () => {
    const { data, info } = await decode(await exportMaskPng(123, 61, { ops: [line] }, 0));
    expect([info.format, info.width, info.height, info.channels]).toEqual(['png', 123, 61, 1]);
    const at = (x: number, y: number) => data[y * 123 + x];
    expect(at(50, 30)).toBe(255);
    expect(at(20, 30)).toBe(255); // start cap
    expect(at(89, 30)).toBe(255); // round end cap reaches r past the last point
    expect(at(91, 30)).toBe(0);
    expect(at(50, 19)).toBe(0);
    expect(at(50, 20)).toBe(255);
    expect(at(0, 0)).toBe(0);
    expect(new Set(data)).toEqual(new Set([0, 255]));
    // Round caps: the corner of the segment's bounding box is outside the stroke.
    expect(at(11, 21)).toBe(0);
  });

  it('erases, inverts and feathers exactly', async () => {
    const ops = [line, erase({ radius: 5, points: [50, 10, 50, 50] })];
    const plain = (await decode(await exportMaskPng(123, 61, { ops }, 0))).data;
    expect(plain[30 * 123 + 50]).toBe(0);
    expect(plain[30 * 123 + 40]).toBe(255);

    const inverted = (await decode(await exportMaskPng(123, 61, { ops: [...ops, { type: 'invert' }] }, 0))).data;
    for (let i = 0; i < plain.length; i++) expect(inverted[i]).toBe(255 - plain[i]);

    const soft = (await decode(await exportMaskPng(123, 61, { ops: [line] }, 6))).data;
    const greys = [...soft].filter((v) => v > 0 && v < 255).length;
    expect(greys).toBeGreaterThan(100);
    expect(soft[30 * 123 + 50]).toBe(255); // the middle of a 20 px stroke stays fully white
    expect(soft[0]).toBe(0); // far away stays exactly black: the service keeps those pixels
    expect(soft[30 * 123 + 91]).toBeGreaterThan(0); // the edge fades outward
    expect(soft[30 * 123 + 91]).toBeLessThan(255);
    // Monotone fade from the centre line outward.
    for (let y = 30; y < 50; y++) expect(soft[(y + 1) * 123 + 50]).toBeLessThanOrEqual(soft[y * 123 + 50]);
  });

  it('keeps paint white right up to the image border when feathered', async () => {
    const { data } = await decode(await exportMaskPng(64, 64, { ops: [paint({ radius: 20, points: [0, 0, 63, 0] })] }, 4));
    expect(data[0]).toBe(255);
    expect(data[5 * 64 + 32]).toBe(255);
    expect(data[63 * 64 + 32]).toBe(0);
  });

  it('is black everywhere for an empty mask and white everywhere for an inverted empty one', async () => {
    expect(new Set((await decode(await exportMaskPng(40, 30, { ops: [] }, 3))).data)).toEqual(new Set([0]));
    expect(new Set((await decode(await exportMaskPng(40, 30, { ops: [{ type: 'invert' }] }, 3))).data)).toEqual(new Set([255]));
  });

  it('handles a 4096 px image within the service limits', async () => {
    const doc: MaskDoc = { ops: [paint({ radius: 200, points: [100, 100, 4000, 4000] })] };
    const { data, info } = await decode(await exportMaskPng(4096, 4096, doc, 12));
    expect([info.width, info.height]).toEqual([4096, 4096]);
    expect(data[2048 * 4096 + 2048]).toBe(255);
    expect(data[4000 * 4096 + 100]).toBe(0);
  });

  it('draws a pen stroke as wide as its pressure made each point', () => {
    // Seventeen points from x = 20 to 180, pressed harder and harder: radius 2 to 18.
    const xs = [...Array(17).keys()].map((i) => 20 + 10 * i);
    const stroke = { radius: 10, points: xs.flatMap((x) => [x, 30]), radii: xs.map((_, i) => 2 + i) };
    const mask = rasterizeMask(200, 60, { ops: [paint(stroke)] });
    const column = (x: number) => [...Array(60).keys()].filter((y) => mask[y * 200 + x] === 255).length;
    expect(column(25)).toBeLessThanOrEqual(6);
    expect(column(175)).toBeGreaterThanOrEqual(34);
    expect(column(100)).toBeGreaterThan(column(50));
  });
});

describe('looksLikeBackground', () => {
  it('suggests background replacement for a frame painted around the edges, not for a central blob', () => {
    const raster = (ops: MaskOp[]) => rasterizeMask(1000, 700, { ops });
    const frame = paint({ radius: 60, points: [30, 30, 970, 30, 970, 670, 30, 670, 30, 30] });
    expect(looksLikeBackground(1000, 700, raster([frame]))).toBe(true);
    const blob = paint({ radius: 80, points: [480, 340, 520, 360] });
    expect(looksLikeBackground(1000, 700, raster([blob]))).toBe(false);
    // Painting the subject and inverting selects the background too.
    expect(looksLikeBackground(1000, 700, raster([blob, { type: 'invert' }]))).toBe(true);
    expect(looksLikeBackground(1000, 700, raster([]))).toBe(false);
  });
});
