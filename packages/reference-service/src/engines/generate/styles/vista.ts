import type { RawImage } from '../../pixels/raw';
import { sceneSvg } from '../scene-svg';
import { grainTile, makeOpaque, rasterize } from './filters';
import type { StyleInput } from './types';

/** A gentle S-curve: a little more depth in shadows and sparkle in highlights, like a film stock. */
const CURVE = new Uint8Array(256).map((_, v) => {
  const t = v / 255;
  return Math.round((t * 0.78 + t * t * (3 - 2 * t) * 0.22) * 255);
});

/**
 * "Photographic" finish on the vector scene (which already carries soft gradients, glows and
 * atmospheric haze): a film-like tone curve, a soft vignette, and fine luminance grain, which also
 * hides 8-bit banding in the large sky gradients. One tight pass, since it runs over 16 Mpx at 4096.
 */
export async function renderVista(input: StyleInput): Promise<RawImage> {
  const { width, height, mode, styleSeed } = input;
  const img = await rasterize(sceneSvg({ spec: input.spec, seed: input.sceneSeed, width, height, mode }), width, height);
  const cutout = mode === 'cutout';
  // Separable vignette: a product of two 1-D falloffs, indistinguishable from radial at this strength.
  const fall = (n: number) => Float32Array.from({ length: n }, (_, i) => 1 - 0.16 * Math.abs((2 * i) / Math.max(1, n - 1) - 1) ** 2.4);
  const vx = cutout ? new Float32Array(width).fill(1) : fall(width);
  const vy = cutout ? new Float32Array(height).fill(1) : fall(height);
  // At 4k a 2x2 grain cell is still fine to the eye and halves what the PNG encoder must store.
  const cell = Math.max(width, height) > 2600 ? 1 : 0;
  const grain = Int8Array.from(grainTile(styleSeed, 2.49), Math.round);
  const vx16 = Int32Array.from(vx, (v) => Math.round(v * 65536));
  const d = img.data;
  for (let y = 0, i = 0; y < height; y++) {
    const gy = y >> cell;
    const row = (gy & 255) << 8;
    const shift = Math.imul((gy >> 8) + 1, 0x9e3779b1) >>> 24;
    const fy = vy[y];
    for (let x = 0; x < width; x++, i += 4) {
      if (cutout && d[i + 3] === 0) continue;
      const k = (vx16[x] * fy) | 0;
      const n = grain[row | (((x >> cell) + shift) & 255)];
      const r = ((CURVE[d[i]] * k) >> 16) + n;
      const g = ((CURVE[d[i + 1]] * k) >> 16) + n;
      const b = ((CURVE[d[i + 2]] * k) >> 16) + n;
      d[i] = r < 0 ? 0 : r > 255 ? 255 : r;
      d[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
      d[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
    }
  }
  return cutout ? img : makeOpaque(img);
}
