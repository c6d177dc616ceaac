import type { Rgb } from './raw';

/**
 * Oklab (Björn Ottosson, 2020): perceptually even lightness and a hue angle that stays put when
 * chroma changes, which is what a recolour needs to keep shading intact. Tables replace the sRGB
 * transfer function both ways so a 16 Mpx image costs three cube roots a pixel and nothing worse.
 */

export const SRGB_TO_LINEAR = new Float32Array(256).map((_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const LINEAR_STEPS = 16384;
const LINEAR_TO_SRGB = new Float32Array(LINEAR_STEPS + 1).map((_, i) => {
  const c = i / LINEAR_STEPS;
  return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
});

/** Linear-light channel (any real) to an 8-bit sRGB value, clamped. */
export function linearToByte(c: number): number {
  if (c <= 0) return 0;
  if (c >= 1) return 255;
  return LINEAR_TO_SRGB[(c * LINEAR_STEPS + 0.5) | 0];
}

export function linearToOklab(r: number, g: number, b: number, out: Float32Array, at = 0): void {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  out[at] = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out[at + 1] = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out[at + 2] = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
}

export function oklabToLinear(L: number, a: number, b: number, out: Float32Array, at = 0): void {
  const l1 = L + 0.3963377774 * a + 0.2158037573 * b;
  const m1 = L - 0.1055613458 * a - 0.0638541728 * b;
  const s1 = L - 0.0894841775 * a - 1.291485548 * b;
  const l = l1 * l1 * l1;
  const m = m1 * m1 * m1;
  const s = s1 * s1 * s1;
  out[at] = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
  out[at + 1] = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
  out[at + 2] = -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s;
}

export function rgbToOklab(c: Rgb): [number, number, number] {
  const out = new Float32Array(3);
  linearToOklab(SRGB_TO_LINEAR[c[0]], SRGB_TO_LINEAR[c[1]], SRGB_TO_LINEAR[c[2]], out);
  return [out[0], out[1], out[2]];
}

/**
 * Largest chroma along hue (cos h, sin h) that stays inside sRGB, for each of `steps` lightness
 * bins in 0..1: recolouring near-black or near-white pixels must give up chroma, not lightness.
 */
export function gamutChroma(cosH: number, sinH: number, steps: number): Float32Array {
  const table = new Float32Array(steps);
  const lin = new Float32Array(3);
  for (let i = 0; i < steps; i++) {
    const L = i / (steps - 1);
    let lo = 0;
    let hi = 0.4;
    for (let k = 0; k < 18; k++) {
      const c = (lo + hi) / 2;
      oklabToLinear(L, c * cosH, c * sinH, lin);
      if (lin[0] >= -1e-4 && lin[0] <= 1.0001 && lin[1] >= -1e-4 && lin[1] <= 1.0001 && lin[2] >= -1e-4 && lin[2] <= 1.0001) lo = c;
      else hi = c;
    }
    table[i] = lo;
  }
  return table;
}
