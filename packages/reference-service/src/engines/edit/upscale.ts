import sharp from 'sharp';
import { toSharp, type RawImage } from '../pixels/raw';
import { bleedIntoTransparent, graySharp, toGray } from '../pixels/pixel-ops';

export type UpscaleQuality = 'standard' | 'hd';

/**
 * Resize with detail enhancement. `standard`: one centred bicubic pass and a mild unsharp mask.
 * `hd`: slight local contrast, then steps of at most 2x, each pulled back onto its source by
 * back-projection and sharpened with a thresholded unsharp mask that is clamped to the local source
 * range, so edges get crisp without halos and flat areas stay clean. Alpha is resampled, never sharpened.
 */
export async function upscale(img: RawImage, width: number, height: number, quality: UpscaleQuality): Promise<RawImage> {
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`upscale: ${name} must be a positive integer, got ${v}`);
  }
  img = await bleedIntoTransparent(img);
  if (quality === 'standard') {
    const out = await resample(img, width, height, 'bicubic');
    await unsharpLuma(out, { sigma: 0.8, amount: 0.6, threshold: 0, limit: 24 });
    return out;
  }
  // Slight local contrast (a wide, weak unsharp mask) is cheapest at the source size; every step carries it up.
  let cur: RawImage = { ...img, data: Buffer.from(img.data) };
  await unsharpLuma(cur, { sigma: Math.max(2, Math.min(img.width, img.height) / 128), amount: 0.15, threshold: 2, limit: 8 });
  for (;;) {
    const w = width > cur.width * 2 ? cur.width * 2 : width;
    const h = height > cur.height * 2 ? cur.height * 2 : height;
    cur = await hdStep(cur, w, h);
    if (w === width && h === height) return cur;
  }
}

/** One resize of at most 2x; enlargements get back-projection and source-bounded sharpening. */
async function hdStep(src: RawImage, width: number, height: number): Promise<RawImage> {
  const enlarging = width > src.width || height > src.height;
  const out = await resample(src, width, height, 'bicubic');
  if (enlarging) await backProject(out, src);
  const bounds = sourceRange(enlarging ? src : out, width, height);
  await unsharpLuma(out, { sigma: 1, amount: enlarging ? 1.2 : 0.7, threshold: 4, limit: 40 }, bounds);
  return out;
}

/** Iterative back-projection (one round): whatever is lost when the enlargement is shrunk back gets spread in again. */
async function backProject(up: RawImage, src: RawImage): Promise<void> {
  const down = await toSharp(up).resize(src.width, src.height, { kernel: 'lanczos3', fit: 'fill' }).raw().toBuffer();
  // sharp keeps 8-bit bands, so the signed residual travels offset by 128; residuals past +-127 clip harmlessly.
  const residual = Buffer.alloc(src.data.length, 255);
  const s = src.data;
  for (let i = 0; i < s.length; i += 4) {
    for (let c = i; c < i + 3; c++) {
      const d = s[c] - down[c] + 128;
      residual[c] = d < 0 ? 0 : d > 255 ? 255 : d;
    }
  }
  const spread = (await resample({ data: residual, width: src.width, height: src.height }, up.width, up.height, 'bilinear')).data;
  const out = clamped(up.data);
  for (let i = 0; i < out.length; i += 4) {
    out[i] += spread[i] - 128;
    out[i + 1] += spread[i + 1] - 128;
    out[i + 2] += spread[i + 2] - 128;
  }
}

interface UnsharpOptions {
  sigma: number;
  amount: number;
  /** Luma differences below this are mostly noise or flat gradient and are barely boosted. */
  threshold: number;
  /** Cap on the change to one pixel, in 8-bit levels. */
  limit: number;
}

/**
 * Unsharp mask on luma only, in place: the same delta on R, G and B sharpens without colour fringes.
 * With bounds, each channel is clamped to the range of the source pixels it was built from, so an
 * edge may get steeper but never overshoots: that is what keeps bicubic ringing and unsharp halos out.
 */
async function unsharpLuma(img: RawImage, o: UnsharpOptions, bounds?: SourceRange): Promise<void> {
  const { data, width, height } = img;
  const n = width * height;
  const luma = Buffer.allocUnsafe(n);
  for (let i = 0, j = 0; i < n; i++, j += 4) luma[i] = (54 * data[j] + 183 * data[j + 1] + 19 * data[j + 2] + 128) >> 8;
  const blurred = await toGray(graySharp(luma, width, height).blur(o.sigma));
  // Smooth knee rather than a hard gate, so the threshold leaves no contours: gain ramps 0.15 -> 1 over t..2t.
  const deltaOf = new Float32Array(511);
  for (let d = -255; d <= 255; d++) {
    const a = Math.abs(d);
    const t = o.threshold;
    const gain = t <= 0 || a >= 2 * t ? 1 : a <= t ? (a / t) * 0.15 : 0.15 + ((a - t) / t) * 0.85;
    deltaOf[d + 255] = Math.max(-o.limit, Math.min(o.limit, o.amount * gain * d));
  }
  const out = clamped(data);
  if (!bounds) {
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      const delta = deltaOf[luma[i] - blurred[i] + 255];
      out[j] += delta;
      out[j + 1] += delta;
      out[j + 2] += delta;
    }
    return;
  }
  const { lo, hi, col, row } = bounds;
  for (let y = 0; y < height; y++) {
    const r = row[y];
    for (let x = 0, i = y * width, j = i * 4; x < width; x++, i++, j += 4) {
      const delta = deltaOf[luma[i] - blurred[i] + 255];
      const k = (r + col[x]) * 4;
      for (let c = 0; c < 3; c++) {
        const v = data[j + c] + delta;
        out[j + c] = v < lo[k + c] ? lo[k + c] : v > hi[k + c] ? hi[k + c] : v;
      }
    }
  }
}

interface SourceRange {
  lo: Uint8Array;
  hi: Uint8Array;
  /** Output column / row -> reference pixel column / row offset. */
  col: Int32Array;
  row: Int32Array;
}

/** Per-channel range of the 2x2 source footprint when enlarging, of the 3x3 neighbourhood otherwise. */
function sourceRange(ref: RawImage, width: number, height: number): SourceRange {
  const same = ref.width === width && ref.height === height;
  const map = (n: number, size: number, refSize: number) => (same ? n : Math.min(refSize - 1, Math.max(0, Math.floor(((n + 0.5) * refSize) / size - 0.5))));
  const col = new Int32Array(width);
  for (let x = 0; x < width; x++) col[x] = map(x, width, ref.width);
  const row = new Int32Array(height);
  for (let y = 0; y < height; y++) row[y] = map(y, height, ref.height) * ref.width;
  return { ...rangeFilter(ref, same ? 1 : 0), col, row };
}

/** Separable min and max over [x - reach, x + 1] x [y - reach, y + 1], RGBA layout (alpha slot unused). */
function rangeFilter(img: RawImage, reach: number): { lo: Uint8Array; hi: Uint8Array } {
  const { data, width, height } = img;
  const stride = width * 4;
  const tlo = new Uint8Array(data.length);
  const thi = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const j = y * stride + x * 4;
      const a = y * stride + Math.max(0, x - reach) * 4;
      const b = y * stride + Math.min(width - 1, x + 1) * 4;
      for (let c = 0; c < 3; c++) {
        const p = data[a + c];
        const q = data[j + c];
        const r = data[b + c];
        let mn = p < q ? p : q;
        let mx = p < q ? q : p;
        if (r < mn) mn = r;
        if (r > mx) mx = r;
        tlo[j + c] = mn;
        thi[j + c] = mx;
      }
    }
  }
  const lo = new Uint8Array(data.length);
  const hi = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const a = Math.max(0, y - reach) * stride;
    const j0 = y * stride;
    const b = Math.min(height - 1, y + 1) * stride;
    for (let x = 0; x < stride; x++) {
      let mn = tlo[j0 + x];
      let mx = thi[j0 + x];
      if (tlo[a + x] < mn) mn = tlo[a + x];
      if (tlo[b + x] < mn) mn = tlo[b + x];
      if (thi[a + x] > mx) mx = thi[a + x];
      if (thi[b + x] > mx) mx = thi[b + x];
      lo[j0 + x] = mn;
      hi[j0 + x] = mx;
    }
  }
  return { lo, hi };
}

/**
 * sharp's resize() enlarges with a half-output-pixel shift (it compounds over 2x steps and costs ~2 dB),
 * so enlargement goes through affine() with the centre-aligned offset (s - 1) / 2. affine() fills
 * outside the source with a constant, which would draw a dark frame, so the source is first padded by
 * edge copies and the frame cropped away. Reduction is already centred and stays on resize().
 */
async function resample(img: RawImage, width: number, height: number, interpolator: 'bicubic' | 'bilinear'): Promise<RawImage> {
  let cur = img;
  if (width < cur.width || height < cur.height) {
    const w = Math.min(width, cur.width);
    const h = Math.min(height, cur.height);
    cur = { data: await toSharp(cur).resize(w, h, { kernel: 'lanczos3', fit: 'fill' }).raw().toBuffer(), width: w, height: h };
  }
  if (cur.width === width && cur.height === height) return cur === img ? { ...img, data: Buffer.from(img.data) } : cur;
  const pad = 3;
  const sx = width / cur.width;
  const sy = height / cur.height;
  const left = Math.ceil(pad * sx);
  const top = Math.ceil(pad * sy);
  const padded = await toSharp(cur).extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' }).raw().toBuffer();
  const { data, info } = await sharp(padded, { raw: { width: cur.width + 2 * pad, height: cur.height + 2 * pad, channels: 4 } })
    .affine(
      [
        [sx, 0],
        [0, sy],
      ],
      {
        interpolator: sharp.interpolators[interpolator],
        odx: (sx - 1) / 2 + left - pad * sx,
        ody: (sy - 1) / 2 + top - pad * sy,
      },
    )
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.allocUnsafe(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((y + top) * info.width + left) * 4;
    data.copy(out, y * width * 4, from, from + width * 4);
  }
  return { data: out, width, height };
}

/** A clamping, rounding view: lets the hot loops add signed deltas without branches. */
function clamped(buf: Buffer): Uint8ClampedArray {
  return new Uint8ClampedArray(buf.buffer, buf.byteOffset, buf.length);
}
