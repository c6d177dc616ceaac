import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type GenerateImageOptions, IMAGE_STYLES, type ImageStyle, generateImage, renderBackdrop } from './text-to-image';

interface Decoded {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

async function decode(png: Buffer): Promise<Decoded> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function gen(style: ImageStyle, prompt: string, extra: Partial<GenerateImageOptions> = {}): Promise<Buffer> {
  return generateImage({ style, prompt, width: 256, height: 256, background: 'opaque', seed: 7, ...extra });
}

function mean(img: Decoded): { r: number; g: number; b: number; luma: number } {
  let r = 0;
  let g = 0;
  let b = 0;
  const n = img.width * img.height;
  for (let i = 0; i < img.data.length; i += img.channels) {
    r += img.data[i];
    g += img.data[i + 1];
    b += img.data[i + 2];
  }
  return { r: r / n, g: g / n, b: b / n, luma: (0.299 * r + 0.587 * g + 0.114 * b) / n };
}

function alphaCounts(img: Decoded): { clear: number; solid: number } {
  let clear = 0;
  let solid = 0;
  if (img.channels < 4) return { clear: 0, solid: img.width * img.height };
  for (let i = 3; i < img.data.length; i += 4) {
    if (img.data[i] === 0) clear++;
    if (img.data[i] === 255) solid++;
  }
  return { clear, solid };
}

describe('generateImage', () => {
  it.each(IMAGE_STYLES)('%s is deterministic and seed-sensitive', async (style) => {
    const a = await gen(style, 'a cat in a meadow at sunset');
    const b = await gen(style, 'a cat in a meadow at sunset');
    const c = await gen(style, 'a cat in a meadow at sunset', { seed: 8 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it.each(IMAGE_STYLES)('%s follows named colours, in English and Chinese', async (style) => {
    for (const [red, blue] of [
      ['a red sky over the hills', 'a blue sky over the hills'],
      ['red', 'blue'],
      ['红色的天空和山', '蓝色的天空和山'],
    ]) {
      const r = mean(await decode(await gen(style, red)));
      const b = mean(await decode(await gen(style, blue)));
      expect(r.r - r.b, `${style}: "${red}" vs "${blue}"`).toBeGreaterThan(b.r - b.b + 15);
    }
  });

  it.each(IMAGE_STYLES)('%s makes night darker than day', async (style) => {
    for (const [night, day] of [
      ['mountains and a lake at night', 'mountains and a lake during the day'],
      ['夜晚的城市', '白天的城市'],
    ]) {
      const n = mean(await decode(await gen(style, night)));
      const d = mean(await decode(await gen(style, day)));
      expect(n.luma, `${style}: "${night}"`).toBeLessThan(d.luma - 15);
    }
  });

  it.each(IMAGE_STYLES)('%s cut-outs have real transparency; opaque images have none', async (style) => {
    for (const [prompt, background] of [
      ['a cat sticker', 'auto'],
      ['snowy mountains', 'transparent'],
      ['something pretty', 'transparent'],
    ] as const) {
      const img = await decode(await gen(style, prompt, { background }));
      expect(img.channels).toBe(4);
      const { clear, solid } = alphaCounts(img);
      expect(clear, `${style} ${prompt}`).toBeGreaterThan(img.width * img.height * 0.05);
      expect(solid, `${style} ${prompt}`).toBeGreaterThan(img.width * img.height * 0.05);
    }
    const opaque = await decode(await gen(style, 'a cat sticker', { background: 'opaque' }));
    expect(alphaCounts(opaque).clear).toBe(0);
    const auto = await decode(await gen(style, 'a cat on a sofa', { background: 'auto' }));
    expect(alphaCounts(auto).clear).toBe(0);
  });

  it('gives five clearly different looks for one prompt', async () => {
    const images = await Promise.all(IMAGE_STYLES.map(async (s) => decode(await gen(s, 'a house by a lake under a cloudy sky'))));
    for (let a = 0; a < images.length; a++) {
      for (let b = a + 1; b < images.length; b++) {
        let diff = 0;
        for (let i = 0; i < images[a].data.length; i++) diff += Math.abs(images[a].data[i] - images[b].data[i]);
        const perChannel = diff / images[a].data.length;
        expect(perChannel, `${IMAGE_STYLES[a]} vs ${IMAGE_STYLES[b]}`).toBeGreaterThan(8);
      }
    }
  });

  it.each([
    [64, 64],
    [1280, 720],
    [720, 1280],
    [1024, 1024],
    [333, 97],
  ])('every style returns exactly %i x %i', async (width, height) => {
    for (const style of IMAGE_STYLES) {
      const meta = await sharp(await gen(style, 'a castle on a hill', { width, height })).metadata();
      expect([meta.width, meta.height], style).toEqual([width, height]);
    }
  });

  it('renders 2048 and 4096 squares at the exact size', async () => {
    for (const [style, size] of [
      ['mosaic', 2048],
      ['pixel', 4096],
      ['aquarelle', 4096],
    ] as const) {
      const meta = await sharp(await gen(style, 'sunset over the sea', { width: size, height: size })).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
  });

  it('survives hostile prompts', async () => {
    for (const prompt of ['', '🙂'.repeat(500), 'x'.repeat(32_000), '山'.repeat(32_000)]) {
      const png = await generateImage({ style: 'vista', prompt, width: 96, height: 96, background: 'auto', seed: 1 });
      expect((await sharp(png).metadata()).width).toBe(96);
    }
  });
});

describe('renderBackdrop', () => {
  it('returns an opaque, deterministic scene of the requested size', async () => {
    const a = await renderBackdrop({ prompt: 'a cat on a beach at sunset', width: 300, height: 200, seed: 3 });
    const b = await renderBackdrop({ prompt: 'a cat on a beach at sunset', width: 300, height: 200, seed: 3 });
    expect([a.width, a.height]).toEqual([300, 200]);
    expect(a.data.length).toBe(300 * 200 * 4);
    expect(a.data.equals(b.data)).toBe(true);
    for (let i = 3; i < a.data.length; i += 4) if (a.data[i] !== 255) throw new Error('backdrop has transparency');
    const ink = await renderBackdrop({ prompt: 'mountains', width: 128, height: 128, seed: 3, style: 'ink' });
    expect([ink.width, ink.height]).toEqual([128, 128]);
  });
});
