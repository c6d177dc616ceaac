import type { PromptSpec } from '../prompt';
import type { Rgb } from '../../pixels/raw';
import type { Svg } from '../svg';
import type { Theme } from '../theme';

export type Rng = () => number;

/** Ground height (y in px) at a given x: how painters stand things on hills, dunes and shores. */
export type Profile = (x: number) => number;

/** What every painter gets: the canvas, the scene's colours, and the scene's random stream. */
export interface Ctx {
  svg: Svg;
  rng: Rng;
  theme: Theme;
  spec: PromptSpec;
  W: number;
  H: number;
  /** The short side over 1000: sizes are written in these units so scenes scale with the canvas. */
  u: number;
  horizon: number;
  /** Soft glows and fuzzy clouds; off for cut-outs, whose pixels must be either subject or clear. */
  soft: boolean;
  /** Fewer specks (stars, glints, meadow dots): styles that turn every speck into a mark want less. */
  sparse?: boolean;
  /** Where the sun or moon sits, for reflections and shading (set by the sky painter). */
  light?: { x: number; y: number; r: number; color: Rgb };
  /** Shapes the water mirrors (mountains, skyline), collected as painters draw them. */
  mirrored: string[];
}

export const range = (rng: Rng, a: number, b: number): number => a + (b - a) * rng();
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length];

/** A profile from sampled points, linearly interpolated: cheap and close to the smooth curve drawn. */
function profileFrom(points: Array<[number, number]>): Profile {
  return (x) => {
    if (x <= points[0][0]) return points[0][1];
    for (let i = 1; i < points.length; i++) {
      const [x1, y1] = points[i];
      if (x <= x1) {
        const [x0, y0] = points[i - 1];
        return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0 || 1);
      }
    }
    return points[points.length - 1][1];
  };
}

/** Places a unit-space drawing (about 100 units tall) at (x, y), `size` px tall. */
export function place(x: number, y: number, size: number, body: string, flip = false, rotate = 0): string {
  const s = size / 100;
  const sx = flip ? -s : s;
  const r = rotate ? ` rotate(${Math.round(rotate * 10) / 10})` : '';
  return `<g transform="translate(${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10})${r} scale(${Math.round(sx * 1e4) / 1e4} ${Math.round(s * 1e4) / 1e4})">${body}</g>`;
}

/** Catmull-Rom sampled at 8 points a span, so profiles match the drawn curve closely. */
export function sampleSmooth(pts: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[Math.min(pts.length - 1, i + 2)];
    for (let s = 0; s < 8; s++) {
      const t = s / 8;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) => 0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(pts[pts.length - 1]);
  return out;
}

/** The profile of a curve drawn with smoothPath through the same points. */
export function smoothProfile(pts: Array<[number, number]>): Profile {
  return profileFrom(sampleSmooth(pts));
}
