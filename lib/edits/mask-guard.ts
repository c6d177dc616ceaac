import sharp, { type Metadata, type Sharp } from 'sharp';

// The mask guard: a masked edit promises that what lies outside the mask stays as it was. Hosted
// models break that promise (they repaint the whole frame, or answer at their own size), so every
// masked result is brought back to the original's size, measured outside the mask, and (with the
// team's setting on) composited with the exact mask that was sent, so that every pixel where the
// mask is 0 is the original's, byte for byte.

/**
 * A pixel has changed when one of its channels moved by more than this (of 255). Re-encoding noise
 * stays under it: a JPEG round trip at quality 85 (4:2:0) of a photo with a camera's grain moves
 * under 1 % of its pixels past it (mask-guard.test.ts), while 13/255 (5 %) on one channel is about
 * ΔE 3 to 5, the size of change an eye notices beside the original. Where it overcounts: heavy
 * chroma noise (independent per channel) re-encoded as JPEG reads as a few % changed.
 */
export const CHANGED_ABOVE = 12;

/** An answer whose aspect is within 2 % of the original's is stretched back; another is fitted and padded. */
const STRETCH_TOLERANCE = 0.02;

/** The heat map's long side, in cells. */
const HEATMAP_CELLS = 48;

/** What the guard found, stored with the output (GenerationOutput.maskGuard; the fraction also in maskChanged). */
export interface MaskGuardRecord {
  /** Of the pixels outside the mask and its band, the fraction the model changed (0..1). */
  changedFraction: number;
  /** Whether the stored result is the composite (the model's own answer is kept beside it). */
  restored: boolean;
  /** How the answer was brought to the original's size. */
  fit: 'exact' | 'stretched' | 'padded';
  /** The size the model answered at, when it was not the original's. */
  answeredAt: { width: number; height: number } | null;
  /** The band around the mask that is not counted, in pixels (as wide as the mask's feather, at least 2). */
  band: number;
  /** Where the changes were: cells × rows bytes (base64), each 0..255 for the fraction changed in that cell. */
  heatmap: { width: number; height: number; cells: string };
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

const rgba = async (input: Sharp): Promise<Raw> => {
  const { data, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/**
 * Edit weights from the mask as sent: luminance × alpha (decisions.md row 8), with the same integer
 * Rec. 709 arithmetic the reference service uses, so both sides agree on where the mask is 0.
 */
export function maskWeights({ data, width, height }: Raw): Uint8Array {
  const weights = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < weights.length; p++, i += 4) {
    const luma = (data[i] * 54 + data[i + 1] * 183 + data[i + 2] * 19) >> 8;
    weights[p] = (luma * data[i + 3] + 127) / 255;
  }
  return weights;
}

/**
 * The feather of a mask, measured: the grey pixels over the length of its edge (a ramp `f` pixels
 * wide puts about `f` greys across each edge pixel). A hard mask measures 0.
 */
export function featherOf(weights: Uint8Array, width: number, height: number): number {
  let greys = 0;
  let edges = 0;
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const w = weights[p];
      if (w > 0 && w < 255) greys++;
      const inside = w >= 128;
      if (x + 1 < width && inside !== weights[p + 1] >= 128) edges++;
      if (y + 1 < height && inside !== weights[p + width] >= 128) edges++;
    }
  }
  return edges === 0 ? 0 : greys / edges;
}

/**
 * Where the mask is above 0, grown by `radius` pixels (Chebyshev distance): a horizontal pass, then
 * a vertical one, each two sweeps of "distance to the nearest marked pixel", row by row.
 */
export function dilate(weights: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const far = 1 << 30;
  const across = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0, last = -far; x < width; x++) {
      if (weights[row + x] > 0) last = x;
      if (x - last <= radius) across[row + x] = 1;
    }
    for (let x = width - 1, next = far; x >= 0; x--) {
      if (weights[row + x] > 0) next = x;
      if (next - x <= radius) across[row + x] = 1;
    }
  }
  const grown = new Uint8Array(width * height);
  const lastY = new Int32Array(width).fill(-far);
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (across[p]) lastY[x] = y;
      if (y - lastY[x] <= radius) grown[p] = 1;
    }
  }
  lastY.fill(far);
  for (let y = height - 1; y >= 0; y--) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (across[p]) lastY[x] = y;
      if (lastY[x] - y <= radius) grown[p] = 1;
    }
  }
  return grown;
}

/** The weights of a mask file: a grey one without alpha (the studio's) is its own weights (r = g = b = v reads as v). */
async function weightsOf(mask: Uint8Array, meta: Metadata): Promise<Uint8Array> {
  if (meta.channels === 1 && meta.depth === 'uchar') return sharp(mask).extractChannel(0).raw().toBuffer(); // raw() alone answers sRGB
  return maskWeights(await rgba(sharp(mask)));
}

/** The model's answer at the original's size: as it is, stretched (aspect within 2 %), or fitted and padded with the original. */
async function toOriginalSize(
  answer: Buffer,
  originalFile: Uint8Array,
  original: { width: number; height: number },
): Promise<{ raw: Raw; fit: MaskGuardRecord['fit']; answeredAt: MaskGuardRecord['answeredAt'] }> {
  const meta = await sharp(answer).metadata();
  const answeredAt = { width: meta.width, height: meta.height };
  if (answeredAt.width === original.width && answeredAt.height === original.height) return { raw: await rgba(sharp(answer)), fit: 'exact', answeredAt: null };
  const aspectOff = Math.abs(answeredAt.width / answeredAt.height / (original.width / original.height) - 1);
  if (aspectOff <= STRETCH_TOLERANCE) {
    return { raw: await rgba(sharp(answer).resize(original.width, original.height, { fit: 'fill' })), fit: 'stretched', answeredAt };
  }
  const fitted = await sharp(answer).resize(original.width, original.height, { fit: 'inside' }).png({ compressionLevel: 1 }).toBuffer();
  const padded = sharp(originalFile)
    .ensureAlpha()
    .composite([{ input: fitted, gravity: 'centre' }]);
  return { raw: await rgba(padded), fit: 'padded', answeredAt };
}

/** Outside the mask and its band (`counted` = 1), how much changed, in total and per heat-map cell. */
export function measure(original: Raw, answer: Raw, counted: Uint8Array): { changedFraction: number; heatmap: MaskGuardRecord['heatmap'] } {
  const { width, height } = original;
  const scale = HEATMAP_CELLS / Math.max(width, height);
  const cellsX = Math.max(1, Math.round(width * scale));
  const cellsY = Math.max(1, Math.round(height * scale));
  const cellOfX = Uint16Array.from({ length: width }, (_, x) => Math.min(cellsX - 1, Math.floor((x * cellsX) / width)));
  const total = new Uint32Array(cellsX * cellsY);
  const changed = new Uint32Array(cellsX * cellsY);
  const rowBytes = width * 4;
  let outside = 0;
  let changedCount = 0;
  for (let y = 0; y < height; y++) {
    const cellRow = Math.min(cellsY - 1, Math.floor((y * cellsY) / height)) * cellsX;
    const start = y * width;
    for (let x = 0; x < width; x++) if (counted[start + x]) total[cellRow + cellOfX[x]]++;
    // Only rows whose decoded bytes differ are compared pixel by pixel (a memcmp decides the rest).
    const at = y * rowBytes;
    if (original.data.compare(answer.data, at, at + rowBytes, at, at + rowBytes) === 0) continue;
    for (let x = 0, i = at; x < width; x++, i += 4) {
      if (!counted[start + x]) continue;
      const o = original.data;
      const a = answer.data;
      const diff = Math.max(Math.abs(o[i] - a[i]), Math.abs(o[i + 1] - a[i + 1]), Math.abs(o[i + 2] - a[i + 2]), Math.abs(o[i + 3] - a[i + 3]));
      if (diff > CHANGED_ABOVE) {
        changed[cellRow + cellOfX[x]]++;
        changedCount++;
      }
    }
  }
  const cells = Buffer.alloc(cellsX * cellsY);
  for (let c = 0; c < cells.length; c++) {
    outside += total[c];
    cells[c] = total[c] === 0 ? 0 : Math.round((255 * changed[c]) / total[c]);
  }
  return { changedFraction: outside === 0 ? 0 : changedCount / outside, heatmap: { width: cellsX, height: cellsY, cells: cells.toString('base64') } };
}

/** Whether every pixel where the weight is 0 is the original's, byte for byte. */
export function keptWhereZero(original: Raw, answer: Raw, weights: Uint8Array): boolean {
  const [o, a] = [original.data, answer.data];
  for (let p = 0, i = 0; p < weights.length; p++, i += 4) {
    if (weights[p] === 0 && (o[i] !== a[i] || o[i + 1] !== a[i + 1] || o[i + 2] !== a[i + 2] || o[i + 3] !== a[i + 3])) return false;
  }
  return true;
}

/**
 * The original where the weight is 0 (byte for byte), the answer where it is 255, blended between:
 * written over the original's pixels (the guard has no more use for them), which it returns.
 */
export function compositeInto(original: Raw, answer: Raw, weights: Uint8Array): Buffer {
  const out = original.data;
  const a = answer.data;
  // Whole pixels as 32-bit words where the mask is white (most of a mask is 0 or 255).
  const aligned = a.byteOffset % 4 === 0 && out.byteOffset % 4 === 0;
  const outWords = aligned ? new Uint32Array(out.buffer, out.byteOffset, weights.length) : null;
  const answerWords = aligned ? new Uint32Array(a.buffer, a.byteOffset, weights.length) : null;
  for (let p = 0; p < weights.length; p++) {
    const w = weights[p];
    if (w === 0) continue;
    if (w === 255 && outWords && answerWords) {
      outWords[p] = answerWords[p];
      continue;
    }
    for (let c = 0, i = p * 4; c < 4; c++, i++) out[i] = (out[i] * (255 - w) + a[i] * w + 127) / 255;
  }
  return out;
}

export interface GuardInput {
  /** The image as sent to the service (an outpainting's padded canvas). */
  original: Uint8Array;
  /** The mask as sent. */
  mask: Uint8Array;
  /** The model's answer, as stored. */
  answer: Uint8Array;
  /** Composite the answer with the mask (the team's setting). */
  restore: boolean;
}

/**
 * Measures a masked edit's answer outside its mask and, when asked, restores it there. Returns the
 * finding and, when restored, the composite as a PNG of the original's size.
 */
export async function guardEdit(input: GuardInput): Promise<{ record: MaskGuardRecord; restored: Buffer | null }> {
  const [originalMeta, maskMeta] = await Promise.all([sharp(input.original).metadata(), sharp(input.mask).metadata()]);
  if (maskMeta.width !== originalMeta.width || maskMeta.height !== originalMeta.height) throw new Error('mask guard: the mask is not the image’s size');
  // The three decodes side by side (sharp's threads).
  const [original, weights, { raw: answer, fit, answeredAt }] = await Promise.all([
    rgba(sharp(input.original)),
    weightsOf(input.mask, maskMeta),
    toOriginalSize(Buffer.from(input.answer), input.original, originalMeta),
  ]);
  const band = Math.max(2, Math.ceil(featherOf(weights, original.width, original.height)));
  const grown = dilate(weights, original.width, original.height, band);
  for (let p = 0; p < grown.length; p++) grown[p] ^= 1; // counted: outside the grown mask
  const { changedFraction, heatmap } = measure(original, answer, grown);
  const record: MaskGuardRecord = { changedFraction, restored: false, fit, answeredAt, band, heatmap };
  // An answer that kept every pixel where the mask is 0 is the result as it is: a model that blended
  // its own feather (as the reference service does) is not blended a second time.
  if (!input.restore || (fit === 'exact' && keptWhereZero(original, answer, weights))) return { record, restored: null };
  const pixels = compositeInto(original, answer, weights);
  record.restored = true;
  const image = sharp(pixels, { raw: { width: original.width, height: original.height, channels: 4 } });
  const restored = await (originalMeta.hasAlpha ? image : image.removeAlpha()).png().toBuffer();
  return { record, restored };
}
