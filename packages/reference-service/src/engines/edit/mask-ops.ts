// Binary mask clean-up on small working masks (1 = set). Plain loops: the masks are a few
// hundred pixels a side, so clarity wins over cleverness.

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

interface Components {
  labels: Int32Array; // 0 for pixels not of the labelled value, else component id
  areas: number[]; // indexed by id
  touchesBorder: boolean[];
}

/** 4-connected components of the pixels equal to `value`. */
function components(mask: Uint8Array, w: number, h: number, value: number): Components {
  const labels = new Int32Array(w * h);
  const areas = [0],
    touchesBorder = [false];
  const stack = new Int32Array(w * h);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== value || labels[start]) continue;
    const id = areas.length;
    let area = 0,
      border = false,
      top = 0;
    labels[start] = id;
    stack[top++] = start;
    while (top > 0) {
      const i = stack[--top];
      const x = i % w,
        y = (i - x) / w;
      area++;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      if (x > 0 && mask[i - 1] === value && !labels[i - 1]) {
        labels[i - 1] = id;
        stack[top++] = i - 1;
      }
      if (x < w - 1 && mask[i + 1] === value && !labels[i + 1]) {
        labels[i + 1] = id;
        stack[top++] = i + 1;
      }
      if (y > 0 && mask[i - w] === value && !labels[i - w]) {
        labels[i - w] = id;
        stack[top++] = i - w;
      }
      if (y < h - 1 && mask[i + w] === value && !labels[i + w]) {
        labels[i + w] = id;
        stack[top++] = i + w;
      }
    }
    areas.push(area);
    touchesBorder.push(border);
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
