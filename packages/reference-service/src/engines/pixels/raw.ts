import sharp, { type Sharp } from 'sharp';

/** An 8-bit RGBA image, row-major, 4 bytes a pixel. Every engine works on this shape. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

export type Rgb = [number, number, number];

export async function decodeRaw(input: Buffer | Sharp): Promise<RawImage> {
  const pipeline = Buffer.isBuffer(input) ? sharp(input, { limitInputPixels: 4096 * 4096 }) : input;
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function toSharp(img: RawImage): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } });
}

/** Lossless PNG; identical pixels always give identical bytes. */
export function encodePng(img: RawImage): Promise<Buffer> {
  return toSharp(img).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

export function blankImage(width: number, height: number, fill: [number, number, number, number] = [0, 0, 0, 0]): RawImage {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = fill[0];
    data[i + 1] = fill[1];
    data[i + 2] = fill[2];
    data[i + 3] = fill[3];
  }
  return { data, width, height };
}

/** FNV-1a over the parts: a stable 32-bit seed for deterministic engines. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = `${part}\u0000`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h >>> 0;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
