import { describe, expect, it } from 'vitest';
import { decodeRaw, blankImage, createRng, type RawImage } from '../pixels/raw';
import { segmentForeground } from './segment';

const svg = (w: number, h: number, body: string): Promise<RawImage> =>
  decodeRaw(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`));

/** `subject` over a backdrop that fades from colour `from` to `to`: left to right (linear) or from the centre out (radial). */
const onGradient = (w: number, h: number, kind: 'linear' | 'radial', from: string, to: string, subject: string): Promise<RawImage> =>
  svg(
    w,
    h,
    `<defs><${kind}Gradient id="g"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></${kind}Gradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${subject}`,
  );

type Shape = (x: number, y: number) => boolean;
const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r;
const rect =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (x, y) =>
    x >= x0 && x < x1 && y >= y0 && y < y1;

function iou(alpha: Float32Array, w: number, shape: Shape): number {
  let inter = 0,
    union = 0;
  for (let p = 0; p < alpha.length; p++) {
    const a = alpha[p] >= 0.5,
      t = shape(p % w, Math.floor(p / w));
    if (a && t) inter++;
    if (a || t) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** Lengths of the soft runs (0.05 < a < 0.95) crossed by one row. */
function rampsOnRow(alpha: Float32Array, w: number, y: number): number[] {
  const runs: number[] = [];
  let run = 0;
  for (let x = 0; x < w; x++) {
    const a = alpha[y * w + x];
    if (a > 0.05 && a < 0.95) run++;
    else if (run) {
      runs.push(run);
      run = 0;
    }
  }
  return runs;
}

describe('segmentForeground', () => {
  it('finds a circle on a plain backdrop, with a feathered edge', async () => {
    const img = await svg(320, 240, '<rect width="320" height="240" fill="#2a56c8"/><circle cx="160" cy="120" r="70" fill="#e0402a"/>');
    const alpha = await segmentForeground(img);
    expect(alpha).toHaveLength(320 * 240);
    expect(iou(alpha, 320, circle(160, 120, 70))).toBeGreaterThan(0.95);
    expect(alpha[120 * 320 + 160]).toBeCloseTo(1, 5);
    expect(alpha[5 * 320 + 5]).toBe(0);
    const ramps = rampsOnRow(alpha, 320, 120);
    expect(ramps).toHaveLength(2);
    for (const len of ramps) expect(len).toBeLessThanOrEqual(4);
  });

  it('finds a rectangle on a gradient backdrop when downscaling', async () => {
    const img = await onGradient(1200, 800, 'linear', '#f2f2f2', '#6a7280', '<rect x="400" y="250" width="420" height="300" fill="#1f8a3b"/>');
    const alpha = await segmentForeground(img);
    expect(iou(alpha, 1200, rect(400, 250, 820, 550))).toBeGreaterThan(0.95);
    // At full size the edge is still soft, and only a few pixels wide.
    const ramps = rampsOnRow(alpha, 1200, 400);
    expect(ramps).toHaveLength(2);
    for (const len of ramps) expect(len).toBeGreaterThanOrEqual(1);
    for (const len of ramps) expect(len).toBeLessThanOrEqual(4);
  });

  it('handles a radial vignette backdrop', async () => {
    const img = await onGradient(500, 500, 'radial', '#d8d0c0', '#5a5048', '<circle cx="250" cy="260" r="110" fill="#1b3f9a"/>');
    expect(iou(await segmentForeground(img), 500, circle(250, 260, 110))).toBeGreaterThan(0.9);
  });

  it('keeps a subject that touches one border', async () => {
    const img = await svg(600, 400, '<rect width="600" height="400" fill="#e8e4da"/><rect x="180" y="150" width="260" height="250" fill="#7a2030"/>');
    expect(iou(await segmentForeground(img), 600, rect(180, 150, 440, 400))).toBeGreaterThan(0.95);
  });

  it('keeps a bust that fills the bottom edge and runs up both sides', async () => {
    const body = '<ellipse cx="300" cy="420" rx="330" ry="150" fill="#303848"/><circle cx="300" cy="170" r="95" fill="#c89070"/>';
    const img = await svg(600, 400, `<rect width="600" height="400" fill="#9cc4e4"/>${body}`);
    const bust: Shape = (x, y) => circle(300, 420, 1)(x, y) || ((x + 0.5 - 300) / 330) ** 2 + ((y + 0.5 - 420) / 150) ** 2 <= 1 || circle(300, 170, 95)(x, y);
    expect(iou(await segmentForeground(img), 600, bust)).toBeGreaterThan(0.95);
  });

  it('learns backdrop colours that recur around the border (stripes)', async () => {
    const stripes = Array.from(
      { length: 12 },
      (_, i) => `<rect x="${i * 50}" width="50" height="400" fill="${['#e6d3a8', '#8aa0b8', '#f4f4f4'][i % 3]}"/>`,
    ).join('');
    const img = await svg(600, 400, `${stripes}<circle cx="300" cy="200" r="100" fill="#b01c2c"/>`);
    expect(iou(await segmentForeground(img), 600, circle(300, 200, 100))).toBeGreaterThan(0.9);
  });

  it('keeps subject pixels that match the backdrop when they are enclosed', async () => {
    const img = await svg(
      400,
      400,
      '<rect width="400" height="400" fill="#f2f2f2"/><rect x="100" y="100" width="200" height="200" fill="#1e5aa0"/><circle cx="200" cy="200" r="35" fill="#f2f2f2"/>',
    );
    expect(iou(await segmentForeground(img), 400, rect(100, 100, 300, 300))).toBeGreaterThan(0.95);
  });

  it('returns all zeros for a uniform image, even with a little noise', async () => {
    expect((await segmentForeground(blankImage(300, 200, [120, 160, 90, 255]))).every((a) => a === 0)).toBe(true);
    const noisy = blankImage(640, 480, [200, 200, 205, 255]);
    const rng = createRng(7);
    for (let i = 0; i < noisy.data.length; i += 4) {
      for (let c = 0; c < 3; c++) noisy.data[i + c] += Math.round((rng() - 0.5) * 12);
    }
    expect((await segmentForeground(noisy)).every((a) => a === 0)).toBe(true);
  });

  it('copes with tiny and very elongated images', async () => {
    expect(Array.from(await segmentForeground(blankImage(2, 3, [9, 9, 9, 255])))).toEqual(new Array(6).fill(0));
    const strip = await svg(3000, 6, '<rect width="3000" height="6" fill="#fff"/><rect x="1400" width="200" height="6" fill="#000"/>');
    const alpha = await segmentForeground(strip);
    expect(alpha).toHaveLength(3000 * 6);
    expect(alpha.every((a) => a >= 0 && a <= 1)).toBe(true);
  });

  it('treats transparent pixels as backdrop', async () => {
    // A cut-out: nothing but the subject is opaque.
    const cutout = await svg(300, 300, '<circle cx="150" cy="150" r="80" fill="#3a9a5a"/>');
    const a1 = await segmentForeground(cutout);
    expect(iou(a1, 300, circle(150, 150, 80))).toBeGreaterThan(0.95);
    // A backdrop with a transparent band: the band must stay out of the subject.
    const banded = await svg(400, 300, '<rect x="100" width="300" height="300" fill="#f0f0f0"/><rect x="200" y="80" width="120" height="140" fill="#202020"/>');
    const a2 = await segmentForeground(banded);
    expect(iou(a2, 400, rect(200, 80, 320, 220))).toBeGreaterThan(0.95);
    for (let y = 0; y < 300; y++) for (let x = 0; x < 100; x++) expect(a2[y * 400 + x]).toBe(0);
  });

  it('segments a 4096x4096 image quickly', async () => {
    const img = await svg(4096, 4096, '<rect width="4096" height="4096" fill="#204060"/><circle cx="2048" cy="2200" r="1200" fill="#f0c020"/>');
    const started = performance.now();
    const alpha = await segmentForeground(img);
    const elapsed = performance.now() - started;
    expect(iou(alpha, 4096, circle(2048, 2200, 1200))).toBeGreaterThan(0.97);
    expect(elapsed).toBeLessThan(4000); // generous: CI machines are shared
  });
});
