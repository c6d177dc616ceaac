import type { RawImage } from '../pixels/raw';

/**
 * Edit weights from a decoded mask: luminance in 0..255 (decisions.md row 8: white = edit,
 * black = keep, grey = feathered). Transparent mask pixels count as black.
 */
export function maskWeights(mask: RawImage): Uint8Array {
  const w = new Uint8Array(mask.width * mask.height);
  const d = mask.data;
  for (let p = 0, i = 0; p < w.length; p++, i += 4) {
    const luma = (d[i] * 54 + d[i + 1] * 183 + d[i + 2] * 19) >> 8; // Rec. 709 in integer arithmetic
    w[p] = (luma * d[i + 3] + 127) / 255;
  }
  return w;
}

/** out = original where the weight is 0 (byte for byte), edited where it is 255, blended between. */
export function blendByMask(original: RawImage, edited: RawImage, weights: Uint8Array): RawImage {
  const out = Buffer.from(original.data);
  const e = edited.data;
  for (let p = 0, i = 0; p < weights.length; p++, i += 4) {
    const w = weights[p];
    if (w === 0) continue;
    if (w === 255) {
      out[i] = e[i];
      out[i + 1] = e[i + 1];
      out[i + 2] = e[i + 2];
      out[i + 3] = e[i + 3];
      continue;
    }
    for (let c = 0; c < 4; c++) out[i + c] = (out[i + c] * (255 - w) + e[i + c] * w + 127) / 255;
  }
  return { data: out, width: original.width, height: original.height };
}
