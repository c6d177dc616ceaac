// One pyramid level of exemplar completion (Wexler, Shechtman & Irani 2007): a nearest-neighbour
// field from every patch touching the hole to a patch lying wholly in the known area, found with
// PatchMatch (Barnes et al. 2009), and a vote that rebuilds the hole from those matches.

import { confidence, dilate } from './patch-masks';

/** Patch radius: 7x7 patches, big enough to carry texture, small enough to match anywhere. */
export const R = 3;
const P = 2 * R + 1;

/**
 * A random candidate must beat the current match by this factor to replace it. Favouring the
 * match propagated from a neighbour keeps copied regions large and coherent, and coherent
 * regions vote in agreement, which keeps the fill sharp (Ashikhmin's coherence parameter).
 */
const KAPPA = 0.7;
/**
 * Vote weights are exp(-d / (SHARPNESS * d_q)) with d_q the QUANTILE-th match distance.
 * Wexler et al. use the 75th percentile; a lower scale lets the few good matches outvote the
 * many mediocre ones, which would otherwise average into a haze.
 */
const QUANTILE = 0.25;
const SHARPNESS = 0.25;

/** An RGBA8 level image with its hole (nonzero = still to fill), both row-major. */
export interface Level {
  w: number;
  h: number;
  pix: Uint8ClampedArray;
  hole: Uint8Array;
}

export class PatchField {
  readonly lv: Level;
  /** 1 where a source patch may be centred: wholly inside the level and clear of the hole. */
  readonly valid: Uint8Array;
  /** The valid centres in raster order, to draw random matches from. */
  readonly sources: Int32Array;
  /** Centres of the patches that overlap the hole, in raster order. */
  readonly targets: Int32Array;
  /** Box (x, y, width, height) holding every target centre and every hole pixel. */
  readonly bx: number;
  readonly by: number;
  readonly bw: number;
  readonly bh: number;
  /** Box cell -> index into `targets`, or -1. */
  readonly tIndex: Int32Array;
  /** Per target: centre of its matched source patch, and the distance between the two. */
  readonly nnf: Int32Array;
  readonly nnd: Float64Array;
  /** Alpha takes part in matching only when some known pixel is not opaque. */
  readonly alpha: boolean;
  /**
   * Per-pixel trust, 1 when known and gamma^-depth inside the hole (Wexler et al.). When set it
   * scales distances and votes, so the rim leads and the starting guess barely counts.
   */
  private conf: Float32Array | null = null;

  constructor(lv: Level) {
    this.lv = lv;
    const { w, h, hole, pix } = lv;
    let x0 = w,
      y0 = h,
      x1 = -1,
      y1 = -1;
    let alpha = false;
    for (let y = 0, p = 0; y < h; y++) {
      for (let x = 0; x < w; x++, p++) {
        if (!hole[p]) {
          if (pix[p * 4 + 3] !== 255) alpha = true;
          continue;
        }
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
    this.alpha = alpha;
    this.bx = Math.max(0, x0 - R);
    this.by = Math.max(0, y0 - R);
    this.bw = Math.max(0, Math.min(w - 1, x1 + R) - this.bx + 1);
    this.bh = Math.max(0, Math.min(h - 1, y1 + R) - this.by + 1);

    const near = dilate(hole, w, h, R);
    this.valid = new Uint8Array(w * h);
    let nSrc = 0;
    for (let y = R; y < h - R; y++) {
      for (let x = R, p = y * w + R; x < w - R; x++, p++)
        if (!near[p]) {
          this.valid[p] = 1;
          nSrc++;
        }
    }
    this.sources = new Int32Array(nSrc);
    for (let p = 0, k = 0; p < w * h; p++) if (this.valid[p]) this.sources[k++] = p;

    // Only centres whose whole patch is inside the level: every hole pixel is still covered,
    // because the level is at least one patch wide (the caller makes sure).
    this.tIndex = new Int32Array(this.bw * this.bh).fill(-1);
    const tx0 = Math.max(R, this.bx),
      tx1 = Math.min(w - R, this.bx + this.bw);
    const ty0 = Math.max(R, this.by),
      ty1 = Math.min(h - R, this.by + this.bh);
    let nT = 0;
    for (let y = ty0; y < ty1; y++) for (let x = tx0; x < tx1; x++) if (near[y * w + x]) nT++;
    this.targets = new Int32Array(nT);
    for (let y = ty0, k = 0; y < ty1; y++) {
      for (let x = tx0; x < tx1; x++) {
        const p = y * w + x;
        if (!near[p]) continue;
        this.tIndex[(y - this.by) * this.bw + x - this.bx] = k;
        this.targets[k++] = p;
      }
    }
    this.nnf = new Int32Array(nT);
    this.nnd = new Float64Array(nT);
  }

  /** Turns trust weighting on (for the coarsest level, whose starting guess is only Telea's). */
  weightByDepth(): void {
    this.conf = confidence(this.lv.hole, this.lv.w, this.lv.h);
  }

  /** Sum of squared differences between the patches centred at p and q, giving up past `best`. */
  dist(p: number, q: number, best: number): number {
    if (this.conf) return this.distWeighted(p, q, best);
    const { pix, w } = this.lv;
    const row = w * 4;
    let a = (p - R * w - R) * 4,
      b = (q - R * w - R) * 4;
    let s = 0;
    for (let dy = 0; dy < P; dy++) {
      const end = a + P * 4;
      if (this.alpha) {
        for (let i = a, j = b; i < end; i += 4, j += 4) {
          const d0 = pix[i] - pix[j],
            d1 = pix[i + 1] - pix[j + 1],
            d2 = pix[i + 2] - pix[j + 2],
            d3 = pix[i + 3] - pix[j + 3];
          s += d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
        }
      } else {
        for (let i = a, j = b; i < end; i += 4, j += 4) {
          const d0 = pix[i] - pix[j],
            d1 = pix[i + 1] - pix[j + 1],
            d2 = pix[i + 2] - pix[j + 2];
          s += d0 * d0 + d1 * d1 + d2 * d2;
        }
      }
      if (s >= best) return s;
      a += row;
      b += row;
    }
    return s;
  }

  private distWeighted(p: number, q: number, best: number): number {
    const { pix, w } = this.lv;
    const conf = this.conf!;
    const row = w * 4;
    let a = (p - R * w - R) * 4,
      b = (q - R * w - R) * 4,
      k = p - R * w - R;
    let s = 0;
    for (let dy = 0; dy < P; dy++) {
      for (let dx = 0; dx < P; dx++) {
        const i = a + dx * 4,
          j = b + dx * 4;
        const d0 = pix[i] - pix[j],
          d1 = pix[i + 1] - pix[j + 1],
          d2 = pix[i + 2] - pix[j + 2],
          d3 = pix[i + 3] - pix[j + 3];
        s += conf[k + dx] * (d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3);
      }
      if (s >= best) return s;
      a += row;
      b += row;
      k += w;
    }
    return s;
  }

  /** Random matches: the starting field at the coarsest level. */
  randomize(rng: () => number): void {
    const { sources, nnf } = this;
    for (let t = 0; t < nnf.length; t++) nnf[t] = sources[Math.floor(rng() * sources.length)];
  }

  /**
   * Starts this (finer) field from the coarser one: a match at (qx, qy) for the coarse pixel
   * becomes (2qx, 2qy) plus the same sub-pixel offset, which keeps coherent regions coherent.
   */
  upsampleFrom(coarse: PatchField, rng: () => number): void {
    const { w, h } = this.lv;
    const cw = coarse.lv.w;
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      const x = p % w,
        y = (p - x) / w;
      // Clamp into the coarse box; centres near the level edge borrow their neighbour's match.
      const cx = Math.min(coarse.bx + coarse.bw - 1, Math.max(coarse.bx, x >> 1));
      const cy = Math.min(coarse.by + coarse.bh - 1, Math.max(coarse.by, y >> 1));
      const ct = coarse.tIndex[(cy - coarse.by) * coarse.bw + cx - coarse.bx];
      let q = -1;
      if (ct >= 0) {
        const cq = coarse.nnf[ct];
        const qx = (cq % cw) * 2 + x - 2 * cx,
          qy = Math.floor(cq / cw) * 2 + y - 2 * cy;
        if (qx >= 0 && qx < w && qy >= 0 && qy < h && this.valid[qy * w + qx]) q = qy * w + qx;
      }
      this.nnf[t] = q >= 0 ? q : this.sources[Math.floor(rng() * this.sources.length)];
    }
  }

  /** Total unweighted patch distance of the current matches: Wexler et al.'s objective. */
  energy(): number {
    const conf = this.conf;
    this.conf = null;
    let e = 0;
    for (let t = 0; t < this.targets.length; t++) e += this.dist(this.targets[t], this.nnf[t], Infinity);
    this.conf = conf;
    return e;
  }

  /** Recomputes every match's distance against the current hole contents. */
  measure(): void {
    for (let t = 0; t < this.targets.length; t++) this.nnd[t] = this.dist(this.targets[t], this.nnf[t], Infinity);
  }

  /**
   * One PatchMatch sweep: each target tries its scan-order predecessors' matches shifted by one
   * (propagation), then random matches in windows halving from `radius` (random search).
   */
  sweep(reverse: boolean, radius: number, rng: () => number): void {
    const { targets, nnf, nnd, valid, tIndex, bx, by, bw, bh } = this;
    const { w, h } = this.lv;
    const n = targets.length;
    const step = reverse ? -1 : 1;
    for (let k = 0; k < n; k++) {
      const t = reverse ? n - 1 - k : k;
      const p = targets[t];
      const x = p % w,
        y = (p - x) / w;
      const cell = (y - by) * bw + x - bx;
      let best = nnd[t],
        bq = nnf[t];
      // Neighbours left/right and above/below; the box holds them whenever they are targets.
      if (x - step >= bx && x - step < bx + bw) {
        const nt = tIndex[cell - step];
        if (nt >= 0) {
          const q = nnf[nt] + step;
          if (q !== bq && valid[q]) {
            const d = this.dist(p, q, best);
            if (d < best) {
              best = d;
              bq = q;
            }
          }
        }
      }
      if (y - step >= by && y - step < by + bh) {
        const nt = tIndex[cell - step * bw];
        if (nt >= 0) {
          const q = nnf[nt] + step * w;
          if (q !== bq && valid[q]) {
            const d = this.dist(p, q, best);
            if (d < best) {
              best = d;
              bq = q;
            }
          }
        }
      }
      const qx0 = bq % w,
        qy0 = (bq - qx0) / w;
      for (let r = radius; r >= 1; r >>= 1) {
        const qx = Math.min(w - 1 - R, Math.max(R, qx0 + Math.floor((2 * rng() - 1) * r)));
        const qy = Math.min(h - 1 - R, Math.max(R, qy0 + Math.floor((2 * rng() - 1) * r)));
        const q = qy * w + qx;
        if (q === bq || !valid[q]) continue;
        const d = this.dist(p, q, best * KAPPA);
        if (d < best * KAPPA) {
          best = d;
          bq = q;
        }
      }
      nnf[t] = bq;
      nnd[t] = best;
    }
  }

  /** Rebuilds every hole pixel as the weighted mean of what the overlapping matched patches put there. */
  vote(): void {
    const { targets, nnd, bx, by, bw, bh, conf } = this;
    const { w, pix, hole } = this.lv;
    const inv = 1 / (SHARPNESS * Math.max(1, quantile(nnd, QUANTILE)));
    const { sum: acc, weightSum: wsum } = this.gather(true, (t) => {
      const wt = Math.exp(-nnd[t] * inv) + 1e-6;
      return conf ? wt * conf[targets[t]] : wt;
    });
    for (let y = by; y < by + bh; y++) {
      for (let x = bx; x < bx + bw; x++) {
        const p = y * w + x,
          c = (y - by) * bw + x - bx;
        if (!hole[p] || wsum[c] === 0) continue;
        const k = 1 / wsum[c];
        pix[p * 4] = acc[c * 4] * k;
        pix[p * 4 + 1] = acc[c * 4 + 1] * k;
        pix[p * 4 + 2] = acc[c * 4 + 2] * k;
        pix[p * 4 + 3] = acc[c * 4 + 3] * k;
      }
    }
  }

  /**
   * Each hole pixel that centres a target takes its match's centre pixel rather than a mean of
   * 49 votes: no averaging, so the grain and fine texture of the source survive.
   */
  copyCentres(): void {
    const { pix, hole } = this.lv;
    for (let t = 0; t < this.targets.length; t++) {
      const p = this.targets[t];
      if (!hole[p]) continue;
      const q = this.nnf[t];
      pix[p * 4] = pix[q * 4];
      pix[p * 4 + 1] = pix[q * 4 + 1];
      pix[p * 4 + 2] = pix[q * 4 + 2];
      pix[p * 4 + 3] = pix[q * 4 + 3];
    }
  }

  /**
   * What the matched patches say about the known pixels around the hole: the mean of their
   * votes (RGBA) and the number of votes, per box cell (zero away from the rim).
   */
  rimVotes(): { mean: Float32Array; count: Float32Array } {
    const { sum: mean, weightSum: count } = this.gather(false, () => 1);
    for (let c = 0; c < count.length; c++) if (count[c]) for (let k = 0; k < 4; k++) mean[c * 4 + k] /= count[c];
    return { mean, count };
  }

  /**
   * Per box cell, on the hole side (`inHole`) or the known side, the sum of the RGBA values that
   * the matched patches put there, each patch weighted by `weight(target)`, and the sum of weights.
   */
  private gather(inHole: boolean, weight: (t: number) => number): { sum: Float32Array; weightSum: Float32Array } {
    const { targets, nnf, bx, by, bw, bh } = this;
    const { w, pix, hole } = this.lv;
    const sum = new Float32Array(bw * bh * 4);
    const wsum = new Float32Array(bw * bh);
    for (let t = 0; t < targets.length; t++) {
      const p = targets[t],
        q = nnf[t];
      const wt = weight(t);
      const px = p % w,
        py = (p - px) / w;
      for (let dy = -R; dy <= R; dy++) {
        const rowP = p + dy * w,
          rowQ = q + dy * w;
        const cellRow = (py + dy - by) * bw - bx + px;
        for (let dx = -R; dx <= R; dx++) {
          if ((hole[rowP + dx] !== 0) !== inHole) continue;
          const c = cellRow + dx,
            s = (rowQ + dx) * 4;
          sum[c * 4] += wt * pix[s];
          sum[c * 4 + 1] += wt * pix[s + 1];
          sum[c * 4 + 2] += wt * pix[s + 2];
          sum[c * 4 + 3] += wt * pix[s + 3];
          wsum[c] += wt;
        }
      }
    }
    return { sum, weightSum: wsum };
  }
}

/** Approximate quantile from an evenly strided sample: exact enough for a weighting scale. */
function quantile(values: Float64Array, q: number): number {
  if (values.length === 0) return 0;
  const stride = Math.max(1, Math.floor(values.length / 4096));
  const sample = new Float64Array(Math.ceil(values.length / stride));
  for (let i = 0, k = 0; i < values.length; i += stride) sample[k++] = values[i];
  sample.sort();
  return sample[Math.min(sample.length - 1, Math.floor(q * sample.length))];
}
