import type { Combine, MaskDoc, MaskOp, Shape, Stroke } from './mask-doc';
import { growMask } from './mask-select';

/**
 * The mask at the image's natural size, one byte a pixel: 255 = edit, 0 = keep, greys on feathered
 * edges and from imported masks. Pure TypeScript (no canvas), so the browser's editor and export
 * and the unit tests share it. A pixel belongs to a shape when its centre does.
 */
export function rasterizeMask(width: number, height: number, doc: MaskDoc, { feather = 0 } = {}): Uint8Array {
  const out = new Uint8Array(width * height);
  for (const op of doc.ops) applyOp(out, width, height, op);
  return feather > 0 ? featherMask(out, width, height, feather) : out;
}

/** The rectangle of pixels an operation can change, or null for the whole mask. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Applies one operation to `mask` in place; answers the pixels it may have changed (null: all). */
export function applyOp(mask: Uint8Array, width: number, height: number, op: MaskOp): Bounds | null {
  switch (op.type) {
    case 'invert':
      for (let i = 0; i < mask.length; i++) mask[i] = 255 - mask[i];
      return null;
    case 'grow':
      mask.set(growMask(mask, width, height, op.pixels));
      return null;
    case 'region':
      return combineRegion(mask, op.region.data, op.combine);
    default: {
      if (op.combine === 'replace') mask.fill(0);
      const value = op.combine === 'subtract' ? 0 : 255;
      const fill = (row: number, x0: number, x1: number) => {
        const lo = Math.max(0, Math.ceil(x0 - 0.5));
        const hi = Math.min(width - 1, Math.floor(x1 - 0.5));
        if (hi >= lo) mask.fill(value, row * width + lo, row * width + hi + 1);
      };
      if (op.type === 'stroke') drawStroke(op.stroke, height, fill);
      else drawShape(op.shape, height, fill);
      return op.combine === 'replace' ? null : clip(opBox(op), width, height);
    }
  }
}

function combineRegion(mask: Uint8Array, region: Uint8Array, combine: Combine): null {
  if (combine === 'replace') mask.set(region);
  else if (combine === 'add') for (let i = 0; i < mask.length; i++) mask[i] = Math.max(mask[i], region[i]);
  else for (let i = 0; i < mask.length; i++) mask[i] = Math.min(mask[i], 255 - region[i]);
  return null;
}

type RowFill = (row: number, x0: number, x1: number) => void;

/** A round-capped stroke as capsules, one per segment (with a pen, each as wide as its points' mean radius). */
function drawStroke(stroke: Stroke, height: number, fill: RowFill) {
  const p = stroke.points;
  const r = (i: number) => Math.max(0.5, stroke.radii?.[i / 2] ?? stroke.radius);
  if (p.length === 2) return drawCapsule(p[0], p[1], p[0], p[1], r(0), height, fill);
  for (let i = 0; i + 3 < p.length; i += 2) drawCapsule(p[i], p[i + 1], p[i + 2], p[i + 3], (r(i) + r(i + 2)) / 2, height, fill);
}

function drawCapsule(ax: number, ay: number, bx: number, by: number, r: number, height: number, fill: RowFill) {
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r - 0.5));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + r - 0.5));
  for (let y = y0; y <= y1; y++) {
    const span = capsuleSpan(ax, ay, bx, by, r, y + 0.5);
    if (span) fill(y, span[0], span[1]);
  }
}

function drawShape(shape: Shape, height: number, fill: RowFill) {
  if (shape.kind === 'polygon') return fillPolygon(shape.points, height, fill);
  const { x0, y0, x1, y1 } = shape;
  const top = Math.max(0, Math.ceil(y0 - 0.5));
  const bottom = Math.min(height - 1, Math.floor(y1 - 0.5));
  if (shape.kind === 'rect') {
    for (let y = top; y <= bottom; y++) fill(y, x0, x1);
    return;
  }
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const rx = (x1 - x0) / 2;
  const ry = (y1 - y0) / 2;
  for (let y = top; y <= bottom; y++) {
    const dy = (y + 0.5 - cy) / ry;
    if (dy * dy > 1) continue;
    const half = rx * Math.sqrt(1 - dy * dy);
    fill(y, cx - half, cx + half);
  }
}

/**
 * A polygon filled by the even-odd rule, row by row. Edges are bucketed by their first row, so each
 * row visits only the edges that cross it: a 2,000-point lasso over 4096 rows stays linear.
 */
export function fillPolygon(points: number[], height: number, fill: RowFill) {
  const n = points.length / 2;
  const starts: number[][] = [];
  let minRow = height;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ya = points[2 * i + 1];
    const yb = points[2 * j + 1];
    if (ya === yb) continue;
    // Rows whose centre y + 0.5 lies in [min, max) of the edge.
    const first = Math.max(0, Math.ceil(Math.min(ya, yb) - 0.5));
    if (first >= height) continue;
    (starts[first] ??= []).push(i);
    minRow = Math.min(minRow, first);
  }
  let active: number[] = [];
  const xs: number[] = [];
  for (let y = minRow; y < height; y++) {
    if (starts[y]) active = active.concat(starts[y]);
    if (active.length === 0) {
      if (y > minRow && starts.length <= y) break;
      continue;
    }
    const yc = y + 0.5;
    xs.length = 0;
    active = active.filter((i) => {
      const j = (i + 1) % n;
      const xa = points[2 * i];
      const ya = points[2 * i + 1];
      const xb = points[2 * j];
      const yb = points[2 * j + 1];
      if (yc >= Math.max(ya, yb)) return false;
      if (yc >= Math.min(ya, yb)) xs.push(xa + ((yc - ya) * (xb - xa)) / (yb - ya));
      return true;
    });
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) fill(y, xs[k], xs[k + 1]);
  }
}

function opBox(op: Extract<MaskOp, { type: 'stroke' | 'shape' }>): Bounds {
  if (op.type === 'shape' && op.shape.kind !== 'polygon') {
    const { x0, y0, x1, y1 } = op.shape;
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }
  const points = op.type === 'stroke' ? op.stroke.points : (op.shape as { points: number[] }).points;
  const pad = op.type === 'stroke' ? Math.max(op.stroke.radius, ...(op.stroke.radii ?? [])) + 1 : 1;
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    x0 = Math.min(x0, points[i]);
    x1 = Math.max(x1, points[i]);
    y0 = Math.min(y0, points[i + 1]);
    y1 = Math.max(y1, points[i + 1]);
  }
  return { x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad };
}

function clip(b: Bounds, width: number, height: number): Bounds {
  const x = Math.max(0, Math.floor(b.x));
  const y = Math.max(0, Math.floor(b.y));
  const right = Math.min(width, Math.ceil(b.x + b.width) + 1);
  const bottom = Math.min(height, Math.ceil(b.y + b.height) + 1);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/**
 * Softens every edge into a linear ramp `feather` pixels wide, centred on the edge: a box blur
 * across rows, then down columns, edges clamped (so paint stays white up to the image border).
 * The inside of a shape stays 255 and anything beyond the ramp stays exactly 0.
 */
export function featherMask(mask: Uint8Array, width: number, height: number, feather: number): Uint8Array {
  const radius = Math.round(feather / 2);
  if (radius < 1) return mask;
  const once = boxBlur(mask, width, height, radius, 1, width);
  return boxBlur(once, height, width, radius, width, 1);
}

/** A box blur of 2r + 1 along lines of `length` pixels (`step` apart), `lines` of them (`stride` apart). */
function boxBlur(src: Uint8Array, length: number, lines: number, r: number, step: number, stride: number): Uint8Array {
  const out = new Uint8Array(src.length);
  const inv = 1 / (2 * r + 1);
  for (let line = 0; line < lines; line++) {
    const base = line * stride;
    const first = src[base];
    const last = src[base + (length - 1) * step];
    // Beyond either end the edge pixel repeats (clamped), so the running sum starts with r + 1 of the first.
    let sum = first * (r + 1);
    for (let i = 1; i <= r; i++) sum += src[base + Math.min(i, length - 1) * step];
    for (let i = 0, at = base; i < length; i++, at += step) {
      out[at] = (sum * inv + 0.5) | 0;
      const enter = i + r + 1;
      const leave = i - r;
      sum += (enter < length ? src[base + enter * step] : last) - (leave > 0 ? src[base + leave * step] : first);
    }
  }
  return out;
}

/** Where the horizontal line at `y` crosses the capsule: a convex shape, so one interval. */
export function capsuleSpan(ax: number, ay: number, bx: number, by: number, r: number, y: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [cx, cy] of [
    [ax, ay],
    [bx, by],
  ]) {
    const dy = y - cy;
    if (Math.abs(dy) > r) continue;
    const half = Math.sqrt(r * r - dy * dy);
    lo = Math.min(lo, cx - half);
    hi = Math.max(hi, cx + half);
  }
  const dx = bx - ax;
  const dyS = by - ay;
  const len2 = dx * dx + dyS * dyS;
  if (len2 > 0) {
    const len = Math.sqrt(len2);
    // Along the segment: 0 <= t <= 1; across it: |s| <= r. Both are linear in x on this row.
    const t = linearRange(dx / len2, ((y - ay) * dyS - ax * dx) / len2, 0, 1);
    const s = linearRange(-dyS / len, (ax * dyS + (y - ay) * dx) / len, -r, r);
    if (t && s) {
      const bandLo = Math.max(t[0], s[0]);
      const bandHi = Math.min(t[1], s[1]);
      if (bandLo <= bandHi) {
        lo = Math.min(lo, bandLo);
        hi = Math.max(hi, bandHi);
      }
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

/** The x with min <= a*x + b <= max. */
function linearRange(a: number, b: number, min: number, max: number): [number, number] | null {
  if (Math.abs(a) < 1e-12) return b >= min && b <= max ? [-Infinity, Infinity] : null;
  const u = (min - b) / a;
  const v = (max - b) / a;
  return u < v ? [u, v] : [v, u];
}
