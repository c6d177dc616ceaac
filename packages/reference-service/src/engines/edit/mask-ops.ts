// Binary mask clean-up on small working masks (1 = set), and the connected-component labelling
// that the inpainting engines share. Plain loops: clarity wins over cleverness.

/** Square max (dilate) or min (erode) filter of the given radius, done as two 1-D passes. */
function rankFilter(mask: Uint8Array, w: number, h: number, r: number, max: boolean): Uint8Array {
  const hit = max ? 1 : 0;
  const pass = (src: Uint8Array, along: number, across: number, step: number, stride: number): Uint8Array => {
    const dst = new Uint8Array(src.length);
    for (let a = 0; a < across; a++) {
      for (let i = 0; i < along; i++) {
        let v = 1 - hit;
        const lo = Math.max(0, i - r),
          hi = Math.min(along - 1, i + r);
        for (let j = lo; j <= hi; j++)
          if (src[a * stride + j * step] === hit) {
            v = hit;
            break;
          }
        dst[a * stride + i * step] = v;
      }
    }
    return dst;
  };
  return pass(pass(mask, w, h, 1, w), h, w, w, 1);
}

export const dilate = (m: Uint8Array, w: number, h: number, r: number): Uint8Array => rankFilter(m, w, h, r, true);
export const erode = (m: Uint8Array, w: number, h: number, r: number): Uint8Array => rankFilter(m, w, h, r, false);

/**
 * 4-connected components of the cells where `inside(i)` holds: a label per cell (0 outside, else
 * the component's id, numbered from 1 in the scan order of their first cell) and how many there are.
 */
export function labelComponents(w: number, h: number, inside: (i: number) => boolean): { labels: Int32Array; count: number } {
  const labels = new Int32Array(w * h);
  let stack = new Int32Array(1024);
  let top = 0;
  let count = 0;
  /** Gives cell `i` the current id and queues it, unless it is outside or already labelled. */
  const claim = (i: number): void => {
    if (labels[i] || !inside(i)) return;
    labels[i] = count;
    stack[top++] = i;
  };
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] || !inside(start)) continue;
    count++;
    claim(start);
    while (top > 0) {
      const i = stack[--top];
      const x = i % w,
        y = (i - x) / w;
      if (top + 4 > stack.length) {
        const bigger = new Int32Array(stack.length * 2);
        bigger.set(stack);
        stack = bigger;
      }
      if (x > 0) claim(i - 1);
      if (x < w - 1) claim(i + 1);
      if (y > 0) claim(i - w);
      if (y < h - 1) claim(i + w);
    }
  }
  return { labels, count };
}

interface Components {
  labels: Int32Array; // 0 for pixels not of the labelled value, else component id
  areas: number[]; // indexed by id
  touchesBorder: boolean[];
}

/** 4-connected components of the pixels equal to `value`, with their areas and whether they touch the border. */
function components(mask: Uint8Array, w: number, h: number, value: number): Components {
  const { labels, count } = labelComponents(w, h, (i) => mask[i] === value);
  const areas = new Array<number>(count + 1).fill(0);
  const touchesBorder = new Array<boolean>(count + 1).fill(false);
  for (let i = 0; i < labels.length; i++) {
    const id = labels[i];
    if (!id) continue;
    areas[id]++;
    const x = i % w,
      y = (i - x) / w;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesBorder[id] = true;
  }
  return { labels, areas, touchesBorder };
}

/**
 * Keeps the largest blob and any other blob at least `relative` of its size (a second
 * subject survives, specks do not). Blobs under `minArea` pixels never count.
 */
export function keepLargeComponents(mask: Uint8Array, w: number, h: number, relative: number, minArea: number): Uint8Array {
  const { labels, areas } = components(mask, w, h, 1);
  let largest = 0;
  for (const a of areas) if (a > largest) largest = a;
  const cut = Math.max(minArea, largest * relative);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < out.length; i++) out[i] = labels[i] && areas[labels[i]] >= cut ? 1 : 0;
  return out;
}

/**
 * Fills enclosed background pockets smaller than `relative` of the set area: those are
 * subject pixels that happen to match the backdrop. Larger pockets are real gaps and stay.
 */
export function fillSmallHoles(mask: Uint8Array, w: number, h: number, relative: number): Uint8Array {
  const area = countSet(mask);
  const { labels, areas, touchesBorder } = components(mask, w, h, 0);
  const out = Uint8Array.from(mask);
  for (let i = 0; i < out.length; i++) {
    const id = labels[i];
    if (id && !touchesBorder[id] && areas[id] < area * relative) out[i] = 1;
  }
  return out;
}

export function countSet(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i];
  return n;
}
