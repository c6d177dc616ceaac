import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeRaw, type RawImage } from '../pixels/raw';
import { applyStyle, DEFAULT_STYLE, EDIT_STYLES, pickStyle, type EditStyle } from './style';

/** A small "photo": gradients, hard shapes, fine texture and a non-trivial alpha ramp. */
async function testImage(size: number): Promise<RawImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f6d365"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#s)"/>
    <circle cx="190" cy="60" r="28" fill="#ffcc55"/>
    <path d="M0 170 L60 95 L110 150 L160 85 L256 170 L256 256 L0 256Z" fill="#6d6875"/>
    <path d="M0 185 Q128 150 256 190 L256 256 L0 256Z" fill="#2e7d32"/>
    <rect x="40" y="165" width="60" height="45" fill="#e07a5f"/><rect x="62" y="185" width="15" height="25" fill="#3d2c1e"/>
    <circle cx="180" cy="195" r="22" fill="#1b5e20"/><ellipse cx="128" cy="235" rx="35" ry="9" fill="#1565c0"/>
  </svg>`;
  const img = await decodeRaw(await sharp(Buffer.from(svg)).png().toBuffer());
  let a = 99;
  for (let p = 0, i = 0; i < img.data.length; p++, i += 4) {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    const d = ((a >>> 16) % 13) - 6;
    for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c] + d));
    img.data[i + 3] = 255 - ((p % size) * 200) / size; // alpha ramp, left opaque to right 22%
  }
  return img;
}

function meanAbsDiff(a: RawImage, b: RawImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / ((a.data.length / 4) * 3);
}

describe('applyStyle', () => {
  let input: RawImage;
  const outputs = new Map<EditStyle, RawImage>();

  beforeAll(async () => {
    input = await testImage(256);
    for (const style of EDIT_STYLES) outputs.set(style, await applyStyle(input, style, 42));
  });

  it.each(EDIT_STYLES)('%s keeps the size, copies alpha through and changes the picture substantially', (style) => {
    const out = outputs.get(style)!;
    expect(out.width).toBe(input.width);
    expect(out.height).toBe(input.height);
    expect(out.data.length).toBe(input.data.length);
    for (let i = 3; i < input.data.length; i += 4) if (out.data[i] !== input.data[i]) throw new Error(`alpha changed at byte ${i}`);
    expect(meanAbsDiff(input, out)).toBeGreaterThan(10);
  });

  it('gives clearly different looks for every pair of styles', () => {
    for (let i = 0; i < EDIT_STYLES.length; i++) {
      for (let j = i + 1; j < EDIT_STYLES.length; j++) {
        const d = meanAbsDiff(outputs.get(EDIT_STYLES[i])!, outputs.get(EDIT_STYLES[j])!);
        expect(d, `${EDIT_STYLES[i]} vs ${EDIT_STYLES[j]}`).toBeGreaterThan(8);
      }
    }
  });

  it.each(EDIT_STYLES)('%s is deterministic for the same input and seed', async (style) => {
    const again = await applyStyle(input, style, 42);
    expect(again.data.equals(outputs.get(style)!.data)).toBe(true);
  });

  it('uses the seed for its random texture', async () => {
    const other = await applyStyle(input, 'vintage', 43);
    expect(other.data.equals(outputs.get('vintage')!.data)).toBe(false);
  });

  it('handles tiny and non-square images', async () => {
    const tiny = await testImage(256);
    const strip = { data: tiny.data.subarray(0, 256 * 3 * 4), width: 256, height: 3 };
    for (const style of EDIT_STYLES) {
      const out = await applyStyle(strip, style, 1);
      expect(out.data.length, style).toBe(strip.data.length);
    }
    const one = { data: Buffer.from([10, 200, 30, 128]), width: 1, height: 1 };
    for (const style of EDIT_STYLES) expect((await applyStyle(one, style, 1)).data[3]).toBe(128);
  });
});

describe('pickStyle', () => {
  it.each([
    ['turn this into a watercolor painting', 'watercolor'],
    ['make it an oil painting', 'oil'],
    ['pencil drawing please', 'sketch'],
    ['a rough sketch', 'sketch'],
    ['8-bit pixel art', 'pixel'],
    ['anime style', 'cartoon'],
    ['like a cartoon', 'cartoon'],
    ['black and white film noir', 'noir'],
    ['old sepia photo', 'vintage'],
    ['retro look', 'vintage'],
    ['pop art like Warhol', 'popart'],
    ['neon cyberpunk city', 'cyberpunk'],
    ['转换成水彩风格', 'watercolor'],
    ['油画风格', 'oil'],
    ['铅笔素描', 'sketch'],
    ['像素风', 'pixel'],
    ['动漫风格', 'cartoon'],
    ['卡通', 'cartoon'],
    ['黑白照片', 'noir'],
    ['复古怀旧的感觉', 'vintage'],
    ['波普艺术', 'popart'],
    ['赛博朋克霓虹', 'cyberpunk'],
  ] as const)('%s -> %s', (prompt, style) => {
    expect(pickStyle(prompt)).toBe(style);
  });

  it('takes the style named first and falls back to the default', () => {
    expect(pickStyle('sketch, not watercolor')).toBe('sketch');
    expect(pickStyle('make it artistic')).toBe(DEFAULT_STYLE);
    expect(pickStyle('')).toBe(DEFAULT_STYLE);
  });
});
