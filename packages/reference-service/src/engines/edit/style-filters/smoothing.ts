import { boxBlur, rgbSharp, toRgb } from '../../pixels/pixel-ops';

/** Splits packed RGB into float planes (0..255); the box-filter maths wants one channel at a time. */
export function toPlanes(rgb: Uint8Array, n: number): [Float32Array, Float32Array, Float32Array] {
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    r[i] = rgb[j];
    g[i] = rgb[j + 1];
    b[i] = rgb[j + 2];
  }
  return [r, g, b];
}

export function fromPlanes(planes: readonly Float32Array[], n: number): Buffer {
  const out = Buffer.allocUnsafe(n * 3);
  const clamped = new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
  const [r, g, b] = planes;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    clamped[j] = r[i];
    clamped[j + 1] = g[i];
    clamped[j + 2] = b[i];
  }
  return out;
}

/**
 * Kuwahara filter: each pixel takes the mean colour of whichever of its four overlapping quadrants
 * is most uniform in luma. Regions flatten into strokes while edges stay put, which is the oil look.
 * Quadrant means come from box filters, so the cost does not grow with the radius.
 */
export function kuwahara(rgb: Uint8Array, width: number, height: number, half: number): Buffer {
  const n = width * height;
  const h = Math.max(1, Math.round(half));
  const luma = new Float32Array(n);
  const luma2 = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const l = 0.299 * rgb[j] + 0.587 * rgb[j + 1] + 0.114 * rgb[j + 2];
    luma[i] = l;
    luma2[i] = l * l;
  }
  const mL = boxBlur(luma, width, height, h);
  const mL2 = boxBlur(luma2, width, height, h);
  const [r, g, b] = toPlanes(rgb, n);
  const mR = boxBlur(r, width, height, h);
  const mG = boxBlur(g, width, height, h);
  const mB = boxBlur(b, width, height, h);
  const out = Buffer.allocUnsafe(n * 3);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - h) * width;
    const down = Math.min(height - 1, y + h) * width;
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - h);
      const right = Math.min(width - 1, x + h);
      let best = up + left;
      let bestVar = mL2[best] - mL[best] * mL[best];
      let k = up + right;
      let v = mL2[k] - mL[k] * mL[k];
      if (v < bestVar) {
        bestVar = v;
        best = k;
      }
      k = down + left;
      v = mL2[k] - mL[k] * mL[k];
      if (v < bestVar) {
        bestVar = v;
        best = k;
      }
      k = down + right;
      v = mL2[k] - mL[k] * mL[k];
      if (v < bestVar) best = k;
      const j = (y * width + x) * 3;
      out[j] = mR[best] + 0.5;
      out[j + 1] = mG[best] + 0.5;
      out[j + 2] = mB[best] + 0.5;
    }
  }
  return out;
}

/**
 * Self-guided filter (He et al.), per channel: smooths where local variance is below eps and keeps
 * edges where it is above, a bilateral look at box-filter cost.
 */
export function guidedSmooth(rgb: Uint8Array, width: number, height: number, radius: number, eps: number): Buffer {
  const n = width * height;
  const planes = toPlanes(rgb, n);
  const out = planes.map((p) => {
    const sq = new Float32Array(n);
    for (let i = 0; i < n; i++) sq[i] = p[i] * p[i];
    const mean = boxBlur(p, width, height, radius);
    const meanSq = boxBlur(sq, width, height, radius);
    const a = sq; // reuse: a then b
    const bb = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const v = meanSq[i] - mean[i] * mean[i];
      const k = v / (v + eps);
      a[i] = k;
      bb[i] = (1 - k) * mean[i];
    }
    const ma = boxBlur(a, width, height, radius);
    const mb = boxBlur(bb, width, height, radius);
    for (let i = 0; i < n; i++) ma[i] = ma[i] * p[i] + mb[i];
    return ma;
  });
  return fromPlanes(out, n);
}

/**
 * Runs a smoothing step on a copy shrunk to at most `maxPixels` and scales the result back up. The
 * box-filter smoothers cost ~0.1 s per megapixel per pass in JS; their output is soft by design, so
 * computing it at 1 Mpx and enlarging is visually the same and keeps 4096 px inputs to a few seconds.
 * `fn` gets the shrink factor so radii can be given in full-size pixels.
 */
export async function atWorkSize(
  rgb: Buffer,
  width: number,
  height: number,
  maxPixels: number,
  fn: (rgb: Buffer, width: number, height: number, shrink: number) => Buffer | Promise<Buffer>,
): Promise<Buffer> {
  const shrink = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  if (shrink >= 0.95) return fn(rgb, width, height, 1);
  const sw = Math.max(1, Math.round(width * shrink));
  const sh = Math.max(1, Math.round(height * shrink));
  const small = await toRgb(rgbSharp(rgb, width, height).resize(sw, sh, { fit: 'fill' }));
  const done = await fn(small, sw, sh, shrink);
  return toRgb(rgbSharp(done, sw, sh).resize(width, height, { fit: 'fill', kernel: 'cubic' }));
}
