import { darken, hex, lighten, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n, smoothPath } from '../svg';
import { type Ctx, type Profile, range, smoothProfile } from './context';

/**
 * Water from the horizon down: sky colour at the far edge, the scene's mirrored shapes, the sun or
 * moon's glitter path and wave glints. `surface` overrides the water colour (wet streets use it).
 */
export function paintWater(ctx: Ctx, surface?: Rgb): void {
  const { svg, theme, W, H, horizon, rng, u } = ctx;
  const water = surface ?? theme.water;
  const deep = surface ? darken(surface, 0.4) : theme.waterDeep;
  const g = svg.linearAbs(
    [
      [0, mix(theme.sky[2], water, 0.45)],
      [0.3, water],
      [1, deep],
    ],
    0,
    horizon,
    0,
    H,
  );
  svg.add(`<rect y="${n(horizon)}" width="${W}" height="${n(H - horizon + 1)}" ${fill(g)}/>`);
  if (ctx.mirrored.length) {
    // One group opacity for all reflections: a single offscreen pass, not one per shape.
    svg.add(`<g opacity="0.55" transform="translate(0 ${n(2 * horizon)}) scale(1 -1)">${ctx.mirrored.join('')}</g>`);
  }
  const span = H - horizon;
  if (ctx.light && ctx.light.y < horizon) {
    const { x, r, color } = ctx.light;
    const strokes: string[] = [];
    for (let i = 0; i < 46; i++) {
      const t = (i / 46) ** 1.5;
      const y = horizon + span * t + range(rng, 0, 6) * u;
      const w = r * (0.6 + 2.6 * t) * range(rng, 0.35, 1);
      const h = u * (1.5 + 5 * t);
      strokes.push(
        `<rect x="${n(x - w / 2 + range(rng, -0.4, 0.4) * r * t)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" ${fill(lighten(color, 0.3), 0.7 - 0.45 * t)}/>`,
      );
    }
    svg.add(strokes.join(''));
  }
  const glints: string[] = [];
  const glint = lighten(mix(water, theme.sky[2], 0.5), 0.25);
  for (let i = 0; i < (ctx.sparse ? 24 : 90); i++) {
    const t = rng() ** 1.3;
    const y = horizon + span * t;
    const len = W * (0.01 + 0.06 * t) * range(rng, 0.5, 1);
    const h = u * (0.8 + 2.4 * t);
    glints.push(`<rect x="${n(rng() * W - len / 2)}" y="${n(y)}" width="${n(len)}" height="${n(h)}" rx="${n(h / 2)}" ${fill(glint, 0.22 + 0.2 * rng())}/>`);
  }
  svg.add(glints.join(''));
}

/** The near shore: sand with a foam line for seas, a grassy bank for lakes. Returns its top profile. */
export function paintShore(ctx: Ctx, kind: 'sand' | 'grass', top: number): Profile {
  const { svg, theme, W, H, rng, u } = ctx;
  const pts: Array<[number, number]> = [];
  const slope = range(rng, -0.08, 0.08) * (H - top);
  for (let i = 0; i <= 6; i++) {
    const x = (i / 6) * W * 1.2 - W * 0.1;
    pts.push([x, top + slope * (i / 3 - 1) + Math.sin(i * 1.7 + rng() * 2) * (H - top) * 0.06]);
  }
  const base = kind === 'sand' ? theme.sand : theme.ground;
  const body = svg.linear([
    [0, lighten(base, 0.06)],
    [1, darken(base, 0.2)],
  ]);
  const edge = smoothPath(pts);
  if (kind === 'sand') {
    // Wet sand and foam sit just seaward of the dry sand line.
    const wet = smoothPath(pts.map(([x, y]) => [x, y - 7 * u]));
    svg.add(`<path d="${wet}L${n(W * 1.1)} ${n(H + 2)}L${n(-W * 0.1)} ${n(H + 2)}Z" ${fill(darken(mix(base, theme.water, 0.3), 0.15))}/>`);
    svg.add(
      `<path d="${smoothPath(pts.map(([x, y]) => [x, y - 9 * u]))}" fill="none" stroke="${hex(lighten(theme.water, 0.75))}" stroke-width="${n(4 * u)}" stroke-opacity="0.85" stroke-linecap="round"/>`,
    );
  }
  svg.add(`<path d="${edge}L${n(W * 1.1)} ${n(H + 2)}L${n(-W * 0.1)} ${n(H + 2)}Z" ${fill(body)}/>`);
  return smoothProfile(pts);
}
