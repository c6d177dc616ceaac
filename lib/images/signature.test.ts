import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashDistance, imageSignature } from './signature';

// Pictures drawn for the test (landscapes of shapes and gradients, 640×480 PNGs), each changed as
// a result is in practice: re-encoded, cropped a little, resized, brightened. The hash of each change
// stays within a few bits of the original's; other pictures are far.

const scene = (sky: string, ground: string, sun: [number, number], hills: string) => `
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="640" height="480" fill="url(#s)"/>
  <circle cx="${sun[0]}" cy="${sun[1]}" r="54" fill="#ffd35a"/>
  <path d="${hills}" fill="${ground}"/>
  <rect x="420" y="250" width="40" height="140" fill="#5b3a29"/>
</svg>`;

const PICTURES = [
  scene('#1d4f91', '#2f7d32', [140, 110], 'M0 330 Q160 220 320 320 T640 300 V480 H0 Z'),
  scene('#b6452c', '#6b4f2a', [500, 160], 'M0 400 L200 260 L360 380 L520 240 L640 360 V480 H0 Z'),
  scene('#0f1c2e', '#1e2b3a', [320, 90], 'M0 260 H640 V480 H0 Z'),
  scene('#7fc4e8', '#c9b27c', [80, 380], 'M0 420 Q320 300 640 420 V480 H0 Z'),
];

const png = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

async function changes(original: Buffer) {
  const { width = 0, height = 0 } = await sharp(original).metadata();
  return {
    'a JPEG at quality 80': await sharp(original).jpeg({ quality: 80 }).toBuffer(),
    'a 5 % crop': await sharp(original)
      .extract({ left: Math.round(width * 0.025), top: Math.round(height * 0.025), width: Math.round(width * 0.95), height: Math.round(height * 0.95) })
      .png()
      .toBuffer(),
    'half the size': await sharp(original)
      .resize(Math.round(width / 2))
      .png()
      .toBuffer(),
    'a little brighter': await sharp(original).modulate({ brightness: 1.08 }).png().toBuffer(),
  };
}

describe('imageSignature', () => {
  it('keeps a changed copy within a few bits of the original, and other pictures far', async () => {
    const originals = await Promise.all(PICTURES.map(png));
    const signatures = await Promise.all(originals.map((bytes) => imageSignature(bytes)));
    for (const [i, original] of originals.entries()) {
      for (const [change, bytes] of Object.entries(await changes(original))) {
        const copy = await imageSignature(bytes);
        expect(hashDistance(copy.phash, signatures[i].phash), `picture ${i}, ${change}`).toBeLessThanOrEqual(8);
        const colourShift = copy.colors.reduce((sum, value, k) => sum + Math.abs(value - signatures[i].colors[k]), 0);
        expect(colourShift, `picture ${i}, ${change}: colours`).toBeLessThanOrEqual(40);
      }
      for (let j = i + 1; j < originals.length; j++) {
        expect(hashDistance(signatures[i].phash, signatures[j].phash), `pictures ${i} and ${j}`).toBeGreaterThanOrEqual(20);
      }
    }
  });

  it('signs decoded pixels as it signs the file they came from', async () => {
    const bytes = await png(PICTURES[0]);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const fromPixels = await imageSignature({ data, info: { width: info.width, height: info.height, channels: info.channels } });
    expect(fromPixels).toEqual(await imageSignature(bytes));
  });

  it('gives the hash as PostgreSQL’s signed BIGINT and four Lab colours', async () => {
    const { phash, colors } = await imageSignature(await png(PICTURES[2]));
    expect(phash).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(phash).toBeLessThan(2n ** 63n);
    expect(colors).toHaveLength(12);
    // The night sky's top quarters are dark (L well under 50), the bottom ones darker still.
    expect(colors[0]).toBeLessThan(50);
    expect(colors.every(Number.isInteger)).toBe(true);
  });

  it('counts differing bits as SQL’s bit_count of the XOR does', () => {
    expect(hashDistance(0n, -1n)).toBe(64);
    expect(hashDistance(5n, 6n)).toBe(2);
    expect(hashDistance(-5n, 123456789n)).toBe(49);
  });
});
