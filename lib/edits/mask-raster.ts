import type { MaskDoc, Stroke } from './mask-strokes';

/**
 * The mask at a given pixel size, one byte a pixel: 255 = edit, 0 = keep, greys on feathered
 * edges. Pure TypeScript (no canvas), so the browser's export and the unit tests share it.
 * `scale` maps image coordinates to this raster (1 = the image's natural size).
 */
export function rasterizeMask(width: number, height: number, doc: MaskDoc, { feather = 0, scale = 1 } = {}): Uint8Array {
  const out = new Uint8Array(width * height);
  for (const stroke of doc.strokes) drawStroke(out, width, height, stroke, scale, Math.max(0, feather * scale));
  if (doc.inverted) for (let i = 0; i < out.length; i++) out[i] = 255 - out[i];
  return out;
}

/** A round-capped stroke as capsules, one per segment; painting takes the maximum, erasing the minimum. */
function drawStroke(out: Uint8Array, width: number, height: number, stroke: Stroke, scale: number, feather: number) {
  const paint = stroke.mode === 'paint';
  const r = Math.max(0.5, stroke.radius * scale);
  const p = stroke.points;
  const capsule = (i: number, j: number) => drawCapsule(out, width, height, p[i] * scale, p[i + 1] * scale, p[j] * scale, p[j + 1] * scale, r, feather, paint);
  if (p.length === 2) return capsule(0, 0);
  for (let i = 0; i + 3 < p.length; i += 2) capsule(i, i + 2);
}

/**
 * Fills a capsule scanline by scanline (a pixel counts by its centre). With a feather `f`, the
 * edge is a linear ramp from 255 at distance r - f/2 to 0 at r + f/2: the inside is filled whole,
 * only the ramp is computed per pixel, and everything beyond it stays exactly 0.
 */
function drawCapsule(out: Uint8Array, width: number, height: number, ax: number, ay: number, bx: number, by: number, r: number, f: number, paint: boolean) {
  const outer = r + f / 2;
  const inner = r - f / 2;
  const y0 = Math.max(0, Math.floor(Math.min(ay, by) - outer - 0.5));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + outer - 0.5));
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  for (let y = y0; y <= y1; y++) {
    const yc = y + 0.5;
    const span = capsuleSpan(ax, ay, bx, by, outer, yc);
    if (!span) continue;
    const x0 = Math.max(0, Math.ceil(span[0] - 0.5));
    const x1 = Math.min(width - 1, Math.floor(span[1] - 0.5));
    if (x1 < x0) continue;
    const row = y * width;
    if (f <= 0) {
      out.fill(paint ? 255 : 0, row + x0, row + x1 + 1);
      continue;
    }
    const core = inner > 0 ? capsuleSpan(ax, ay, bx, by, inner, yc) : null;
    const c0 = core ? Math.max(x0, Math.ceil(core[0] - 0.5)) : x1 + 1;
    const c1 = core ? Math.min(x1, Math.floor(core[1] - 0.5)) : x1;
    if (c1 >= c0) out.fill(paint ? 255 : 0, row + c0, row + c1 + 1);
    const ramp = (x: number) => {
      const px = x + 0.5 - ax;
      const py = yc - ay;
      const t = len2 > 0 ? Math.min(1, Math.max(0, (px * dx + py * dy) / len2)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d = Math.sqrt(ex * ex + ey * ey);
      const v = Math.round(Math.min(1, Math.max(0, (outer - d) / f)) * 255);
      const i = row + x;
      if (paint) {
        if (v > out[i]) out[i] = v;
      } else if (255 - v < out[i]) out[i] = 255 - v;
    };
    if (c1 >= c0) {
      for (let x = x0; x < c0; x++) ramp(x);
      for (let x = c1 + 1; x <= x1; x++) ramp(x);
    } else {
      for (let x = x0; x <= x1; x++) ramp(x);
    }
  }
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
