import type { Rgb } from './raw';

/**
 * Colour vocabulary shared by the prompt analyser and the painters. Values are tuned to read
 * as the named colour after lighting and style passes, so they are a little more saturated than
 * the CSS colours of the same name.
 */
export const NAMED_COLORS: Record<string, Rgb> = {
  red: [214, 40, 48],
  crimson: [190, 20, 60],
  scarlet: [235, 45, 30],
  maroon: [120, 24, 40],
  orange: [245, 135, 35],
  coral: [250, 120, 95],
  peach: [250, 190, 150],
  amber: [245, 170, 30],
  yellow: [250, 212, 50],
  gold: [215, 168, 50],
  green: [50, 165, 75],
  lime: [150, 215, 60],
  olive: [120, 130, 50],
  emerald: [20, 150, 100],
  mint: [150, 230, 190],
  teal: [25, 145, 150],
  cyan: [40, 200, 225],
  turquoise: [55, 205, 195],
  blue: [40, 95, 215],
  azure: [60, 150, 240],
  skyblue: [120, 185, 240],
  navy: [22, 38, 105],
  sapphire: [25, 70, 170],
  indigo: [70, 45, 150],
  purple: [130, 60, 185],
  violet: [145, 80, 210],
  lavender: [185, 160, 230],
  magenta: [215, 40, 150],
  pink: [245, 130, 180],
  rose: [230, 90, 130],
  white: [246, 246, 242],
  ivory: [250, 245, 225],
  cream: [245, 232, 200],
  beige: [225, 205, 170],
  tan: [205, 165, 115],
  brown: [130, 80, 45],
  black: [20, 20, 26],
  gray: [130, 132, 138],
  silver: [195, 200, 208],
};

const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t].map((v) => Math.round(clamp255(v))) as Rgb;
}

export const lighten = (c: Rgb, t: number): Rgb => mix(c, [255, 255, 255], t);
export const darken = (c: Rgb, t: number): Rgb => mix(c, [0, 0, 0], t);

export function luma(c: Rgb): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

/** Pushes a colour away from (t > 0) or towards (t < 0) its own grey. */
export function saturate(c: Rgb, t: number): Rgb {
  const l = luma(c);
  return c.map((v) => Math.round(clamp255(l + (v - l) * (1 + t)))) as Rgb;
}

export function hex(c: Rgb): string {
  return `#${c.map((v) => Math.round(clamp255(v)).toString(16).padStart(2, '0')).join('')}`;
}

export function colorDistance(a: Rgb, b: Rgb): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
}
