/**
 * Masks made elsewhere. Two conventions are read: a PNG with an alpha channel means transparent =
 * edit (OpenAI's images API); anything else is read as greyscale, white = edit (the service's own,
 * and what Atelier exports). The mask must be the image's size.
 */

/** Whether PNG bytes carry alpha: colour type 4 or 6, or a tRNS chunk. Not a PNG: null. */
export function pngHasAlpha(bytes: Uint8Array): boolean | null {
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (bytes.length < 33 || signature.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const colourType = bytes[25];
  if (colourType === 4 || colourType === 6) return true;
  // Walk the chunks up to the image data: a tRNS chunk comes before IDAT.
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/** The mask (255 = edit) from decoded RGBA pixels, by the file's convention. */
export function maskFromPixels(rgba: Uint8Array | Uint8ClampedArray, hasAlpha: boolean): Uint8Array {
  const out = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) {
    const p = 4 * i;
    // Greys have r = g = b; a coloured file is read by its luma.
    out[i] = hasAlpha ? 255 - rgba[p + 3] : Math.round(0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2]);
  }
  return out;
}
