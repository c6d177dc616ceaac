import { darken, hex, lighten, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n } from '../svg';
import { type Ctx, type Rng, range } from './context';

export function paintSky(ctx: Ctx): void {
  const { svg, theme, W, H, horizon } = ctx;
  const [top, mid, low] = theme.sky;
  const g = svg.linearAbs(
    [
      [0, top],
      [0.55, mid],
      [1, low],
    ],
    0,
    0,
    0,
    horizon,
  );
  svg.add(`<rect width="${W}" height="${H}" ${fill(g)}/>`);
}

export function glow(ctx: Ctx, x: number, y: number, r: number, color: Rgb, strength: number): void {
  // Cut-outs need crisp alpha; sparse (ink) scenes would get a veil of paper colour over the wash.
  if (!ctx.soft || ctx.sparse) return;
  const g = ctx.svg.radial([
    [0, color, strength],
    [0.3, color, strength * 0.35],
    [1, color, 0],
  ]);
  ctx.svg.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${fill(g)}/>`);
}

export function paintSun(ctx: Ctx): void {
  const { rng, u, W, horizon, theme } = ctx;
  const low = ctx.spec.time === 'dusk' || ctx.spec.time === 'dawn';
  const r = (low ? range(rng, 75, 115) : range(rng, 48, 70)) * u;
  const x = W * range(rng, 0.22, 0.78);
  const y = low ? horizon - r * range(rng, 0.2, 1.6) : horizon * range(rng, 0.22, 0.45);
  glow(ctx, x, y, r * (low ? 9 : 7), theme.sunGlow, low ? 0.75 : 0.6);
  const disc = ctx.svg.radial([
    [0, lighten(theme.sun, 0.6)],
    [0.7, theme.sun],
    [1, mix(theme.sun, theme.sunGlow, 0.4)],
  ]);
  ctx.svg.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${fill(disc)}/>`);
  ctx.light = { x, y, r, color: theme.sun };
}

/** A crescent: the outer circle minus one shifted by `cut` radii, as two arcs (no masks). */
export function crescentPath(r: number, cut: number): string {
  const d = r * cut;
  const hx = d / 2;
  const hy = Math.sqrt(Math.max(0, r * r - hx * hx));
  return `M${n(hx)} ${n(-hy)}A${n(r)} ${n(r)} 0 1 0 ${n(hx)} ${n(hy)}A${n(r)} ${n(r)} 0 0 1 ${n(hx)} ${n(-hy)}Z`;
}

export function paintMoon(ctx: Ctx): void {
  const { rng, u, W, horizon, theme, svg } = ctx;
  const r = range(rng, 42, 68) * u;
  const x = W * range(rng, 0.2, 0.8);
  const y = horizon * range(rng, 0.2, 0.42);
  glow(ctx, x, y, r * 6, mix(theme.moon, theme.sky[1], 0.3), 0.35);
  const crescent = rng() < 0.5;
  if (crescent) {
    const angle = range(rng, -40, 40);
    svg.add(`<path transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})" d="${crescentPath(r, 0.7)}" ${fill(theme.moon)}/>`);
  } else {
    const disc = svg.radial(
      [
        [0, lighten(theme.moon, 0.3)],
        [1, darken(theme.moon, 0.08)],
      ],
      0.4,
      0.4,
      0.65,
    );
    svg.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${fill(disc)}/>`);
    for (let i = 0; i < 6; i++) {
      const a = rng() * Math.PI * 2;
      const d = Math.sqrt(rng()) * r * 0.65;
      svg.add(
        `<circle cx="${n(x + Math.cos(a) * d)}" cy="${n(y + Math.sin(a) * d)}" r="${n(r * range(rng, 0.08, 0.2))}" ${fill(darken(theme.moon, 0.18), 0.45)}/>`,
      );
    }
  }
  ctx.light = { x, y, r, color: theme.moon };
}

/** A four-pointed twinkle: the shape people read as "sparkle". */
export function sparklePath(x: number, y: number, len: number, waist = 0.18): string {
  const w = len * waist;
  return `M${n(x)} ${n(y - len)}Q${n(x + w)} ${n(y - w)} ${n(x + len)} ${n(y)}Q${n(x + w)} ${n(y + w)} ${n(x)} ${n(y + len)}Q${n(x - w)} ${n(y + w)} ${n(x - len)} ${n(y)}Q${n(x - w)} ${n(y - w)} ${n(x)} ${n(y - len)}Z`;
}

export function paintStars(ctx: Ctx, wanted: number, bottom = ctx.horizon * 0.92): void {
  const { rng, u, W, svg, theme } = ctx;
  // Sparse scenes keep only the twinkles: lone dots would become ink rings or dithering noise.
  const count = ctx.sparse ? 0 : wanted;
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng() * W;
    const y = bottom * rng() ** 1.3;
    const r = u * (0.7 + 2.2 * rng() ** 3);
    dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${fill(theme.star, range(rng, 0.45, 1))}/>`);
  }
  svg.add(dots.join(''));
  for (let i = 0; i < Math.round(wanted / 25); i++) {
    const x = rng() * W;
    const y = bottom * 0.8 * rng();
    const len = range(rng, 6, 14) * u;
    glow(ctx, x, y, len * 1.6, theme.star, 0.35);
    svg.add(`<path d="${sparklePath(x, y, len)}" ${fill(theme.star)}/>`);
  }
}

/** Puffs drawn shade-first then lit, so clouds have a lit top and a shaded belly. */
export function cloudPuffs(rng: Rng, cx: number, cy: number, w: number): Array<[number, number, number]> {
  const puffs: Array<[number, number, number]> = [];
  const base = 4 + Math.floor(rng() * 3);
  for (let i = 0; i < base; i++) {
    const t = base === 1 ? 0 : i / (base - 1) - 0.5;
    puffs.push([cx + t * w * 0.8, cy + range(rng, -0.02, 0.03) * w, w * range(rng, 0.11, 0.16)]);
  }
  const tops = 2 + Math.floor(rng() * 2);
  for (let i = 0; i < tops; i++) {
    puffs.push([cx + range(rng, -0.25, 0.25) * w, cy - w * range(rng, 0.08, 0.15), w * range(rng, 0.15, 0.22)]);
  }
  return puffs;
}

export function cloudShape(ctx: Ctx, cx: number, cy: number, w: number, light: Rgb, shade: Rgb): string {
  const puffs = cloudPuffs(ctx.rng, cx, cy, w);
  const out: string[] = [];
  const soft = ctx.soft;
  const paint = (c: Rgb): string =>
    soft
      ? fill(
          ctx.svg.radial([
            [0, c],
            [0.72, c, 0.97],
            [1, c, 0],
          ]),
        )
      : `fill="${hex(c)}"`;
  const shadeFill = paint(shade);
  const lightFill = paint(light);
  const grow = soft ? 1.15 : 1;
  // Same radii, shade shifted down: the shade shows only along the belly, never as a halo.
  for (const [x, y, r] of puffs) out.push(`<circle cx="${n(x)}" cy="${n(y + r * 0.18)}" r="${n(r * grow)}" ${shadeFill}/>`);
  for (const [x, y, r] of puffs) out.push(`<circle cx="${n(x - r * 0.04)}" cy="${n(y - r * 0.06)}" r="${n(r * 0.97 * grow)}" ${lightFill}/>`);
  return out.join('');
}

export function paintClouds(ctx: Ctx, count: number, heavy = false): void {
  const { rng, W, horizon, theme, u } = ctx;
  for (let i = 0; i < count; i++) {
    const w = (heavy ? range(rng, 380, 620) : range(rng, 200, 420)) * u;
    let x = ((i + range(rng, 0.1, 0.9)) / count) * W;
    let y = heavy ? horizon * range(rng, 0.05, 0.45) : horizon * range(rng, 0.12, 0.6);
    // A cloud across the sun turns the disc into a crescent that reads as a moon: slide it aside.
    const l = ctx.light;
    if (l && !heavy && Math.abs(x - l.x) < w * 0.55 + l.r && Math.abs(y - l.y) < w * 0.2 + l.r) {
      x = l.x + (x < l.x ? -1 : 1) * (w * 0.6 + l.r * 1.2);
      y = Math.max(w * 0.15, y);
    }
    const near = y / horizon;
    // Lower clouds sit in thicker air: blend them towards the horizon haze.
    const light = mix(theme.cloud, theme.haze, near * 0.35);
    const shade = mix(theme.cloudShade, theme.haze, near * 0.3);
    ctx.svg.add(cloudShape(ctx, x, y, w * (0.6 + 0.4 * near), light, shade));
  }
}

/** The rainbow's bands, outermost first (one line: prettier would give every colour a line of its own). */
// prettier-ignore
const RAINBOW: Rgb[] = [[235, 60, 60], [245, 150, 50], [250, 225, 70], [90, 190, 90], [70, 130, 230], [130, 80, 200]];

export function paintRainbow(ctx: Ctx): void {
  const { W, horizon, rng, u, svg } = ctx;
  const cx = W * range(rng, 0.35, 0.65);
  const r = Math.min(W * 0.55, horizon * 0.95) * range(rng, 0.8, 1);
  const band = 14 * u;
  RAINBOW.forEach((c, i) => {
    const rr = r - i * band;
    svg.add(
      `<path d="M${n(cx - rr)} ${n(horizon)}A${n(rr)} ${n(rr)} 0 0 1 ${n(cx + rr)} ${n(horizon)}" fill="none" stroke="${hex(c)}" stroke-opacity="${ctx.soft ? 0.5 : 1}" stroke-width="${n(band * 1.02)}"/>`,
    );
  });
}
