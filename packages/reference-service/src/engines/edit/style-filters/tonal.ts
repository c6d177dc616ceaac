import { grain, graySharp, lumaBytes, rgbSharp, sobel, toGray, toRgb, vignette } from '../../pixels/pixel-ops';
import type { StyleInput } from './input';

/** Film noir: red-filtered monochrome, stretched to full range, hard S-curve, heavy vignette, film grain. */
export async function noir({ rgb, width, height, rng, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  const gray = new Float32Array(n);
  const hist = new Float64Array(256);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    // A red filter darkens skies and foliage, the classic black-and-white film trick.
    const v = 0.45 * rgb[j] + 0.45 * rgb[j + 1] + 0.1 * rgb[j + 2];
    gray[i] = v;
    hist[v | 0]++;
  }
  const [lo, hi] = percentiles(hist, n, 0.01, 0.99);
  const curve = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const t = Math.min(1, Math.max(0, (v - lo) / Math.max(1, hi - lo)));
    const s = 1 / (1 + Math.exp(-7 * (t - 0.5)));
    curve[v] = (255 * (s - 1 / (1 + Math.exp(3.5)))) / (1 / (1 + Math.exp(-3.5)) - 1 / (1 + Math.exp(3.5)));
  }
  const shade = vignette(width, height, 0.65);
  const noise = grain(width, height, rng, Math.round(scale / 2));
  const out = new Uint8ClampedArray(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const v = curve[gray[i] | 0] * shade[i] + 16 * noise[i];
    out[j] = v;
    out[j + 1] = v;
    out[j + 2] = v;
  }
  return Buffer.from(out.buffer);
}

/** Aged print: sepia matrix, lifted blacks and dulled, yellowed whites, brown vignette, grain, dust and scratches. */
export async function vintage({ rgb, width, height, rng, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  const shade = vignette(width, height, 0.5);
  const noise = grain(width, height, rng, Math.round(scale / 2));
  const out = new Uint8ClampedArray(n * 3);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = rgb[j],
      g = rgb[j + 1],
      b = rgb[j + 2];
    const sr = 0.393 * r + 0.769 * g + 0.189 * b;
    const sg = 0.349 * r + 0.686 * g + 0.168 * b;
    const sb = 0.272 * r + 0.534 * g + 0.131 * b;
    // 85% sepia keeps a ghost of the original colour, like a faded colour print.
    const mr = 0.85 * sr + 0.15 * r,
      mg = 0.85 * sg + 0.15 * g,
      mb = 0.85 * sb + 0.15 * b;
    const k = shade[i];
    const dust = 7 * noise[i];
    out[j] = (34 + mr * 0.78) * k + (1 - k) * 40 + dust;
    out[j + 1] = (26 + mg * 0.74) * k + (1 - k) * 24 + dust;
    out[j + 2] = (18 + mb * 0.62) * k + (1 - k) * 10 + dust;
  }
  scratches(out, width, height, rng, scale);
  return Buffer.from(out.buffer);
}

/** A few pale vertical scratches and dark/light specks, placed by the seed. */
function scratches(out: Uint8ClampedArray, width: number, height: number, rng: () => number, scale: number): void {
  const lines = 2 + Math.floor(rng() * 3);
  for (let s = 0; s < lines; s++) {
    let x = rng() * width;
    const y0 = Math.floor(rng() * height * 0.5);
    const y1 = Math.min(height, y0 + Math.floor(height * (0.3 + 0.7 * rng())));
    const strength = 25 + 30 * rng();
    for (let y = y0; y < y1; y++) {
      x += (rng() - 0.5) * 0.6;
      const xi = Math.round(x);
      if (xi < 0 || xi >= width) continue;
      const j = (y * width + xi) * 3;
      out[j] += strength;
      out[j + 1] += strength;
      out[j + 2] += strength * 0.8;
    }
  }
  const specks = Math.round(30 * scale * scale);
  for (let s = 0; s < specks; s++) {
    const cx = rng() * width,
      cy = rng() * height,
      r = (0.6 + 1.6 * rng()) * scale;
    const delta = rng() < 0.6 ? -60 : 45;
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(height - 1, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(width - 1, Math.ceil(cx + r)); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
        const j = (y * width + x) * 3;
        out[j] += delta;
        out[j + 1] += delta;
        out[j + 2] += delta;
      }
    }
  }
}

/** Gradient map: navy shadows, teal low-mids, magenta high-mids, pink-white highlights. */
const NEON_STOPS: Array<[number, number, number, number]> = [
  [0, 6, 4, 28],
  [0.3, 0, 120, 160],
  [0.62, 205, 35, 170],
  [0.85, 255, 120, 215],
  [1, 255, 236, 255],
];

/**
 * Cyberpunk: teal/magenta split toning over a contrast-boosted luma, neon glow on Sobel edges
 * (cyan to magenta across the frame), chromatic aberration, scanlines and a few glitch slices.
 */
export async function cyberpunk({ rgb, width, height, rng, scale }: StyleInput): Promise<Buffer> {
  const n = width * height;
  const map = gradientLut(NEON_STOPS);
  const luma = lumaBytes(rgb, n);
  const smooth = await toGray(graySharp(luma, width, height).blur(Math.max(0.8, scale)));
  const mag = sobel(Float32Array.from(smooth), width, height);
  const neon = Buffer.allocUnsafe(n * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const e = 0.85 * Math.min(1, Math.max(0, (mag[i] * scale - 35) / 140));
      const t = (x / width + y / height) / 2;
      neon[i * 3] = 255 * e * t;
      neon[i * 3 + 1] = 255 * e * (1 - t) * 0.95;
      neon[i * 3 + 2] = 255 * e;
    }
  }
  const glow = await toRgb(rgbSharp(neon, width, height).blur(Math.max(2, 5 * scale)));
  const shift = Math.max(1, Math.round(1.5 * scale));
  const pitch = Math.max(3, Math.round(3 * scale));
  const slices = glitchSlices(height, rng, scale);
  const out = new Uint8ClampedArray(n * 3);
  for (let y = 0; y < height; y++) {
    const offset = slices[y];
    const scan = y % pitch === 0 ? 0.82 : 1;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const sx = Math.min(width - 1, Math.max(0, x + offset));
      for (let c = 0; c < 3; c++) {
        // Red is sampled from the left and blue from the right: a lens's chromatic aberration.
        const px = c === 0 ? Math.max(0, sx - shift) : c === 2 ? Math.min(width - 1, sx + shift) : sx;
        const k = y * width + px;
        const l = luma[k];
        const base = 0.72 * map[l * 3 + c] + 0.28 * rgb[k * 3 + c];
        const light = Math.min(255, neon[k * 3 + c] + 1.3 * glow[k * 3 + c]);
        out[i * 3 + c] = (255 - ((255 - base) * (255 - light)) / 255) * scan;
      }
    }
  }
  return Buffer.from(out.buffer);
}

/** Horizontal offset per row: zero except for a few seeded slices shoved sideways. */
function glitchSlices(height: number, rng: () => number, scale: number): Int32Array {
  const offsets = new Int32Array(height);
  const count = 3 + Math.floor(rng() * 3);
  for (let s = 0; s < count; s++) {
    const y0 = Math.floor(rng() * height);
    const h = Math.max(2, Math.round((2 + rng() * 10) * scale));
    const dx = Math.round((rng() < 0.5 ? -1 : 1) * (6 + rng() * 30) * scale);
    for (let y = y0; y < Math.min(height, y0 + h); y++) offsets[y] = dx;
  }
  return offsets;
}

function gradientLut(stops: Array<[number, number, number, number]>): Uint8Array {
  const lut = new Uint8Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const t = v / 255;
    let k = 0;
    while (k < stops.length - 2 && t > stops[k + 1][0]) k++;
    const [t0, r0, g0, b0] = stops[k];
    const [t1, r1, g1, b1] = stops[k + 1];
    const f = Math.min(1, Math.max(0, (t - t0) / (t1 - t0)));
    lut[v * 3] = r0 + (r1 - r0) * f;
    lut[v * 3 + 1] = g0 + (g1 - g0) * f;
    lut[v * 3 + 2] = b0 + (b1 - b0) * f;
  }
  return lut;
}

function percentiles(hist: Float64Array, n: number, lo: number, hi: number): [number, number] {
  let acc = 0;
  let a = 0;
  let b = 255;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc < lo * n) a = v;
    if (acc < hi * n) b = v + 1;
  }
  return [a, Math.max(a + 1, b)];
}
