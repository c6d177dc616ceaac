/**
 * Masks made elsewhere. Two conventions are read: transparent = edit (OpenAI's images API), and
 * white = edit (the service's own, and what Atelier exports). Which one a file speaks is read off
 * its pixels, not its header: a file with any pixel not fully opaque speaks in alpha; an opaque one
 * (greyscale, RGB, or RGBA saved with alpha 255 everywhere) in luminance. The mask must be the
 * image's size.
 */

export type MaskConvention = 'alpha' | 'luminance';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Whether the bytes are a PNG (by their signature). */
export const isPng = (bytes: Uint8Array) => bytes.length >= 33 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);

/** The convention decoded RGBA pixels speak: alpha when any pixel is not fully opaque. */
export function maskConvention(rgba: Uint8Array | Uint8ClampedArray): MaskConvention {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return 'alpha';
  return 'luminance';
}

/** The mask (255 = edit) from decoded RGBA pixels, by the file's convention. */
export function maskFromPixels(rgba: Uint8Array | Uint8ClampedArray, convention: MaskConvention): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) {
    const p = 4 * i;
    // Greys have r = g = b; a coloured file is read by its luma.
    out[i] = convention === 'alpha' ? 255 - rgba[p + 3] : Math.round(0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2]);
  }
  return out;
}

/** Whether a mask selects nothing (every pixel keep). */
export const selectsNothing = (mask: Uint8Array) => mask.every((v) => v === 0);
