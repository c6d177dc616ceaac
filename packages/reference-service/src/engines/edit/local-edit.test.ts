import { describe, expect, it } from 'vitest';
import { localEdit, planLocalEdit } from './local-edit';
import type { RawImage } from '../pixels/raw';

/** Blue-green fabric: a smooth gradient, a woven texture and soft shading, alpha varying. */
function fabric(width = 160, height = 120): RawImage {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const weave = ((x >> 2) + (y >> 2)) % 2 ? 28 : -28;
      const shade = 60 * Math.sin((x + y) / 25);
      const i = (y * width + x) * 4;
      data[i] = Math.max(0, Math.min(255, 40 + weave * 0.5 + shade * 0.4));
      data[i + 1] = Math.max(0, Math.min(255, 120 + weave + shade));
      data[i + 2] = Math.max(0, Math.min(255, 150 + weave + shade));
      data[i + 3] = 255 - ((x * 3) % 256);
    }
  }
  return { data, width, height };
}

const channelMean = (img: RawImage, c: number) => {
  let s = 0;
  for (let i = c; i < img.data.length; i += 4) s += img.data[i];
  return s / (img.data.length / 4);
};

const luma = (img: RawImage) => {
  const out = new Float64Array(img.width * img.height);
  for (let p = 0; p < out.length; p++) out[p] = 0.2126 * img.data[p * 4] + 0.7152 * img.data[p * 4 + 1] + 0.0722 * img.data[p * 4 + 2];
  return out;
};

function correlation(a: Float64Array, b: Float64Array): number {
  let ma = 0,
    mb = 0;
  for (let i = 0; i < a.length; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= a.length;
  mb /= b.length;
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < a.length; i++) {
    sab += (a[i] - ma) * (b[i] - mb);
    saa += (a[i] - ma) ** 2;
    sbb += (b[i] - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

function gradientEnergy(img: RawImage): number {
  const l = luma(img);
  let e = 0;
  for (let y = 0; y < img.height - 1; y++) {
    for (let x = 0; x < img.width - 1; x++) {
      const i = y * img.width + x;
      e += (l[i + 1] - l[i]) ** 2 + (l[i + img.width] - l[i]) ** 2;
    }
  }
  return e;
}

function expectAlphaKept(a: RawImage, b: RawImage) {
  expect(b.width).toBe(a.width);
  expect(b.height).toBe(a.height);
  for (let i = 3; i < a.data.length; i += 4) if (a.data[i] !== b.data[i]) throw new Error(`alpha changed at ${i}`);
}

describe('localEdit', () => {
  const img = fabric();

  it('"make it red" turns the area red and keeps its texture and shading', async () => {
    const out = await localEdit(img, 'make it red', 1);
    expectAlphaKept(img, out);
    expect(channelMean(out, 0)).toBeGreaterThan(channelMean(img, 0) + 60);
    expect(channelMean(out, 0)).toBeGreaterThan(channelMean(out, 1) + 50);
    expect(correlation(luma(img), luma(out))).toBeGreaterThan(0.9);
  });

  it('understands Chinese colour requests (变成蓝色)', async () => {
    const warm = await localEdit(img, 'make it orange', 1);
    const out = await localEdit(warm, '变成蓝色', 1);
    expect(planLocalEdit('变成蓝色').op).toBe('recolor');
    expect(channelMean(out, 2)).toBeGreaterThan(channelMean(warm, 2) + 60);
    expect(channelMean(out, 2)).toBeGreaterThan(channelMean(out, 0) + 60);
    expect(correlation(luma(warm), luma(out))).toBeGreaterThan(0.9);
  });

  it('blurs on request and removes most of the fine detail', async () => {
    for (const prompt of ['blur this', '模糊处理']) {
      const out = await localEdit(img, prompt, 1);
      expectAlphaKept(img, out);
      expect(gradientEnergy(out)).toBeLessThan(gradientEnergy(img) * 0.25);
    }
  });

  it('brightens, darkens, desaturates and pixelates', async () => {
    const mean = (x: RawImage) => luma(x).reduce((a, b) => a + b, 0) / (x.width * x.height);
    expect(mean(await localEdit(img, 'make it brighter', 1))).toBeGreaterThan(mean(img) + 25);
    expect(mean(await localEdit(img, '提亮一点', 1))).toBeGreaterThan(mean(img) + 25);
    expect(mean(await localEdit(img, 'darken', 1))).toBeLessThan(mean(img) - 25);
    expect(mean(await localEdit(img, '变暗', 1))).toBeLessThan(mean(img) - 25);
    const gray = await localEdit(img, '黑白', 1);
    for (let i = 0; i < gray.data.length; i += 4) if (gray.data[i] !== gray.data[i + 1] || gray.data[i] !== gray.data[i + 2]) throw new Error('not gray');
    const blocks = await localEdit(img, '打上马赛克', 1);
    expectAlphaKept(img, blocks);
    expect(blocks.data.readUInt32LE(0) & 0xffffff).toBe(blocks.data.readUInt32LE(4) & 0xffffff);
  });

  it('falls back to a visible stylisation, deterministically', async () => {
    const a = await localEdit(img, 'make it look nicer', 5);
    const b = await localEdit(img, 'make it look nicer', 5);
    expect(a.data.equals(b.data)).toBe(true);
    expectAlphaKept(img, a);
    let diff = 0;
    for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) diff += Math.abs(a.data[i] - img.data[i]);
    expect(diff / (img.width * img.height * 3)).toBeGreaterThan(8);
  });
});

describe('planLocalEdit', () => {
  it.each([
    ['make it red', 'recolor'],
    ['变成红色', 'recolor'],
    ['make it dark red', 'recolor'],
    ['blur the red car', 'blur'],
    ['black and white please', 'desaturate'],
    ['grayscale', 'desaturate'],
    ['pixelate the face', 'pixelate'],
    ['brighten', 'brighten'],
    ['make it lighter', 'brighten'],
    ['darker', 'darken'],
    ['add some magic', 'stylize'],
  ] as const)('%s -> %s', (prompt, op) => {
    expect(planLocalEdit(prompt).op).toBe(op);
  });

  it('stylises with a named style, else cartoon', () => {
    expect(planLocalEdit('make this part watercolor')).toEqual({ op: 'stylize', style: 'watercolor' });
    expect(planLocalEdit('something else')).toEqual({ op: 'stylize', style: 'cartoon' });
  });
});
