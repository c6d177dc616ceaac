import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dilate, featherOf, guardEdit, maskWeights } from './mask-guard';
import { encodeGreyPng } from './mask-png';
import { featherMask } from './mask-raster';

/**
 * A photo-like picture: smooth gradients under a seeded grain as a camera's (luminance noise of
 * σ ≈ 4.6 shared by the channels, a little chroma noise), so that a JPEG round trip has real noise.
 */
async function photo(width: number, height: number): Promise<Buffer> {
  const rgb = Buffer.alloc(width * height * 3);
  let state = 7;
  const grain = (levels: number) => ((state = (state * 1103515245 + 12345) >>> 0) >>> 24) % levels;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const luma = grain(16);
      rgb[i] = Math.min(255, 40 + (180 * x) / width + luma + grain(4));
      rgb[i + 1] = Math.min(255, 30 + (160 * y) / height + luma + grain(4));
      rgb[i + 2] = Math.min(255, 90 + 60 * Math.sin((x + y) / 40) + luma + grain(4));
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A centred disc of radius r as a grey PNG mask (the studio's own writer), feathered `feather` px (the studio's ramp). */
async function discMask(width: number, height: number, radius: number, feather = 0): Promise<{ png: Buffer; weights: Uint8Array }> {
  let weights: Uint8Array = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) weights[y * width + x] = Math.hypot(x - width / 2, y - height / 2) <= radius ? 255 : 0;
  if (feather > 0) weights = featherMask(weights, width, height, feather);
  return { png: Buffer.from(await encodeGreyPng(width, height, weights)), weights };
}

const rgbaOf = async (png: Buffer) => (await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data;

/** What a leaky model does: `fraction` of the pixels outside the mask moved by 60 on every channel. */
async function leak(png: Buffer, weights: Uint8Array, fraction: number): Promise<Buffer> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let state = 11;
  for (let p = 0; p < weights.length; p++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    if (weights[p] === 0 && state / 2 ** 32 < fraction) for (let c = 0; c < 3; c++) data[p * 3 + c] = (data[p * 3 + c] + 60) % 256;
    else if (weights[p] === 255) data[p * 3] = 255 - data[p * 3]; // the edit itself
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Pixels where the mask is 0 that differ from the original's. */
function keptDiffer(original: Buffer, result: Buffer, weights: Uint8Array): number {
  let differ = 0;
  for (let p = 0; p < weights.length; p++) if (weights[p] === 0 && original.readUInt32BE(p * 4) !== result.readUInt32BE(p * 4)) differ++;
  return differ;
}

describe('the mask guard', () => {
  it('measures a 30 % leak within a point and restores every pixel outside the mask', async () => {
    const original = await photo(400, 300);
    const mask = await discMask(400, 300, 80, 6);
    const answer = await leak(original, mask.weights, 0.3);
    const { record, restored } = await guardEdit({ original, mask: mask.png, answer, restore: true });
    expect(Math.abs(record.changedFraction - 0.3)).toBeLessThan(0.01);
    expect(record).toMatchObject({ restored: true, fit: 'exact', answeredAt: null });
    expect(record.band).toBeGreaterThanOrEqual(5);
    expect(keptDiffer(await rgbaOf(original), await rgbaOf(restored!), mask.weights)).toBe(0);
    // The edit itself (where the mask is 255) is the model's.
    const [answerPixels, restoredPixels] = [await rgbaOf(answer), await rgbaOf(restored!)];
    const centre = (150 * 400 + 200) * 4;
    expect(restoredPixels.subarray(centre, centre + 4)).toEqual(answerPixels.subarray(centre, centre + 4));
  });

  it('leaves an answer that blended its own feather as it is: nothing outside the mask changed, nothing to restore', async () => {
    const original = await photo(400, 300);
    const mask = await discMask(400, 300, 80, 8);
    // The edit, blended by the mask's greys as the reference service blends it.
    const { data } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
    for (let p = 0; p < mask.weights.length; p++) {
      const w = mask.weights[p];
      data[p * 3] = (data[p * 3] * (255 - w) + 250 * w + 127) / 255;
    }
    const answer = await sharp(data, { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const guarded = await guardEdit({ original, mask: mask.png, answer, restore: true });
    expect(guarded.record).toMatchObject({ changedFraction: 0, restored: false });
    expect(guarded.restored).toBeNull();
  });

  it('leaves an obedient answer as it is, and counts codec noise as no change', async () => {
    const original = await photo(400, 300);
    const mask = await discMask(400, 300, 60);
    const obedient = await guardEdit({ original, mask: mask.png, answer: original, restore: true });
    expect(obedient.record).toMatchObject({ changedFraction: 0, restored: false });
    expect(obedient.restored).toBeNull();
    const jpeg = await sharp(original).jpeg({ quality: 85 }).toBuffer();
    const noisy = await guardEdit({ original, mask: mask.png, answer: jpeg, restore: false });
    expect(noisy.record.changedFraction).toBeLessThan(0.01);
    expect(noisy.restored).toBeNull();
  });

  it('brings an answer at the model’s own size back: padded when the aspect differs, stretched when it is close', async () => {
    const original = await photo(1600, 1067);
    const mask = await discMask(1600, 1067, 200);
    const square = await sharp(await leak(original, mask.weights, 0))
      .resize(1024, 1024, { fit: 'fill' })
      .png()
      .toBuffer();
    const padded = await guardEdit({ original, mask: mask.png, answer: square, restore: true });
    expect(padded.record).toMatchObject({ fit: 'padded', answeredAt: { width: 1024, height: 1024 }, restored: true });
    const meta = await sharp(padded.restored!).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1067]);
    expect(keptDiffer(await rgbaOf(original), await rgbaOf(padded.restored!), mask.weights)).toBe(0);

    const close = await sharp(original).resize(1536, 1024, { fit: 'fill' }).png().toBuffer(); // 1.5 vs 1.4995
    expect((await guardEdit({ original, mask: mask.png, answer: close, restore: false })).record.fit).toBe('stretched');
  });

  it('maps where the changes were', async () => {
    const original = await photo(480, 240);
    const disc = await discMask(480, 240, 30);
    // This mask as an RGB PNG (sharp writes a one-channel image so): read by luminance.
    const mask = {
      png: await sharp(disc.weights, { raw: { width: 480, height: 240, channels: 1 } })
        .png()
        .toBuffer(),
    };
    // The left half repainted, the right half kept.
    const { data, info } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
    for (let p = 0; p < info.width * info.height; p++) if (p % info.width < info.width / 2) data[p * 3 + 1] ^= 0x80;
    const answer = await sharp(data, { raw: { width: 480, height: 240, channels: 3 } })
      .png()
      .toBuffer();
    const { heatmap, changedFraction } = (await guardEdit({ original, mask: mask.png, answer, restore: false })).record;
    expect(changedFraction).toBeGreaterThan(0.45);
    expect([heatmap.width, heatmap.height]).toEqual([48, 24]);
    const cells = Buffer.from(heatmap.cells, 'base64');
    expect(cells[0]).toBe(255);
    expect(cells[47]).toBe(0);
  });
});

describe('mask geometry', () => {
  it('measures a feather as the width of its ramp', async () => {
    const { weights } = await discMask(300, 300, 90, 8);
    expect(featherOf(weights, 300, 300)).toBeGreaterThan(6);
    expect(featherOf(weights, 300, 300)).toBeLessThan(10);
    expect(featherOf((await discMask(300, 300, 90)).weights, 300, 300)).toBe(0);
  });

  it('grows a mask by a square of the radius', () => {
    const weights = new Uint8Array(49);
    weights[24] = 1;
    const grown = dilate(weights, 7, 7, 2);
    const rows = Array.from({ length: 7 }, (_, y) => [...grown.subarray(y * 7, y * 7 + 7)].join(''));
    expect(rows).toEqual(['0000000', '0111110', '0111110', '0111110', '0111110', '0111110', '0000000']);
  });

  it('reads a mask by luminance times alpha', () => {
    const data = Buffer.from([255, 255, 255, 255, 255, 255, 255, 0, 128, 128, 128, 255, 0, 0, 0, 255]);
    expect([...maskWeights({ data, width: 4, height: 1 })]).toEqual([255, 0, 128, 0]);
  });
});
