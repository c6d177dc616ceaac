import { inpaint } from './inpaint';
import { PatchField, R, type Level } from './patch-field';
import { matchRim } from './rim-match';
import { createRng, type RawImage } from '../pixels/raw';

// Object removal. Telea's diffusion is quick and right for scratches and small blobs, but across
// a wide hole in texture it smears the rim inwards into radial streaks. Wide holes are therefore
// filled by multi-scale exemplar completion (Wexler, Shechtman & Irani 2007, with Barnes et al.'s
// PatchMatch): texture copied from the surroundings, settled at a coarse level where the hole is
// small, then refined level by level up to full size.

/** Holes thinner than this (twice the deepest distance from a known pixel) stay with Telea. */
const TELEA_BELOW = 24;
/** Downsample until the hole is about this thick: small enough for patches to see across it. */
const COARSE_THICKNESS = 32;
/** The coarsest level keeps at least this many pixels a side, so there is context to copy. */
const MIN_LEVEL = 8 * (2 * R + 1);

/** `auto`: thin holes go to Telea; `exemplar`: every hole gets texture copied from around it. */
export type FillMode = 'auto' | 'exemplar';

/**
 * Fills the nonzero cells of `hole` (width*height entries) with content continued from around
 * them. Pixels outside the hole are copied byte for byte; same input and seed, same output.
 * `teleaRadius` is the window for the thin holes that go to Telea.
 */
export function removeAndFill(img: RawImage, hole: Uint8Array, seed: number, teleaRadius = 5, fill: FillMode = 'auto'): RawImage {
  const { width: w, height: h } = img;
  if (hole.length !== w * h) throw new RangeError(`hole has ${hole.length} entries, expected ${w * h}`);
  const box = holeBox(hole, w, h);
  // Empty, or nothing known to copy from: Telea returns the plain copy for both.
  if (!box || box.count === w * h) return inpaint(img, hole, teleaRadius);
  const thickness = holeThickness(hole, w, h, box);
  if ((fill === 'auto' && thickness < TELEA_BELOW) || w < MIN_LEVEL || h < MIN_LEVEL) return inpaint(img, hole, teleaRadius);

  // Work in a window around the hole: sources further than a couple of hole widths away rarely
  // fit better, and the window bounds the work on big images with small holes.
  const margin = Math.max(48, Math.ceil(2 * thickness));
  const x0 = Math.max(0, box.x0 - margin),
    y0 = Math.max(0, box.y0 - margin);
  const x1 = Math.min(w, box.x1 + 1 + margin),
    y1 = Math.min(h, box.y1 + 1 + margin);
  const fine = crop(img, hole, x0, y0, x1 - x0, y1 - y0);

  const levels: Level[] = [fine];
  for (let t = thickness; t > COARSE_THICKNESS; t /= 2) {
    const top = levels[levels.length - 1];
    if (Math.min(top.w, top.h) < 2 * MIN_LEVEL) break;
    levels.push(downsample(top));
  }

  const rng = createRng(seed);
  let prev: PatchField | null = null;
  for (let l = levels.length - 1; l >= 0; l--) {
    const lv = levels[l];
    const field = new PatchField(lv);
    // Nowhere to copy from at this scale (the hole leaves no patch-sized gap): Telea it is.
    if (field.sources.length === 0) return inpaint(img, hole, teleaRadius);
    if (!prev) {
      // Telea's guess sets the colours; trust weighting lets the rim override its streaks.
      teleaInit(lv);
      field.weightByDepth();
      settleCoarsest(field, rng);
    } else {
      field.upsampleFrom(prev, rng);
      enlargeInto(prev.lv, lv);
      iterate(field, schedule(field), rng);
    }
    prev = field;
  }

  // Votes are means and so a little soft; the last pass copies pixels outright, then spreads
  // whatever tone mismatch is left along the rim over the fill.
  const last = prev!;
  if (last.targets.length <= FINAL_SWEEP_MAX) {
    last.measure();
    last.sweep(false, LOCAL_RADIUS, rng);
  }
  last.copyCentres();
  matchRim(last);

  const out: RawImage = { data: Buffer.from(img.data), width: w, height: h };
  for (let y = 0; y < fine.h; y++) {
    for (let x = 0; x < fine.w; x++) {
      const p = y * fine.w + x;
      if (!fine.hole[p]) continue;
      const i = ((y + y0) * w + x + x0) * 4;
      out.data[i] = fine.pix[p * 4];
      out.data[i + 1] = fine.pix[p * 4 + 1];
      out.data[i + 2] = fine.pix[p * 4 + 2];
      out.data[i + 3] = fine.pix[p * 4 + 3];
    }
  }
  return out;
}

/** Random search radius once the coarse level has settled the layout: refinement is local. */
const LOCAL_RADIUS = 8;
/** Above this many target patches the final re-match is skipped (it would cost seconds). */
const FINAL_SWEEP_MAX = 300_000;

interface Plan {
  em: number;
  pm: number;
  radius: number;
}

/** Wexler's loop: match every target patch (PatchMatch sweeps), then vote the hole anew. */
function iterate(field: PatchField, plan: Plan, rng: () => number): void {
  for (let i = 0; i < plan.em; i++) {
    field.measure();
    for (let j = 0; j < plan.pm; j++) field.sweep((i * plan.pm + j) % 2 === 1, plan.radius, rng);
    field.vote();
  }
}

/** Independent starts at the coarsest level; the one with the lowest energy is kept. */
const COARSE_STARTS = 4;

/**
 * The coarsest level decides the layout, and from a random start EM sometimes settles on a
 * poor one, e.g. a blot of sky in a meadow. Such layouts tend to match worse overall, and the
 * level is tiny, so several starts are run and the one with the lowest total patch distance
 * (Wexler et al.'s objective) wins.
 */
function settleCoarsest(field: PatchField, rng: () => number): void {
  const { pix } = field.lv;
  const start = pix.slice();
  let bestE = Infinity,
    bestPix = start,
    bestNnf = field.nnf.slice();
  const plan = { em: 8, pm: 2, radius: Math.max(field.lv.w, field.lv.h) };
  for (let k = 0; k < COARSE_STARTS; k++) {
    pix.set(start);
    field.randomize(rng);
    iterate(field, plan, rng);
    const e = field.energy();
    if (e < bestE) {
      bestE = e;
      bestPix = pix.slice();
      bestNnf = field.nnf.slice();
    }
  }
  pix.set(bestPix);
  field.nnf.set(bestNnf);
}

/**
 * EM iterations (`em`), PatchMatch sweeps per iteration (`pm`) and random search radius for a
 * finer level, sized by its number of target patches so the total stays bounded: the coarse
 * level has settled the layout, so the search is local, and the finest levels of a big hole
 * only sharpen an already coherent field.
 */
function schedule(field: PatchField): Plan {
  const n = field.targets.length;
  if (n <= 50_000) return { em: 4, pm: 2, radius: LOCAL_RADIUS };
  if (n <= 250_000) return { em: 2, pm: 1, radius: LOCAL_RADIUS };
  return { em: 1, pm: 1, radius: 4 };
}

function holeBox(hole: Uint8Array, w: number, h: number): { x0: number; y0: number; x1: number; y1: number; count: number } | null {
  let x0 = w,
    y0 = h,
    x1 = -1,
    y1 = -1,
    count = 0;
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      if (!hole[p]) continue;
      count++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return count ? { x0, y0, x1, y1, count } : null;
}

/**
 * Twice the largest distance from a hole pixel to a known one (chamfer 3-4): how far a fill
 * has to reach. The image edge gives no support, so a strip along it counts double its width.
 */
function holeThickness(hole: Uint8Array, w: number, h: number, box: { x0: number; y0: number; x1: number; y1: number }): number {
  const gx0 = box.x0 - 1,
    gy0 = box.y0 - 1;
  const gw = box.x1 - box.x0 + 3,
    gh = box.y1 - box.y0 + 3;
  const FAR = 1 << 29;
  const d = new Int32Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const x = gx + gx0,
        y = gy + gy0;
      const inside = x >= 0 && y >= 0 && x < w && y < h;
      d[gy * gw + gx] = !inside || hole[y * w + x] ? FAR : 0;
    }
  }
  // Two raster passes over the interior; the one-cell ring stays fixed (known or off-image).
  for (let gy = 1; gy < gh - 1; gy++) {
    for (let gx = 1, g = gy * gw + 1; gx < gw - 1; gx++, g++) {
      if (d[g] === 0) continue;
      d[g] = Math.min(d[g], d[g - 1] + 3, d[g - gw] + 3, d[g - gw - 1] + 4, d[g - gw + 1] + 4);
    }
  }
  let max = 0;
  for (let gy = gh - 2; gy >= 1; gy--) {
    for (let gx = gw - 2, g = gy * gw + gx; gx >= 1; gx--, g--) {
      if (d[g] === 0) continue;
      d[g] = Math.min(d[g], d[g + 1] + 3, d[g + gw] + 3, d[g + gw + 1] + 4, d[g + gw - 1] + 4);
      if (d[g] > max) max = d[g];
    }
  }
  return (2 * max) / 3;
}

function crop(img: RawImage, hole: Uint8Array, x0: number, y0: number, cw: number, ch: number): Level {
  const pix = new Uint8ClampedArray(cw * ch * 4);
  const sub = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const from = ((y + y0) * img.width + x0) * 4;
    pix.set(img.data.subarray(from, from + cw * 4), y * cw * 4);
    for (let x = 0; x < cw; x++) sub[y * cw + x] = hole[(y + y0) * img.width + x + x0] ? 1 : 0;
  }
  return { w: cw, h: ch, pix, hole: sub };
}

/**
 * Halves a level with a 2x2 box filter. A coarse pixel is hole if any of its children is, so
 * every known coarse pixel is an average of known pixels only.
 */
function downsample(lv: Level): Level {
  const w = Math.ceil(lv.w / 2),
    h = Math.ceil(lv.h / 2);
  const pix = new Uint8ClampedArray(w * h * 4);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = 2 * y,
      yb = Math.min(lv.h - 1, ya + 1);
    for (let x = 0; x < w; x++) {
      const xa = 2 * x,
        xb = Math.min(lv.w - 1, xa + 1);
      const a = ya * lv.w + xa,
        b = ya * lv.w + xb,
        c = yb * lv.w + xa,
        d = yb * lv.w + xb;
      const p = y * w + x;
      hole[p] = lv.hole[a] | lv.hole[b] | lv.hole[c] | lv.hole[d];
      for (let k = 0; k < 4; k++) {
        pix[p * 4 + k] = (lv.pix[a * 4 + k] + lv.pix[b * 4 + k] + lv.pix[c * 4 + k] + lv.pix[d * 4 + k]) / 4;
      }
    }
  }
  return { w, h, pix, hole };
}

/**
 * Bilinear enlargement of the coarse level's fill into this level's hole: the starting guess
 * for the matches here is what the coarse level settled on (a blend of its votes), not a copy
 * of each coarse match, since a few coarse matches are outliers the blend had outvoted.
 */
function enlargeInto(coarse: Level, fine: Level): void {
  const { w: cw, h: ch, pix: cp } = coarse;
  for (let y = 0; y < fine.h; y++) {
    const sy = Math.min(ch - 1, Math.max(0, (y - 0.5) / 2)),
      y0 = Math.floor(sy),
      y1 = Math.min(ch - 1, y0 + 1),
      ty = sy - y0;
    for (let x = 0; x < fine.w; x++) {
      const p = y * fine.w + x;
      if (!fine.hole[p]) continue;
      const sx = Math.min(cw - 1, Math.max(0, (x - 0.5) / 2)),
        x0 = Math.floor(sx),
        x1 = Math.min(cw - 1, x0 + 1),
        tx = sx - x0;
      for (let k = 0; k < 4; k++) {
        const a = cp[(y0 * cw + x0) * 4 + k] * (1 - tx) + cp[(y0 * cw + x1) * 4 + k] * tx;
        const b = cp[(y1 * cw + x0) * 4 + k] * (1 - tx) + cp[(y1 * cw + x1) * 4 + k] * tx;
        fine.pix[p * 4 + k] = a * (1 - ty) + b * ty;
      }
    }
  }
}

/** The coarsest level starts from Telea: smooth, but in the right colours near the rim. */
function teleaInit(lv: Level): void {
  const data = Buffer.from(lv.pix.buffer, lv.pix.byteOffset, lv.pix.byteLength);
  lv.pix.set(inpaint({ data, width: lv.w, height: lv.h }, lv.hole, 5).data);
}
