import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, toSharp, type RawImage } from '../pixels/raw';
import { upscale } from './upscale';

/** Text-free detail: outlined circles, a fine checkerboard, thin lines of several widths, on a tinted ground. */
async function detailed(size: number): Promise<RawImage> {
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    shapes.push(
      `<circle cx="${(i * 73) % 512}" cy="${(i * 131) % 512}" r="${8 + ((i * 17) % 60)}" fill="hsl(${i * 37},70%,${30 + ((i * 11) % 40)}%)" stroke="#111" stroke-width="3"/>`,
    );
  }
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) if ((x + y) % 2) shapes.push(`<rect x="${256 + x * 12}" y="${20 + y * 12}" width="12" height="12" fill="#222"/>`);
  for (let i = 0; i < 20; i++) shapes.push(`<line x1="${i * 25}" y1="362" x2="${i * 25 + 60}" y2="492" stroke="#fff" stroke-width="${1 + (i % 4)}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512"><rect width="512" height="512" fill="#d9c9a0"/>${shapes.join('')}</svg>`;
  return decodeRaw(await sharp(Buffer.from(svg)).png().toBuffer());
}

function luma(img: RawImage): Float64Array {
  const out = new Float64Array(img.width * img.height);
  for (let p = 0; p < out.length; p++) out[p] = 0.2126 * img.data[p * 4] + 0.7152 * img.data[p * 4 + 1] + 0.0722 * img.data[p * 4 + 2];
  return out;
}

function gradient(l: Float64Array, w: number, h: number): Float64Array {
  const g = new Float64Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) g[y * w + x] = Math.hypot(l[y * w + x + 1] - l[y * w + x - 1], l[(y + 1) * w + x] - l[(y - 1) * w + x]);
  return g;
}

function psnr(a: RawImage, b: RawImage): number {
  let se = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) se += (a.data[i] - b.data[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (se / ((a.data.length / 4) * 3)));
}

describe('upscale', () => {
  const size = 384;
  let original: RawImage;
  let small: RawImage;
  let trueEdges: number[];
  const edgeSharpness = (img: RawImage) => {
    const g = gradient(luma(img), size, size);
    return trueEdges.reduce((s, i) => s + g[i], 0) / trueEdges.length;
  };

  beforeAll(async () => {
    original = await detailed(size);
    small = await decodeRaw(toSharp(original).resize(size / 4, size / 4, { kernel: 'lanczos3' }));
    const g = gradient(luma(original), size, size);
    trueEdges = [];
    for (let i = 0; i < g.length; i++) if (g[i] > 60) trueEdges.push(i);
  });

  it('hd recovers more than standard, and both beat nearest-neighbour', async () => {
    const nearest = await decodeRaw(toSharp(small).resize(size, size, { kernel: 'nearest' }));
    const standard = await upscale(small, size, size, 'standard');
    const hd = await upscale(small, size, size, 'hd');
    const score = (img: RawImage) => ({ psnr: psnr(original, img), edges: edgeSharpness(img) });
    const [n, s, h] = [score(nearest), score(standard), score(hd)];
    expect(s.psnr).toBeGreaterThan(n.psnr);
    expect(h.psnr).toBeGreaterThan(n.psnr);
    expect(h.psnr).toBeGreaterThan(s.psnr);
    expect(h.edges).toBeGreaterThan(s.edges * 1.2);
  });

  it.each([
    [96, 96, 384, 384],
    [96, 96, 250, 131],
    [96, 96, 96, 96],
    [96, 96, 40, 70],
    [1, 1, 5, 3],
  ])('gives exactly the requested size (%i x %i -> %i x %i)', async (w, h, W, H) => {
    const src = w === 96 ? small : { data: Buffer.from([9, 99, 199, 255]), width: 1, height: 1 };
    for (const quality of ['standard', 'hd'] as const) {
      const out = await upscale(src, W, H, quality);
      expect([out.width, out.height, out.data.length]).toEqual([W, H, W * H * 4]);
    }
  });

  it('at the same size it only enhances detail, and never adds halos on flat ground', async () => {
    const out = await upscale(original, size, size, 'hd');
    expect(psnr(original, out)).toBeGreaterThan(28);
    expect(edgeSharpness(out)).toBeGreaterThanOrEqual(edgeSharpness(original) * 0.98);
    const flat = await upscale({ data: Buffer.alloc(32 * 32 * 4, 128), width: 32, height: 32 }, 64, 64, 'hd');
    expect(flat.data.every((v) => v === 128)).toBe(true);
  });

  it('resamples alpha with the image and keeps colour true at the alpha edge', async () => {
    const w = 16;
    const data = Buffer.alloc(w * w * 4);
    for (let p = 0; p < w * w; p++) if (p % w >= 8) data.set([250, 30, 30, 255], p * 4);
    for (const quality of ['standard', 'hd'] as const) {
      const out = await upscale({ data, width: w, height: w }, 64, 64, quality);
      for (let p = 0; p < 64 * 64; p++) {
        const a = out.data[p * 4 + 3];
        if (p % 64 < 28) expect(a).toBe(0);
        if (p % 64 >= 36) expect(a).toBe(255);
        if (a > 32) expect(out.data[p * 4]).toBeGreaterThan(235);
      }
    }
  });

  it('rejects sizes that are not positive integers', async () => {
    await expect(upscale(small, 0, 10, 'hd')).rejects.toThrow(RangeError);
    await expect(upscale(small, 10.5, 10, 'standard')).rejects.toThrow(RangeError);
  });
});
