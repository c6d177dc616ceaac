import { SRGB_TO_LINEAR } from '../pixels/color-space';
import { createRng } from '../pixels/raw';

// Models the backdrop from the image border, to tell a subject from it. Everything is in CIE Lab
// so Euclidean distances roughly match how different two colours look (~1 unit per just-noticeable step).

/** Lab distance below which a pixel always counts as backdrop: absorbs noise and JPEG blocks. */
export const MIN_CONTRAST = 12;
/** Depth of the border ring (working pixels) sampled for the backdrop's smooth part. */
const RING = 3;
/** Terms of the smooth backdrop surface, see `basis`. */
const BASIS = 4;

const labF = (t: number): number => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

/** RGBA bytes to packed L,a,b floats (D65). */
export function rgbaToLab(rgba: Uint8Array, n: number): Float32Array {
  const lab = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) {
    const r = SRGB_TO_LINEAR[rgba[p * 4]],
      g = SRGB_TO_LINEAR[rgba[p * 4 + 1]],
      b = SRGB_TO_LINEAR[rgba[p * 4 + 2]];
    const fx = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const fy = labF(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    lab[p * 3] = 116 * fy - 16;
    lab[p * 3 + 1] = 500 * (fx - fy);
    lab[p * 3 + 2] = 200 * (fy - fz);
  }
  return lab;
}

/**
 * Each working pixel's Lab distance from the backdrop, and `floor`, the distance below which a
 * pixel is surely backdrop (scaled to the backdrop's own noise). Null when too little of the
 * border is opaque to learn from.
 *
 * The backdrop is a smooth surface (flat, gradient, vignette) fitted robustly to the border, so
 * a subject covering up to half of the border does not distort it. Border colours the surface
 * misses are added as extra backdrop colours only when they recur in several separate stretches
 * of the border (stripes, texture): a subject touching the border shows up as one stretch.
 */
export function backdropDistance(lab: Float32Array, opaque: Uint8Array, w: number, h: number): { dist: Float32Array; floor: number } | null {
  const t = Math.max(1, Math.min(RING, Math.floor(Math.min(w, h) / 4)));
  const ring: number[] = [];
  let ringSize = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (y >= t && y < h - t && x >= t && x < w - t) continue;
      ringSize++;
      if (opaque[y * w + x]) ring.push(y * w + x);
    }
  }
  if (ring.length < Math.max(4, ringSize * 0.1)) return null;
  const samples = Int32Array.from(ring);
  const phi = new Float64Array(BASIS);
  const coef = fitSurface(lab, samples, w, h);
  const resid = Float64Array.from(samples, (p) => surfaceDistance(lab, p, coef, w, h, phi)).sort();
  // The 30th percentile is backdrop even if the subject covers much of the border; for Gaussian
  // noise three times it is past the 99th percentile of backdrop distances.
  const outlierCut = Math.max(MIN_CONTRAST, 3 * resid[Math.floor(resid.length * 0.3)]);
  const extra = recurringColours(lab, opaque, w, h, coef, outlierCut);

  const n = w * h;
  const dist = new Float32Array(n);
  const k = extra.length / 3;
  for (let p = 0; p < n; p++) {
    let d = surfaceDistance(lab, p, coef, w, h, phi);
    if (k) d = Math.min(d, centerDistance(lab, p, extra, nearestCenter(lab, p, extra, k)));
    dist[p] = d;
  }
  const ringDist = Float64Array.from(samples, (p) => dist[p]).sort();
  return { dist, floor: Math.max(MIN_CONTRAST, 3 * ringDist[Math.floor(ringDist.length * 0.3)]) };
}

/** Colours of the outermost pixel ring that the surface misses, kept if they recur in >= 3 stretches. */
function recurringColours(lab: Float32Array, opaque: Uint8Array, w: number, h: number, coef: Float64Array, cut: number): Float32Array {
  // The outermost ring in walking order: along the top, down the right, back along the bottom, up the left.
  const walk: number[] = [];
  const seen = new Set<number>();
  const visit = (x: number, y: number) => {
    const p = y * w + x;
    if (!seen.has(p)) {
      seen.add(p);
      walk.push(p);
    }
  };
  for (let x = 0; x < w; x++) visit(x, 0);
  for (let y = 0; y < h; y++) visit(w - 1, y);
  for (let x = w - 1; x >= 0; x--) visit(x, h - 1);
  for (let y = h - 1; y >= 0; y--) visit(0, y);

  const phi = new Float64Array(BASIS);
  const m = walk.length;
  const outlier = walk.map((p) => opaque[p] === 1 && surfaceDistance(lab, p, coef, w, h, phi) > cut);
  const picked = Int32Array.from(walk.filter((_, i) => outlier[i]));
  if (picked.length < 8) return new Float32Array(0);

  // Stretches: maximal runs of outliers around the loop, bridging gaps of up to 2 pixels.
  const stretch = new Int32Array(m);
  const start = outlier.indexOf(false); // -1 when the whole loop is outliers: one stretch
  let id = -1,
    gap = Infinity;
  for (let j = 0; j < m; j++) {
    const i = (start + 1 + j) % m;
    if (!outlier[i]) {
      gap++;
      continue;
    }
    if (gap > 2) id++;
    gap = 0;
    stretch[i] = id;
  }

  const k = 4;
  const { centers, assign } = kmeans(lab, picked, k);
  const stretchesOf = Array.from({ length: k }, () => new Map<number, number>());
  for (let i = 0, s = 0; i < m; i++) {
    if (!outlier[i]) continue;
    const of = stretchesOf[assign[s++]];
    of.set(stretch[i], (of.get(stretch[i]) ?? 0) + 1);
  }
  const keep: number[] = [];
  for (let c = 0; c < k; c++) {
    let count = 0;
    for (const size of stretchesOf[c].values()) if (size >= 2) count++;
    if (count >= 3) keep.push(centers[c * 3], centers[c * 3 + 1], centers[c * 3 + 2]);
  }
  return Float32Array.from(keep);
}

/**
 * 1, x, y, x² + y² at normalised coordinates: flat, linear gradient and centred vignette.
 * A full quadratic is too flexible when only the border is seen: it can bend to explain a
 * subject along one edge (y² alone darkens just the bottom row).
 */
function basis(x: number, y: number, w: number, h: number, out: Float64Array): void {
  const u = (2 * x) / Math.max(1, w - 1) - 1,
    v = (2 * y) / Math.max(1, h - 1) - 1;
  out[0] = 1;
  out[1] = u;
  out[2] = v;
  out[3] = u * u + v * v;
}

/**
 * A smooth backdrop: Lab as a function of position (BASIS coefficients for L, then a, then b).
 * Least-trimmed-squares fit to the samples (pixel indices): refit on the best-fitting half a few
 * times, so a subject covering up to half the border does not drag the backdrop.
 */
function fitSurface(lab: Float32Array, samples: Int32Array, w: number, h: number): Float64Array {
  const n = samples.length;
  const resid = new Float64Array(n);
  const phi = new Float64Array(BASIS);
  // Start flat at the border's median colour: a guess the subject cannot drag, so the first
  // trimmed half is mostly backdrop even when a subject runs along a whole edge.
  let coef: Float64Array = new Float64Array(BASIS * 3);
  for (let c = 0; c < 3; c++) {
    const values = Float64Array.from(samples, (p) => lab[p * 3 + c]).sort();
    coef[c * BASIS] = values[n >> 1];
  }
  for (let round = 0; round < 5; round++) {
    for (let s = 0; s < n; s++) resid[s] = surfaceDistance(lab, samples[s], coef, w, h, phi);
    const cut = Float64Array.from(resid).sort()[n >> 1];
    const ata = new Float64Array(BASIS * BASIS),
      atb = new Float64Array(BASIS * 3);
    for (let s = 0; s < n; s++) {
      if (resid[s] > cut) continue;
      const p = samples[s];
      basis(p % w, Math.floor(p / w), w, h, phi);
      for (let i = 0; i < BASIS; i++) {
        for (let j = 0; j < BASIS; j++) ata[i * BASIS + j] += phi[i] * phi[j];
        for (let c = 0; c < 3; c++) atb[c * BASIS + i] += phi[i] * lab[p * 3 + c];
      }
    }
    // A touch of ridge keeps the system solvable when the samples are degenerate (tiny images).
    for (let i = 0; i < BASIS; i++) ata[i * BASIS + i] += 1e-6 * n;
    coef = solveSymmetric(ata, atb);
  }
  return coef;
}

function surfaceDistance(lab: Float32Array, p: number, coef: Float64Array, w: number, h: number, phi: Float64Array): number {
  basis(p % w, Math.floor(p / w), w, h, phi);
  let d2 = 0;
  for (let c = 0; c < 3; c++) {
    let v = 0;
    for (let i = 0; i < BASIS; i++) v += coef[c * BASIS + i] * phi[i];
    const d = lab[p * 3 + c] - v;
    d2 += d * d;
  }
  return Math.sqrt(d2);
}

/** Gaussian elimination with partial pivoting for A x = B (3 right-hand sides stored per channel). */
function solveSymmetric(ata: Float64Array, atb: Float64Array): Float64Array {
  const m = BASIS,
    a = Float64Array.from(ata),
    b = Float64Array.from(atb);
  for (let col = 0; col < m; col++) {
    let piv = col;
    for (let r = col + 1; r < m; r++) if (Math.abs(a[r * m + col]) > Math.abs(a[piv * m + col])) piv = r;
    if (piv !== col) {
      for (let k = 0; k < m; k++) [a[col * m + k], a[piv * m + k]] = [a[piv * m + k], a[col * m + k]];
      for (let c = 0; c < 3; c++) [b[c * m + col], b[c * m + piv]] = [b[c * m + piv], b[c * m + col]];
    }
    const d = a[col * m + col] || 1e-12;
    for (let r = col + 1; r < m; r++) {
      const f = a[r * m + col] / d;
      if (f === 0) continue;
      for (let k = col; k < m; k++) a[r * m + k] -= f * a[col * m + k];
      for (let c = 0; c < 3; c++) b[c * m + r] -= f * b[c * m + col];
    }
  }
  const x = new Float64Array(m * 3);
  for (let c = 0; c < 3; c++) {
    for (let r = m - 1; r >= 0; r--) {
      let s = b[c * m + r];
      for (let k = r + 1; k < m; k++) s -= a[r * m + k] * x[c * m + k];
      x[c * m + r] = s / (a[r * m + r] || 1e-12);
    }
  }
  return x;
}

/**
 * k-means over the Lab colours of the sampled pixels, seeded with k-means++ from a fixed seed
 * so the same image always segments the same way. Returns centres and each sample's cluster.
 */
function kmeans(lab: Float32Array, samples: Int32Array, k: number, iterations = 8): { centers: Float32Array; assign: Int32Array } {
  const n = samples.length;
  k = Math.max(1, Math.min(k, n));
  const rng = createRng(0x5e9);
  const centers = new Float32Array(k * 3);
  const nearest = new Float64Array(n).fill(Infinity);
  let pick = samples[Math.floor(rng() * n)];
  for (let c = 0; c < k; c++) {
    centers.set(lab.subarray(pick * 3, pick * 3 + 3), c * 3);
    let total = 0;
    for (let s = 0; s < n; s++) {
      const d = dist2(lab, samples[s], centers, c);
      if (d < nearest[s]) nearest[s] = d;
      total += nearest[s];
    }
    let target = rng() * total;
    pick = samples[n - 1];
    for (let s = 0; s < n; s++) {
      target -= nearest[s];
      if (target <= 0) {
        pick = samples[s];
        break;
      }
    }
  }
  const assign = new Int32Array(n);
  for (let it = 0; it < iterations; it++) {
    const sums = new Float64Array(k * 4);
    for (let s = 0; s < n; s++) {
      const c = nearestCenter(lab, samples[s], centers, k);
      assign[s] = c;
      for (let j = 0; j < 3; j++) sums[c * 4 + j] += lab[samples[s] * 3 + j];
      sums[c * 4 + 3]++;
    }
    for (let c = 0; c < k; c++) {
      const count = sums[c * 4 + 3];
      if (count > 0) for (let j = 0; j < 3; j++) centers[c * 3 + j] = sums[c * 4 + j] / count;
    }
  }
  return { centers, assign };
}

function dist2(lab: Float32Array, p: number, centers: Float32Array, c: number): number {
  const d0 = lab[p * 3] - centers[c * 3],
    d1 = lab[p * 3 + 1] - centers[c * 3 + 1],
    d2 = lab[p * 3 + 2] - centers[c * 3 + 2];
  return d0 * d0 + d1 * d1 + d2 * d2;
}

function nearestCenter(lab: Float32Array, p: number, centers: Float32Array, k: number): number {
  let best = 0,
    bestD = Infinity;
  for (let c = 0; c < k; c++) {
    const d = dist2(lab, p, centers, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

function centerDistance(lab: Float32Array, p: number, centers: Float32Array, c: number): number {
  return Math.sqrt(dist2(lab, p, centers, c));
}
