import sharp from 'sharp';

// What a picture looks like, small enough for SQL to compare across a whole library ("more like
// this"): a 64-bit perceptual hash of its shapes and a colour signature of its four quarters.
//
// The hash is a DCT pHash: the picture as 32×32 grey, its 8×8 lowest frequencies (the DC term
// included), each bit set where a coefficient is above their median. Chosen over a dHash (9×8
// neighbour gradients) by measuring both on the reference service's pictures: a JPEG q80 re-encode,
// a resize to half or 8 % more brightness moved the pHash 0–2 bits and the dHash 0–6; a 5 % crop
// (2.5 % off each side) 4–8 against 1–10; unrelated pictures were 22–40 bits apart against 16–44.
// The pHash leaves the wider gap. A crop that shifts the picture (5 % off two sides) can move either
// 20 bits: the colours of the quarters, which barely change, keep it near (see lib/library/similar.ts).

export interface ImageSignature {
  /** 64 bits as PostgreSQL's signed BIGINT holds them. */
  phash: bigint;
  /** Mean CIE Lab (L 0..100, a and b about ±128, rounded) of the top-left, top-right, bottom-left and bottom-right quarters. */
  colors: number[];
}

/** Decoded pixels, as sharp's raw output describes them. */
export interface RawPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

const SIDE = 32;
const LOW = 8;

/** cos((2x+1)uπ/2N) for the 8 lowest frequencies u of a 32-point DCT-II. */
const COSINES = Array.from({ length: LOW }, (_, u) => Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))));

/** The signature of an image file (PNG, JPEG, WebP), or of pixels already decoded (a preview's). */
export async function imageSignature(image: Buffer | RawPixels): Promise<ImageSignature> {
  const input = Buffer.isBuffer(image) ? sharp(image) : sharp(image.data, { raw: image.info });
  // One small decode: JPEG and WebP shrink on load; transparent areas count as white, as a tile shows them.
  const rgb = await input.flatten({ background: '#ffffff' }).resize(SIDE, SIDE, { fit: 'fill' }).toColourspace('srgb').raw().toBuffer();
  return { phash: perceptualHash(rgb), colors: quarterColours(rgb) };
}

/** Hamming distance of two hashes (what SQL computes as bit_count((a # b)::bit(64))). */
export function hashDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  for (; rest > 0n; rest >>= 1n) bits += Number(rest & 1n);
  return bits;
}

function perceptualHash(rgb: Buffer): bigint {
  const grey = new Float64Array(SIDE * SIDE);
  for (let i = 0; i < grey.length; i++) grey[i] = 0.299 * rgb[3 * i] + 0.587 * rgb[3 * i + 1] + 0.114 * rgb[3 * i + 2];
  // Separable DCT of the low frequencies only: along each row, then down each column.
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += grey[y * SIDE + x] * COSINES[u][x];
      rows[y * LOW + u] = sum;
    }
  }
  const low: number[] = [];
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += rows[y * LOW + u] * COSINES[v][y];
      low.push(sum);
    }
  }
  const sorted = [...low].sort((a, b) => a - b);
  const median = (sorted[(LOW * LOW) / 2 - 1] + sorted[(LOW * LOW) / 2]) / 2;
  let hash = 0n;
  for (const value of low) hash = (hash << 1n) | (value > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** sRGB 0..255 to linear light. */
const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** CIE Lab (D65) of a mean linear-light colour. */
function lab(r: number, g: number, b: number): [number, number, number] {
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

function quarterColours(rgb: Buffer): number[] {
  const half = SIDE / 2;
  const colours: number[] = [];
  for (const [top, left] of [
    [0, 0],
    [0, half],
    [half, 0],
    [half, half],
  ]) {
    const sum = [0, 0, 0];
    for (let y = top; y < top + half; y++) {
      for (let x = left; x < left + half; x++) for (let c = 0; c < 3; c++) sum[c] += linear(rgb[3 * (y * SIDE + x) + c]);
    }
    const n = half * half;
    colours.push(...lab(sum[0] / n, sum[1] / n, sum[2] / n).map(Math.round));
  }
  return colours;
}
