import { membraneFill } from './membrane';
import type { PatchField } from './patch-field';

// Copied texture rarely has exactly the tone of the hole's rim (light falls off, colours drift
// across a scene), and the difference shows as a faint outline. As in Poisson blending, the
// mismatch along the rim is spread smoothly over the fill.

/** Rim mismatch (levels) past which a rim pixel is more likely an object edge than tone drift. */
const TOLERANCE = 24;
/** A rim pixel needs this many votes (within about two pixels of the hole) to be measured. */
const MIN_VOTES = 10;
/** The correction is smooth, so it is worked out on a grid of at most this many cells. */
const MAX_CELLS = 1 << 20;

/**
 * Shifts the fill on `field`'s level by a smooth offset that makes it meet the rim. Rim pixels
 * that disagree wildly with the fill (an object edge the mask cut through) count for little,
 * so they do not tint it.
 */
export function matchRim(field: PatchField): void {
  const { bx, by, bw, bh } = field;
  const { w, pix, hole } = field.lv;
  const { mean, count } = field.rimVotes();
  // One grid cell per s x s box cells, s a power of two.
  let s = 1;
  while (Math.ceil(bw / s) * Math.ceil(bh / s) > MAX_CELLS) s *= 2;
  const gw = Math.ceil(bw / s),
    gh = Math.ceil(bh / s);
  const off = new Float32Array(gw * gh * 4);
  const wt = new Float32Array(gw * gh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const c = y * bw + x,
        p = (y + by) * w + x + bx;
      if (hole[p] || count[c] < MIN_VOTES) continue;
      let mag = 0;
      for (let k = 0; k < 4; k++) mag = Math.max(mag, Math.abs(pix[p * 4 + k] - mean[c * 4 + k]));
      const a = 1 / (1 + (mag / TOLERANCE) ** 2);
      const g = Math.floor(y / s) * gw + Math.floor(x / s);
      for (let k = 0; k < 4; k++) off[g * 4 + k] += a * (pix[p * 4 + k] - mean[c * 4 + k]);
      wt[g] += a;
    }
  }
  // Cell averages; a cell's say is its summed weight, capped at one full rim pixel.
  for (let g = 0; g < wt.length; g++) {
    if (wt[g] === 0) continue;
    for (let k = 0; k < 4; k++) off[g * 4 + k] /= wt[g];
    wt[g] = Math.min(1, wt[g]);
  }
  membraneFill(off, wt, gw, gh, 4);
  for (let y = 0; y < bh; y++) {
    // Bilinear between cell centres (exact cells when s is 1).
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / s - 0.5)),
      gy0 = Math.floor(gy),
      gy1 = Math.min(gh - 1, gy0 + 1),
      ty = gy - gy0;
    for (let x = 0; x < bw; x++) {
      const p = (y + by) * w + x + bx;
      if (!hole[p]) continue;
      const gx = Math.min(gw - 1, Math.max(0, (x + 0.5) / s - 0.5)),
        gx0 = Math.floor(gx),
        gx1 = Math.min(gw - 1, gx0 + 1),
        tx = gx - gx0;
      const i00 = (gy0 * gw + gx0) * 4,
        i01 = (gy0 * gw + gx1) * 4,
        i10 = (gy1 * gw + gx0) * 4,
        i11 = (gy1 * gw + gx1) * 4;
      for (let k = 0; k < 4; k++) {
        const v = (off[i00 + k] * (1 - tx) + off[i01 + k] * tx) * (1 - ty) + (off[i10 + k] * (1 - tx) + off[i11 + k] * tx) * ty;
        pix[p * 4 + k] += v;
      }
    }
  }
}
