import type { RawImage } from '../pixels/raw';
import { labelComponents } from './mask-ops';

// Telea, "An Image Inpainting Technique Based on the Fast Marching Method" (2004).
// The fill front advances from the hole's edge inwards in order of arrival time T, so every
// pixel is estimated only from pixels that are already known or were filled before it.

const KNOWN = 0;
const BAND = 1;
const INSIDE = 2;
/** Padding beyond the image edge: never usable, so the inner loops need no bounds checks. */
const OUTSIDE = 3;
const FAR = 1e6;

// Derivative stencils indexed by which side is usable (bit 0 = low, bit 1 = high):
// none, one-sided backward, one-sided forward, central.
const TAP_LO = Float64Array.of(0, -1, 0, -0.5);
const TAP_MID = Float64Array.of(0, 1, -1, 0);
const TAP_HI = Float64Array.of(0, 0, 1, 0.5);

/** Cap on the gradient term, in levels: room for smooth ramps, not for extrapolating texture. */
const MAX_STEP = 12;

const firstOrder = (v: number, cC: number, taps: number): number => v + Math.min(MAX_STEP, Math.max(-MAX_STEP, cC * v + taps));

/** Binary min-heap of grid indices keyed by arrival time; stale entries are skipped by the caller. */
class MinHeap {
  keys: Float64Array;
  vals: Int32Array;
  size = 0;
  poppedKey = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.vals = new Int32Array(capacity);
  }

  push(val: number, key: number): void {
    if (this.size === this.keys.length) this.grow();
    const { keys, vals } = this;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      vals[i] = vals[parent];
      i = parent;
    }
    keys[i] = key;
    vals[i] = val;
  }

  pop(): number {
    const { keys, vals } = this;
    const top = vals[0];
    this.poppedKey = keys[0];
    const n = --this.size;
    const key = keys[n];
    const val = vals[n];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= key) break;
      keys[i] = keys[child];
      vals[i] = vals[child];
      i = child;
    }
    keys[i] = key;
    vals[i] = val;
    return top;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const vals = new Int32Array(this.vals.length * 2);
    keys.set(this.keys);
    vals.set(this.vals);
    this.keys = keys;
    this.vals = vals;
  }
}

/**
 * Fills the nonzero cells of `hole` (width*height entries) from their surroundings.
 * Returns a new image; pixels outside the hole are copied byte for byte.
 */
export function inpaint(img: RawImage, hole: Uint8Array, radius = 5): RawImage {
  const { width: w, height: h } = img;
  if (hole.length !== w * h) throw new RangeError(`hole has ${hole.length} entries, expected ${w * h}`);
  const out: RawImage = { data: Buffer.from(img.data), width: w, height: h };
  // Beyond a few dozen pixels the window only blurs and costs quadratically more.
  const r = Number.isFinite(radius) ? Math.min(32, Math.max(1, Math.round(radius))) : 5;

  const { labels, boxes } = labelHoles(hole, w, h);
  const count = boxes.length / 4;
  // Nothing to fill, or nothing to fill from.
  if (count === 0 || (count === 1 && boxes[2] - boxes[0] + 1 === w && boxes[3] - boxes[1] + 1 === h && isFull(hole))) {
    return out;
  }
  // Filling each region on its own keeps the working set small and local; fall back to a single
  // pass when the boxes overlap so much that redoing their margins would cost more.
  let boxArea = 0;
  for (let k = 0; k < count; k++) {
    boxArea += (boxes[4 * k + 2] - boxes[4 * k] + 2 * r + 3) * (boxes[4 * k + 3] - boxes[4 * k + 1] + 2 * r + 3);
  }
  if (boxArea > 2 * w * h) {
    let x0 = w,
      y0 = h,
      x1 = 0,
      y1 = 0;
    for (let k = 0; k < count; k++) {
      x0 = Math.min(x0, boxes[4 * k]);
      y0 = Math.min(y0, boxes[4 * k + 1]);
      x1 = Math.max(x1, boxes[4 * k + 2]);
      y1 = Math.max(y1, boxes[4 * k + 3]);
    }
    fillRegion(out, labels, 0, x0, y0, x1, y1, r);
  } else {
    for (let k = 0; k < count; k++) {
      fillRegion(out, labels, k + 1, boxes[4 * k], boxes[4 * k + 1], boxes[4 * k + 2], boxes[4 * k + 3], r);
    }
  }
  return out;
}

function isFull(hole: Uint8Array): boolean {
  for (let i = 0; i < hole.length; i++) if (!hole[i]) return false;
  return true;
}

/** 4-connected hole regions: a label per pixel (0 = not hole) and x0,y0,x1,y1 per region. */
function labelHoles(hole: Uint8Array, w: number, h: number): { labels: Int32Array; boxes: Int32Array } {
  const { labels, count } = labelComponents(w, h, (i) => hole[i] !== 0);
  const boxes = new Int32Array(4 * count);
  for (let k = 0; k < count; k++) boxes.set([w, h, -1, -1], 4 * k);
  for (let i = 0; i < labels.length; i++) {
    if (!labels[i]) continue;
    const b = 4 * (labels[i] - 1);
    const x = i % w,
      y = (i - x) / w;
    if (x < boxes[b]) boxes[b] = x;
    if (y < boxes[b + 1]) boxes[b + 1] = y;
    if (x > boxes[b + 2]) boxes[b + 2] = x;
    if (y > boxes[b + 3]) boxes[b + 3] = y;
  }
  return { labels, boxes };
}

/**
 * Runs the fast marching fill over one region's bounding box, in place on `img`.
 * `id` 0 fills every hole pixel in the box; otherwise only region `id`, with regions filled
 * earlier (lower ids) counting as known and later ones as unusable.
 */
function fillRegion(img: RawImage, labels: Int32Array, id: number, x0: number, y0: number, x1: number, y1: number, r: number): void {
  const { width: w, height: h } = img;
  // Margin for the window and the gradients taken at its rim.
  const pad = r + 1;
  const gx0 = x0 - pad,
    gy0 = y0 - pad;
  const gw = x1 - x0 + 1 + 2 * pad,
    gh = y1 - y0 + 1 + 2 * pad;
  const flags = new Uint8Array(gw * gh).fill(OUTSIDE);
  const T = new Float32Array(gw * gh).fill(FAR);
  // Clamped storage rounds and saturates the weighted sums for free.
  const pix = new Uint8ClampedArray(gw * gh * 4);
  const src = img.data;
  // With an all-opaque surround every fill is opaque too, so alpha need not be interpolated.
  let opaque = true;
  for (let gy = 0; gy < gh; gy++) {
    const iy = gy + gy0;
    if (iy < 0 || iy >= h) continue;
    for (let gx = 0; gx < gw; gx++) {
      const ix = gx + gx0;
      if (ix < 0 || ix >= w) continue;
      const g = gy * gw + gx,
        i = iy * w + ix;
      pix[g * 4] = src[i * 4];
      pix[g * 4 + 1] = src[i * 4 + 1];
      pix[g * 4 + 2] = src[i * 4 + 2];
      pix[g * 4 + 3] = src[i * 4 + 3];
      const label = labels[i];
      if (label === 0 || (id !== 0 && label < id)) {
        flags[g] = KNOWN;
        T[g] = 0;
        if (src[i * 4 + 3] !== 255) opaque = false;
      } else if (id === 0 || label === id) flags[g] = INSIDE;
    }
  }

  // The disc of neighbours that contribute to a pixel, as grid offsets with their fixed weights.
  const offs: number[] = [],
    rxs: number[] = [],
    rys: number[] = [],
    invD2s: number[] = [],
    invD3s: number[] = [];
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const d2 = dx * dx + dy * dy;
      if (d2 === 0 || d2 > r * r) continue;
      offs.push(dy * gw + dx);
      rxs.push(-dx); // components of p - q
      rys.push(-dy);
      invD2s.push(1 / d2);
      invD3s.push(1 / (d2 * Math.sqrt(d2)));
    }
  }
  const off = Int32Array.from(offs),
    rx = Float64Array.from(rxs),
    ry = Float64Array.from(rys);
  const invD2 = Float64Array.from(invD2s),
    invD3 = Float64Array.from(invD3s);
  const nOff = off.length;

  // Which 4-neighbours of each cell are usable (1 left, 2 right, 4 up, 8 down), kept current as
  // the front advances so the gradient stencils need one read instead of four.
  const nb = new Uint8Array(gw * gh);
  const markUsable = (c: number): void => {
    nb[c + 1] |= 1;
    nb[c - 1] |= 2;
    nb[c + gw] |= 4;
    nb[c - gw] |= 8;
  };
  // Bits that wrap across a row end land on the outer ring of cells, which is never read.
  for (let g = 0; g < flags.length; g++) if (flags[g] < INSIDE) markUsable(g);

  const heap = new MinHeap(1024);
  for (let g = 0; g < flags.length; g++) {
    if (flags[g] !== INSIDE) continue;
    for (let k = 0; k < 4; k++) {
      const n = k === 0 ? g - 1 : k === 1 ? g + 1 : k === 2 ? g - gw : g + gw;
      if (flags[n] === KNOWN) {
        flags[n] = BAND;
        heap.push(n, 0);
      }
    }
  }

  // One quadrant of the upwind eikonal update |grad T| = 1.
  const solve = (a: number, b: number): number => {
    const ta = T[a],
      tb = T[b];
    const okA = flags[a] < INSIDE,
      okB = flags[b] < INSIDE;
    if (okA && okB) {
      const d = ta - tb;
      return Math.abs(d) >= 1 ? 1 + Math.min(ta, tb) : (ta + tb + Math.sqrt(2 - d * d)) * 0.5;
    }
    if (okA) return 1 + ta;
    if (okB) return 1 + tb;
    return 1 + Math.min(ta, tb);
  };

  // Central difference where both sides are usable, one-sided where only one is.
  const diff = (lo: number, hi: number, vc: number, vlo: number, vhi: number): number => {
    const okLo = flags[lo] < INSIDE,
      okHi = flags[hi] < INSIDE;
    if (okLo && okHi) return (vhi - vlo) * 0.5;
    if (okHi) return vhi - vc;
    if (okLo) return vc - vlo;
    return 0;
  };

  const gw4 = gw * 4;
  const fill = (p: number): void => {
    const tp = T[p];
    let ntx = diff(p - 1, p + 1, tp, T[p - 1], T[p + 1]);
    let nty = diff(p - gw, p + gw, tp, T[p - gw], T[p + gw]);
    const nLen = Math.hypot(ntx, nty);
    if (nLen > 0) {
      ntx /= nLen;
      nty /= nLen;
    }
    let sum = 0,
      a0 = 0,
      a1 = 0,
      a2 = 0,
      a3 = 0;
    for (let k = 0; k < nOff; k++) {
      const q = p + off[k];
      if (flags[q] >= INSIDE) continue;
      const qx = rx[k],
        qy = ry[k];
      // The paper's weight: direction (cosine to the front's normal, floored so it never
      // vanishes, which continues edges that reach the hole) x 1/distance² x level-set closeness.
      const wgt = (Math.abs(ntx * qx + nty * qy) * invD3[k] + 1e-6 * invD2[k]) / (1 + Math.abs(T[q] - tp));
      sum += wgt;
      // I(q) + grad I(q) . (p - q): the stencil is folded into five tap coefficients, and the
      // first-order term is capped, since on texture the differences are huge and, fed back
      // through filled pixels, grow into saturated stripes.
      const mx = nb[q] & 3,
        my = nb[q] >> 2;
      const cL = qx * TAP_LO[mx],
        cR = qx * TAP_HI[mx],
        cU = qy * TAP_LO[my],
        cD = qy * TAP_HI[my];
      const cC = qx * TAP_MID[mx] + qy * TAP_MID[my];
      const q4 = q * 4,
        l4 = q4 - 4,
        r4 = q4 + 4,
        u4 = q4 - gw4,
        d4 = q4 + gw4;
      a0 += wgt * firstOrder(pix[q4], cC, cL * pix[l4] + cR * pix[r4] + cU * pix[u4] + cD * pix[d4]);
      a1 += wgt * firstOrder(pix[q4 + 1], cC, cL * pix[l4 + 1] + cR * pix[r4 + 1] + cU * pix[u4 + 1] + cD * pix[d4 + 1]);
      a2 += wgt * firstOrder(pix[q4 + 2], cC, cL * pix[l4 + 2] + cR * pix[r4 + 2] + cU * pix[u4 + 2] + cD * pix[d4 + 2]);
      if (!opaque) a3 += wgt * firstOrder(pix[q4 + 3], cC, cL * pix[l4 + 3] + cR * pix[r4 + 3] + cU * pix[u4 + 3] + cD * pix[d4 + 3]);
    }
    const p4 = p * 4;
    pix[p4] = a0 / sum;
    pix[p4 + 1] = a1 / sum;
    pix[p4 + 2] = a2 / sum;
    pix[p4 + 3] = opaque ? 255 : a3 / sum;
  };

  while (heap.size > 0) {
    const p = heap.pop();
    if (flags[p] === KNOWN || heap.poppedKey > T[p]) continue;
    flags[p] = KNOWN;
    for (let k = 0; k < 4; k++) {
      const n = k === 0 ? p - 1 : k === 1 ? p + 1 : k === 2 ? p - gw : p + gw;
      const f = flags[n];
      if (f !== INSIDE && f !== BAND) continue;
      const t = Math.min(solve(n - gw, n - 1), solve(n + gw, n - 1), solve(n - gw, n + 1), solve(n + gw, n + 1));
      if (f === INSIDE) {
        T[n] = t;
        fill(n); // before flagging, so the pixel never contributes to itself
        flags[n] = BAND;
        markUsable(n);
        heap.push(n, T[n]);
      } else if (t < T[n]) {
        T[n] = t;
        // Push the stored (float32) value so the staleness check compares like with like.
        heap.push(n, T[n]);
      }
    }
  }

  for (let gy = pad; gy < gh - pad; gy++) {
    for (let gx = pad; gx < gw - pad; gx++) {
      const g = gy * gw + gx;
      // Every INSIDE cell has been reached by now; those are exactly the cells this pass owns.
      if (flags[g] === OUTSIDE || T[g] === 0) continue;
      const i = (gy + gy0) * w + gx + gx0;
      src[i * 4] = pix[g * 4];
      src[i * 4 + 1] = pix[g * 4 + 1];
      src[i * 4 + 2] = pix[g * 4 + 2];
      src[i * 4 + 3] = pix[g * 4 + 3];
    }
  }
}
