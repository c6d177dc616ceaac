import sharp, { type Sharp } from 'sharp';

// Files as cameras and phones write them, made with sharp: each shows four coloured quarters, so a
// test can tell which way up it came out.

export const QUARTERS = {
  topLeft: [220, 40, 40],
  topRight: [40, 190, 60],
  bottomLeft: [40, 60, 220],
  bottomRight: [235, 215, 40],
} as const;

/** An upright picture of four quarters (solid rectangles, so a 48 MP one is quick to make). */
async function quarters(width: number, height: number): Promise<Sharp> {
  const [w, h] = [Math.ceil(width / 2), Math.ceil(height / 2)];
  const rgb = ([r, g, b]: readonly number[]) => ({ r, g, b });
  const block = (colour: readonly number[], left: number, top: number) => ({
    input: {
      create: { width: width - left < w ? width - left : w, height: height - top < h ? height - top : h, channels: 3 as const, background: rgb(colour) },
    },
    left,
    top,
  });
  const base = sharp({ create: { width, height, channels: 3, background: rgb(QUARTERS.topLeft) } });
  const raw = await base
    .composite([block(QUARTERS.topRight, w, 0), block(QUARTERS.bottomLeft, 0, h), block(QUARTERS.bottomRight, w, h)])
    .removeAlpha()
    .raw()
    .toBuffer();
  // A fresh pipeline: sharp composites last, after any turn asked of the same one.
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A camera JPEG that shows as `width`×`height`; `orientation` 6 stores it turned, as a phone held upright does. */
export async function cameraJpeg(width: number, height: number, options: { orientation?: 1 | 6; progressive?: boolean; cmyk?: boolean } = {}): Promise<Buffer> {
  let image = await quarters(width, height);
  // Orientation 6 means "turn 90° clockwise to show": store the picture turned the other way.
  if (options.orientation === 6) image = image.rotate(270);
  if (options.cmyk) image = image.toColourspace('cmyk');
  const jpeg = image.jpeg({ quality: 90, progressive: options.progressive ?? false });
  return options.orientation ? jpeg.withMetadata({ orientation: options.orientation }).toBuffer() : jpeg.toBuffer();
}

/** A 16-bit-a-channel PNG (scanners, HDR exports). */
export async function deepPng(width: number, height: number): Promise<Buffer> {
  return (await quarters(width, height)).toColourspace('rgb16').png().toBuffer();
}

/** A palette PNG whose right half is transparent (a tRNS chunk), as image tools save small files. */
export async function palettePngWithAlpha(width: number, height: number): Promise<Buffer> {
  const rgb = await (await quarters(width, height)).raw().toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgba.set(rgb.subarray(p * 3, p * 3 + 3), p * 4);
    rgba[p * 4 + 3] = p % width < width / 2 ? 255 : 0;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ palette: true })
    .toBuffer();
}

/** A mask saved as an opaque RGBA PNG: a white disc on black, alpha 255 everywhere. */
export async function opaqueRgbaMask(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha(1).png().toBuffer();
}

/** The colour at (x, y) of a decoded image, RGB. */
export async function colourAt(image: Buffer | Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return Array.from(data.subarray(at, at + 3));
}

/** Whether two colours are the same within a lossy codec's error. */
export const near = (a: readonly number[], b: readonly number[], tolerance = 24) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);

/**
 * An edit's result against what it was given, under its mask (one byte a pixel, 0 = keep): how many
 * pixels the mask keeps, the first of them that changed (null if none did: the service must give
 * them back byte for byte), and how many it paints that changed. `before` and `after` are RGB.
 */
export function underMask(before: Uint8Array, after: Uint8Array, mask: Uint8Array, width: number) {
  let [kept, changed] = [0, 0];
  let keptButChanged: string | null = null;
  for (let p = 0; p < mask.length; p++) {
    const same = before[3 * p] === after[3 * p] && before[3 * p + 1] === after[3 * p + 1] && before[3 * p + 2] === after[3 * p + 2];
    if (mask[p] !== 0) changed += same ? 0 : 1;
    else {
      kept++;
      if (!same) keptButChanged ??= `${p % width},${Math.floor(p / width)}`;
    }
  }
  return { kept, keptButChanged, changed };
}
