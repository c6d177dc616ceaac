// Per-pixel helpers for patch-based filling: hole dilation and depth-based trust. Both are
// linear in the image area, so they stay cheap on 4096-pixel levels.

/** Square dilation by r: 1 wherever some hole pixel lies within the (2r+1)^2 square around. */
export function dilate(hole: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const horiz = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    // Forward pass marks r to the right of each hole pixel, backward pass r to its left.
    let last = -Infinity;
    for (let x = 0; x < w; x++) {
      if (hole[row + x]) last = x;
      if (x - last <= r) horiz[row + x] = 1;
    }
    last = Infinity;
    for (let x = w - 1; x >= 0; x--) {
      if (hole[row + x]) last = x;
      if (last - x <= r) horiz[row + x] = 1;
    }
  }
  // Vertically, row by row with a per-column "last hit" so memory is read in order.
  const out = new Uint8Array(w * h);
  const lastY = new Float64Array(w).fill(-Infinity);
  for (let y = 0; y < h; y++) {
    for (let x = 0, p = y * w; x < w; x++, p++) {
      if (horiz[p]) lastY[x] = y;
      if (y - lastY[x] <= r) out[p] = 1;
    }
  }
  lastY.fill(Infinity);
  for (let y = h - 1; y >= 0; y--) {
    for (let x = 0, p = y * w; x < w; x++, p++) {
      if (horiz[p]) lastY[x] = y;
      if (lastY[x] - y <= r) out[p] = 1;
    }
  }
  return out;
}

/** Trust in a hole pixel's current value, as gamma^-depth (Wexler et al.); 1 for known pixels. */
const GAMMA = 1.3;

/** GAMMA^-d for hole pixels at chamfer distance d from the nearest known pixel, 1 elsewhere. */
export function confidence(hole: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  for (let p = 0; p < d.length; p++) d[p] = hole[p] ? 1e9 : 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (!d[p]) continue;
      let v = d[p];
      if (x > 0) v = Math.min(v, d[p - 1] + 1);
      if (y > 0) {
        v = Math.min(v, d[p - w] + 1);
        if (x > 0) v = Math.min(v, d[p - w - 1] + 1.4);
        if (x < w - 1) v = Math.min(v, d[p - w + 1] + 1.4);
      }
      d[p] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const p = y * w + x;
      if (!d[p]) continue;
      let v = d[p];
      if (x < w - 1) v = Math.min(v, d[p + 1] + 1);
      if (y < h - 1) {
        v = Math.min(v, d[p + w] + 1);
        if (x < w - 1) v = Math.min(v, d[p + w + 1] + 1.4);
        if (x > 0) v = Math.min(v, d[p + w - 1] + 1.4);
      }
      d[p] = v;
    }
  }
  for (let p = 0; p < d.length; p++) d[p] = d[p] ? Math.pow(GAMMA, -Math.min(d[p], 100)) : 1;
  return d;
}
