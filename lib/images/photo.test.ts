import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkImage, type CheckedImage } from '../edits/image-input';
import { sniffType } from '../storage/sniff';
import { QUARTERS, cameraJpeg, colourAt, deepPng, near, opaqueRgbaMask, palettePngWithAlpha } from '../../test/support/photos';
import { maskPng } from '@atelier/reference-service/testing';
import { pixelsInDecode, withDecodeBudget } from './decode-gate';
import { exifOrientation, heifTransforms } from './orientation';

const HEIC = path.join(__dirname, '../../test/fixtures/photos/portrait-o6.heic');
const bytesOf = async (image: CheckedImage) => Buffer.from(await image.data.arrayBuffer());

/** The four quarters' centres of an image, as upright. */
async function quartersOf(image: CheckedImage) {
  const bytes = await bytesOf(image);
  const [w, h] = [image.width, image.height];
  return {
    topLeft: await colourAt(bytes, Math.floor(w / 4), Math.floor(h / 4)),
    topRight: await colourAt(bytes, Math.floor((3 * w) / 4), Math.floor(h / 4)),
    bottomLeft: await colourAt(bytes, Math.floor(w / 4), Math.floor((3 * h) / 4)),
    bottomRight: await colourAt(bytes, Math.floor((3 * w) / 4), Math.floor((3 * h) / 4)),
  };
}
/** Each quarter where it belongs: its colour within a JPEG's error, or (`hue`) at least its strongest channel. */
const upright = async (image: CheckedImage, compare: 'colour' | 'hue' = 'colour') => {
  const seen = await quartersOf(image);
  const strongest = (rgb: readonly number[]) => rgb.indexOf(Math.max(...rgb));
  for (const corner of Object.keys(QUARTERS) as (keyof typeof QUARTERS)[]) {
    const same = compare === 'colour' ? near(seen[corner], QUARTERS[corner]) : strongest(seen[corner]) === strongest(QUARTERS[corner]);
    expect(same, `${corner}: ${seen[corner]}`).toBe(true);
  }
};

describe('photos as cameras write them', () => {
  let camera: Buffer; // a 24 MP camera's 6000×4000
  let fitted: CheckedImage;
  beforeAll(async () => {
    camera = await cameraJpeg(6000, 4000);
    fitted = await checkImage(camera, 'image', { fit: true });
  });

  it('a 6000×4000 camera JPEG is refused naming fit, and fitted to 4096×2731 with it', async () => {
    await expect(checkImage(camera, 'image')).rejects.toMatchObject({
      code: 'invalid_input',
      reason: 'imageTooLarge',
      message: expect.stringContaining('fit=true'),
    });
    expect([fitted.width, fitted.height, fitted.contentType]).toEqual([4096, 2731, 'image/jpeg']);
    expect(fitted.fittedFrom).toEqual({ width: 6000, height: 4000 });
    await upright(fitted);
  });

  it('a mask of the photo’s size is fitted with it, keeping only its own values', async () => {
    const image = fitted;
    const white = { input: { create: { width: 3000, height: 2000, channels: 3, background: '#fff' } }, left: 1000, top: 1000 } as const;
    const big = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#000' } })
      .composite([white])
      .png()
      .toBuffer();
    const mask = await checkImage(big, 'mask', { fittedImage: image });
    expect([mask.width, mask.height]).toEqual([4096, 2731]);
    const { data } = await sharp(await bytesOf(mask))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(new Set(data)).toEqual(new Set([0, 255]));
    // A mask of another size is left as it came, for the size check to name both.
    const other = await checkImage(await maskPng(600, 400, { x: 10, y: 10, w: 30, h: 20 }, 0), 'mask', { fittedImage: image });
    expect([other.width, other.height]).toEqual([600, 400]);
  });

  it('a phone JPEG stored on its side (orientation 6) comes out upright, its size as shown', async () => {
    const image = await checkImage(await cameraJpeg(480, 640, { orientation: 6 }), 'image');
    expect([image.width, image.height]).toEqual([480, 640]);
    expect(image.conversions).toEqual(['orientation']);
    await upright(image);
  });

  it('an iPhone HEIC is decoded in a worker, upright by its EXIF tag (no irot in this file)', async () => {
    const heic = await readFile(HEIC);
    expect(sniffType(heic.subarray(0, 16))).toBe('image/heic');
    expect(heifTransforms(heic)).toBe(false);
    const image = await checkImage(heic, 'image');
    expect([image.width, image.height, image.contentType]).toEqual([480, 640, 'image/jpeg']);
    expect(image.conversions).toEqual(['heic']);
    await upright(image);
  });

  it('CMYK becomes sRGB, 16 bits become 8; palette+alpha and progressive files go as they came', async () => {
    const cmyk = await checkImage(await cameraJpeg(400, 300, { cmyk: true }), 'image');
    expect(cmyk.conversions).toEqual(['cmyk']);
    expect((await sharp(await bytesOf(cmyk)).metadata()).space).toBe('srgb');
    await upright(cmyk, 'hue'); // through a CMYK profile and back: the same colours (not inverted), not the same numbers

    const deep = await checkImage(await deepPng(400, 300), 'image');
    expect([deep.conversions, deep.contentType]).toEqual([['16-bit'], 'image/png']);
    expect((await sharp(await bytesOf(deep)).metadata()).depth).toBe('uchar');
    await upright(deep);

    for (const file of [await palettePngWithAlpha(400, 300), await cameraJpeg(400, 300, { progressive: true })]) {
      const image = await checkImage(file, 'image');
      expect(image.conversions).toEqual([]);
      expect((await bytesOf(image)).equals(file)).toBe(true);
    }
  });

  it('an opaque RGBA mask reaches the service as it is (the service reads its luminance)', async () => {
    const mask = await opaqueRgbaMask(400, 300);
    expect((await checkImage(mask, 'mask')).conversions).toEqual([]);
  });

  it('refuses a JPEG whose header claims more pixels than its data holds, at any size', async () => {
    const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    const lying = (side: number) => {
      const bytes = Buffer.from(small);
      const sof = bytes.findIndex((byte, i) => byte === 0xff && bytes[i + 1] === 0xc0);
      bytes.writeUInt16BE(side, sof + 5); // height, then width
      bytes.writeUInt16BE(side, sof + 7);
      return bytes;
    };
    // Past 4096 (fitted on the way), and within it (decoded as it is).
    await expect(checkImage(lying(8192), 'image', { fit: true })).rejects.toMatchObject({ code: 'invalid_input', reason: 'imageFormat' });
    await expect(checkImage(lying(2048), 'image')).rejects.toMatchObject({ code: 'invalid_input', reason: 'imageFormat' });
    expect((await checkImage(small, 'image')).width).toBe(64);
  });

  it('reads the EXIF orientation tag in either byte order, with or without its prefix', () => {
    const tiff = (little: boolean, value: number) => {
      const b = Buffer.alloc(26);
      b.write(little ? 'II' : 'MM', 0, 'latin1');
      const u16 = (v: number, at: number) => (little ? b.writeUInt16LE(v, at) : b.writeUInt16BE(v, at));
      const u32 = (v: number, at: number) => (little ? b.writeUInt32LE(v, at) : b.writeUInt32BE(v, at));
      u16(42, 2);
      u32(8, 4);
      u16(1, 8);
      u16(0x0112, 10);
      u16(3, 12);
      u32(1, 14);
      u16(value, 18);
      return b;
    };
    expect(exifOrientation(tiff(true, 6))).toBe(6);
    expect(exifOrientation(tiff(false, 8))).toBe(8);
    expect(exifOrientation(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff(false, 3)]))).toBe(3);
    expect(exifOrientation(tiff(true, 77))).toBe(1);
    expect(exifOrientation(undefined)).toBe(1);
  });

  it('decodes one 48 MP photo at a time: the second waits for the first', async () => {
    const order: string[] = [];
    let release!: () => void;
    const first = withDecodeBudget(48_000_000, () => new Promise<void>((resolve) => ((release = resolve), order.push('first'))));
    const second = withDecodeBudget(48_000_000, async () => void order.push('second'));
    const small = withDecodeBudget(1_000_000, async () => void order.push('small'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['first', 'small']);
    expect(pixelsInDecode()).toBe(48_000_000);
    release();
    await Promise.all([first, second, small]);
    expect(order).toEqual(['first', 'small', 'second']);
    expect(pixelsInDecode()).toBe(0);
  });
});
