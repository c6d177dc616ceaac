import { darken, hex, lighten, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n, poly, smoothPath } from '../svg';
import { type Ctx, type Profile, type Rng, range, sampleSmooth, smoothProfile } from './context';

/** Midpoint displacement: small-scale ridge detail, normalised to -0.5..0.5. */
function roughness(rng: Rng, levels: number, falloff: number): number[] {
  const size = 2 ** levels + 1;
  const h = new Array<number>(size).fill(0);
  let step = size - 1;
  let amp = 1;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < size; i += step) h[i] = (h[i - half] + h[i + half]) / 2 + (rng() - 0.5) * amp;
    step = half;
    amp *= falloff;
  }
  const min = Math.min(...h);
  const max = Math.max(...h);
  return h.map((v) => (v - min) / (max - min || 1) - 0.5);
}

/**
 * A mountain range: a few sharp-apexed peaks (what reads as "mountain") plus fractal detail,
 * normalised so the tallest point is 1.
 */
function ridge(rng: Rng, points: number): number[] {
  const peaks = Array.from({ length: 2 + Math.floor(rng() * 3) }, () => ({
    c: range(rng, -0.05, 1.05),
    h: range(rng, 0.45, 1),
    w: range(rng, 0.18, 0.38),
  }));
  const detail = roughness(rng, Math.ceil(Math.log2(points - 1)), 0.55);
  const out: number[] = [];
  for (let i = 0; i < points; i++) {
    const x = i / (points - 1);
    let v = 0.08;
    for (const p of peaks) v = Math.max(v, p.h * Math.max(0, 1 - Math.abs(x - p.c) / p.w) ** 1.3);
    out.push(Math.max(0, v + detail[i] * 0.12));
  }
  const max = Math.max(...out);
  return out.map((v) => v / (max || 1));
}

export interface MountainOptions {
  layers: number;
  /** Tallest peak of the farthest range, as a fraction of the sky height. */
  height: number;
  snowCaps: boolean;
}

export function paintMountains(ctx: Ctx, o: MountainOptions): void {
  const { rng, W, horizon, theme, svg } = ctx;
  const lightX = ctx.light?.x ?? W * 0.2;
  for (let layer = 0; layer < o.layers; layer++) {
    const depth = o.layers === 1 ? 0.55 : 1 - layer / (o.layers - 1); // 1 = farthest
    const color = mix(theme.mountain, theme.haze, 0.12 + depth * 0.5);
    const maxH = horizon * o.height * (0.55 + 0.45 * depth);
    const h = ridge(rng, 65);
    const pts: Array<[number, number]> = h.map((v, i) => [(i / (h.length - 1)) * W * 1.04 - W * 0.02, horizon - maxH * (0.1 + 0.9 * v)]);
    const outline = poly([[-W * 0.02, horizon], ...pts, [W * 1.02, horizon]]);
    const body = svg.linear([
      [0, lighten(color, 0.05)],
      [0.7, color],
      [1, mix(color, theme.haze, 0.45)],
    ]);
    svg.add(`<path d="${outline}" ${fill(body)}/>`);
    ctx.mirrored.push(`<path d="${outline}" ${fill(mix(color, theme.water, 0.35))}/>`);
    paintFlankShadows(ctx, pts, h, lightX, darken(mix(color, [40, 50, 90], 0.25), 0.2));
    if (o.snowCaps && depth > 0.3) paintSnowCaps(ctx, outline, maxH);
  }
}

/** Darkens the side of each peak that faces away from the light, which is what makes ridges read as 3-D. */
function paintFlankShadows(ctx: Ctx, pts: Array<[number, number]>, h: number[], lightX: number, shade: Rgb): void {
  const { rng, horizon, svg } = ctx;
  const shapes: string[] = [];
  for (let i = 3; i < h.length - 3; i++) {
    if (!(h[i] > 0.3 && h[i] >= Math.max(...h.slice(i - 5, i + 6)))) continue;
    const dir = pts[i][0] > lightX ? 1 : -1;
    let j = i + dir;
    while (j > 0 && j < h.length - 1 && h[j + dir] < h[j] + 0.03) j += dir;
    // Minor bumps would get thin vertical stripes of shadow; only real peaks are shaded.
    if (h[i] - h[j] < 0.2 || Math.abs(j - i) < 3) continue;
    const [px, py] = pts[i];
    const [vx, vy] = pts[j];
    // The shadow is a facet between the ridge (peak to valley) and a jagged fold line that runs
    // from the peak to below the valley, so no straight vertical edge ever shows.
    const endX = px + (vx - px) * 0.7;
    const endY = vy + (horizon - vy) * 0.6;
    const steps = 6;
    const line: Array<[number, number]> = [];
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      line.push([px + (endX - px) * t + (s < steps ? (rng() - 0.5) * Math.abs(vx - px) * 0.1 : 0), py + (endY - py) * t]);
    }
    const back = dir > 0 ? pts.slice(i, j + 1).reverse() : pts.slice(j, i + 1);
    shapes.push(poly([[px, py], ...line, ...back]));
  }
  if (shapes.length) svg.add(`<path d="${shapes.join('')}" ${fill(shade, 0.55)}/>`);
}

function paintSnowCaps(ctx: Ctx, outline: string, maxH: number): void {
  const { rng, W, horizon, svg, theme } = ctx;
  const line = horizon - maxH * range(rng, 0.6, 0.72);
  const edge: Array<[number, number]> = [];
  for (let i = 0; i <= 40; i++) edge.push([(i / 40) * W, line + (i % 2 ? 1 : -1) * maxH * range(rng, 0.02, 0.07)]);
  const clip = svg.clipPath(outline);
  const d = poly([[0, -10], [W, -10], ...edge.reverse()]);
  svg.add(
    `<path d="${d}" clip-path="${clip}" ${fill(
      svg.linear([
        [0, theme.snow],
        [1, mix(theme.snow, theme.mountain, 0.3)],
      ]),
    )}/>`,
  );
}

export type GroundKind = 'grass' | 'sand' | 'snow';

function groundColors(ctx: Ctx, kind: GroundKind): { near: Rgb; far: Rgb } {
  const t = ctx.theme;
  if (kind === 'sand') return { near: t.sand, far: mix(lighten(t.sand, 0.1), t.haze, 0.3) };
  if (kind === 'snow') return { near: t.snow, far: mix(mix(t.snow, [170, 190, 225], 0.3), t.haze, 0.3) };
  return { near: t.ground, far: mix(t.groundFar, t.haze, 0.35) };
}

/**
 * Rolling layers from the horizon to the bottom edge, far to near. `between` runs after each layer so
 * callers can tuck trees and houses between hills. Returns the layer profiles, far to near.
 */
export function paintGround(ctx: Ctx, kind: GroundKind, layers: number, top: number, between?: (layer: number, profile: Profile) => void): Profile[] {
  const { rng, W, H, svg } = ctx;
  const { near, far } = groundColors(ctx, kind);
  const profiles: Profile[] = [];
  for (let l = 0; l < layers; l++) {
    const t = layers === 1 ? 1 : l / (layers - 1);
    const base = top + (H - top) * (l === 0 ? 0.02 : 0.12 + 0.42 * t);
    const amp = (H - top) * (kind === 'sand' ? 0.16 : 0.1) * (0.6 + 0.6 * t);
    const count = kind === 'sand' ? 5 : 7;
    const phase = rng() * Math.PI * 2;
    const pts: Array<[number, number]> = [];
    for (let i = 0; i <= count; i++) {
      const x = (i / count) * W * 1.2 - W * 0.1;
      const wave = Math.sin(phase + i * range(rng, 0.9, 1.6)) * 0.5 + 0.5;
      pts.push([x, base - amp * (0.25 + 0.75 * wave)]);
    }
    const color = mix(far, near, t);
    const body = svg.linear([
      [0, lighten(color, 0.08)],
      [1, darken(color, 0.22)],
    ]);
    const d = `${smoothPath(pts)}L${n(W * 1.1)} ${n(H + 2)}L${n(-W * 0.1)} ${n(H + 2)}Z`;
    svg.add(`<path d="${d}" ${fill(body)}/>`);
    if (kind === 'sand') paintDuneShade(ctx, pts, color);
    if (kind === 'snow')
      svg.add(
        `<path d="${smoothPath(pts.map(([x, y]) => [x, y + (H - top) * 0.015]))}" fill="none" stroke="${hex(mix(color, [150, 175, 220], 0.35))}" stroke-width="${n(ctx.u * 4)}" stroke-opacity="0.5"/>`,
      );
    const profile = smoothProfile(pts);
    profiles.push(profile);
    between?.(l, profile);
  }
  return profiles;
}

/** Dunes: the lee side of each crest in shadow, a crescent from the crest down to the next trough. */
function paintDuneShade(ctx: Ctx, pts: Array<[number, number]>, color: Rgb): void {
  const { H, rng, svg } = ctx;
  const line = sampleSmooth(pts);
  const shapes: string[] = [];
  for (let i = 1; i < line.length - 1; i++) {
    if (!(line[i][1] <= line[i - 1][1] && line[i][1] < line[i + 1][1])) continue;
    let j = i + 1;
    while (j < line.length - 1 && line[j + 1][1] >= line[j][1]) j++;
    const [x, y] = line[i];
    const [tx, ty] = line[j];
    if (tx - x < 8 * ctx.u) continue;
    const cx = x + (tx - x) * range(rng, 0.15, 0.35);
    const cy = ty + (H - ty) * range(rng, 0.25, 0.5);
    shapes.push(
      `M${line
        .slice(i, j + 1)
        .map(([a, b]) => `${n(a)} ${n(b)}`)
        .join('L')}Q${n(cx)} ${n(cy)} ${n(x)} ${n(y)}Z`,
    );
  }
  if (shapes.length) svg.add(`<path d="${shapes.join('')}" ${fill(darken(mix(color, [190, 100, 90], 0.2), 0.22), 0.55)}/>`);
}
