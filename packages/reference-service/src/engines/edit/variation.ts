import { createRng, hashSeed, type RawImage } from '../pixels/raw';

// An edit's seed (decisions.md row 17). Most engines draw from the seed already (patch fills,
// style filters, added elements, new backdrops); the operations that draw nothing (a recolour, a
// blur, a thin hole's diffusion, an upscale) vary by a `variation`: 0 is the edit as it was before
// edits took a seed, for the seed the service derives from the inputs, and any other value moves
// their parameters a little and lays a fine grain of its own, so another seed gives another file.

/** A parameter as this variation sets it: `base` for variation 0, else `base` moved by up to `spread` of itself. */
export type Vary = (base: number, spread: number) => number;

export function varier(variation: number): Vary {
  if (variation === 0) return (base) => base;
  const rng = createRng(hashSeed('vary', variation));
  return (base, spread) => base * (1 + spread * (2 * rng() - 1));
}

/** Film-like luminance grain of up to `amplitude` levels, the same for a variation; variation 0 leaves the image as it is. */
export function withGrain(img: RawImage, variation: number, amplitude = 4): RawImage {
  if (variation === 0) return img;
  const rng = createRng(hashSeed('grain', variation));
  const data = Buffer.from(img.data);
  for (let i = 0; i < data.length; i += 4) {
    const delta = Math.round((rng() + rng() - 1) * amplitude);
    if (delta === 0) continue;
    for (let c = i; c < i + 3; c++) data[c] = Math.min(255, Math.max(0, data[c] + delta));
  }
  return { data, width: img.width, height: img.height };
}
