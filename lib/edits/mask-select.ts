/**
 * Selections computed from pixels: the magic wand, and growing or shrinking a selection. Pure
 * TypeScript over typed arrays, shared by the editor, the bench and the unit tests.
 */

export interface WandOptions {
  /** The largest difference in any channel (0–255) from the clicked pixel's colour. */
  tolerance: number;
  /** Only pixels joined to the clicked one (4-connected); otherwise every matching pixel. */
  contiguous: boolean;
}

/** The pixels of `rgba` (width×height, 4 bytes a pixel) whose colour is within tolerance of (x, y)'s: 255, the rest 0. */
export function magicWand(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, x: number, y: number, options: WandOptions): Uint8Array {
  const out = new Uint8Array(width * height);
  if (x < 0 || y < 0 || x >= width || y >= height) return out;
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const seed = pixels[y * width + x];
  const tol = Math.max(0, Math.min(255, Math.round(options.tolerance)));
  const sr = seed & 0xff;
  const sg = (seed >>> 8) & 0xff;
  const sb = (seed >>> 16) & 0xff;
  const sa = seed >>> 24;
  const matches = (i: number) => {
    const p = pixels[i];
    if (p === seed) return true;
    return (
      Math.abs((p & 0xff) - sr) <= tol &&
      Math.abs(((p >>> 8) & 0xff) - sg) <= tol &&
      Math.abs(((p >>> 16) & 0xff) - sb) <= tol &&
      Math.abs((p >>> 24) - sa) <= tol
    );
  };
  if (!options.contiguous) {
    for (let i = 0; i < out.length; i++) if (matches(i)) out[i] = 255;
    return out;
  }
  // Scanline flood fill: each run is filled whole, and only the start of each matching run in the
  // rows above and below is queued.
  let stack = new Int32Array(1024);
  let top = 0;
  const queue = (i: number) => {
    if (top === stack.length) {
      const bigger = new Int32Array(stack.length * 2);
      bigger.set(stack);
      stack = bigger;
    }
    stack[top++] = i;
  };
  queue(y * width + x);
  while (top > 0) {
    const i = stack[--top];
    if (out[i]) continue;
    const row = i - (i % width);
    let left = i;
    while (left > row && !out[left - 1] && matches(left - 1)) left--;
    let right = i;
    while (right < row + width - 1 && !out[right + 1] && matches(right + 1)) right++;
    out.fill(255, left, right + 1);
    for (const other of [row - width, row + width]) {
      if (other < 0 || other >= out.length) continue;
      let inRun = false;
      for (let j = left - row + other, end = right - row + other; j <= end; j++) {
        const open = !out[j] && matches(j);
        if (open && !inRun) queue(j);
        inRun = open;
      }
    }
  }
  return out;
}

/**
 * The selection (pixels ≥ 128) with its edge moved outward by `pixels` (negative: inward), by exact
 * Euclidean distance: a pixel joins when its centre is within that distance of a selected one, or
 * leaves when it is within that distance of an unselected one. The result is hard-edged.
 */
export function growMask(mask: Uint8Array, width: number, height: number, pixels: number): Uint8Array {
  const n = Math.abs(Math.round(pixels));
  if (n === 0) return mask.slice();
  const grow = pixels > 0;
  // Distance from each pixel to the nearest pixel of the other kind (selected when growing).
  const target = (v: number) => (grow ? v >= 128 : v < 128);
  const d2 = squaredDistance(mask, width, height, target);
  const out = new Uint8Array(mask.length);
  const limit = n * n;
  for (let i = 0; i < out.length; i++) {
    const near = d2[i] <= limit;
    out[i] = grow ? (near ? 255 : 0) : near ? 0 : 255;
  }
  return out;
}

/**
 * Squared Euclidean distance from each pixel to the nearest pixel where `isSource` holds
 * (Felzenszwalb & Huttenlocher: exact, linear in the pixel count). Pixels beyond the image's
 * border are not sources, so shrinking keeps a selection that touches the border touching it.
 */
function squaredDistance(mask: Uint8Array, width: number, height: number, isSource: (v: number) => boolean): Float64Array {
  const INF = 1e20;
  const grid = new Float64Array(width * height);
  for (let i = 0; i < grid.length; i++) grid[i] = isSource(mask[i]) ? 0 : INF;
  const size = Math.max(width, height);
  const f = new Float64Array(size);
  const d = new Float64Array(size);
  const v = new Int32Array(size);
  const z = new Float64Array(size + 1);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = grid[y * width + x];
    transform1d(f, height, d, v, z);
    for (let y = 0; y < height; y++) grid[y * width + x] = d[y];
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = grid[row + x];
    transform1d(f, width, d, v, z);
    for (let x = 0; x < width; x++) grid[row + x] = d[x];
  }
  return grid;
}

/** The lower envelope of parabolas: d[q] = min over p of (q - p)² + f[p]. */
function transform1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array) {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    d[q] = (q - v[k]) * (q - v[k]) + f[v[k]];
  }
}
