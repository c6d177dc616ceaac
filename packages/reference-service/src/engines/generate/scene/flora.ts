import { darken, hex, lighten, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n } from '../svg';
import { type Ctx, type Profile, type Rng, pick, place, range } from './context';

// Unit drawings are ~100 units tall, anchored at the bottom centre (see `place`).

export function conifer(color: Rgb, snow: boolean): string {
  const body = 'M0 -100L-11 -74L-5 -74L-18 -48L-9 -48L-25 -20L-4 -20L-4 0L4 0L4 -20L25 -20L9 -48L18 -48L5 -74L11 -74Z';
  const shade = 'M0 -100L11 -74L5 -74L18 -48L9 -48L25 -20L4 -20L0 -20Z';
  const caps = snow
    ? `<path d="M0 -100L-6 -86L0 -89L6 -86ZM-5 -74L-11 -62L0 -66L11 -62L5 -74ZM-9 -48L-17 -35L0 -40L17 -35L9 -48Z" ${fill([244, 248, 255])}/>`
    : '';
  return `<path d="${body}" ${fill(color)}/><path d="${shade}" ${fill(darken(color, 0.25))}/>${caps}`;
}

export function broadleaf(rng: Rng, color: Rgb, trunk: Rgb): string {
  const parts = [`<path d="M-6 0L-4 -42L-14 -58L-11 -60L-2 -50L0 -64L3 -64L3 -50L11 -60L14 -57L5 -42L7 0Z" ${fill(trunk)}/>`];
  const puffs: Array<[number, number, number]> = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 + rng() * 0.5;
    puffs.push([Math.cos(a) * range(rng, 14, 24), -66 + Math.sin(a) * range(rng, 10, 16), range(rng, 15, 21)]);
  }
  puffs.push([0, -70, 24]);
  const dark = darken(color, 0.28);
  const light = lighten(color, 0.18);
  for (const [x, y, r] of puffs) parts.push(`<circle cx="${n(x + 3)}" cy="${n(y + 4)}" r="${n(r)}" ${fill(dark)}/>`);
  for (const [x, y, r] of puffs) parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.92)}" ${fill(color)}/>`);
  for (const [x, y, r] of puffs.slice(0, 4)) parts.push(`<circle cx="${n(x - r * 0.25)}" cy="${n(y - r * 0.3)}" r="${n(r * 0.45)}" ${fill(light, 0.8)}/>`);
  return parts.join('');
}

export function palm(rng: Rng, color: Rgb, trunk: Rgb): string {
  const lean = range(rng, -14, 14);
  const parts = [`<path d="M-4 0C-3 -40 ${n(lean - 6)} -70 ${n(lean - 3)} -92L${n(lean + 3)} -92C${n(lean + 2)} -70 4 -40 5 0Z" ${fill(trunk)}/>`];
  const top: [number, number] = [lean, -92];
  for (let i = 0; i < 7; i++) {
    const a = Math.PI * (1.05 + (i / 6) * 0.9) + range(rng, -0.1, 0.1);
    const len = range(rng, 34, 46);
    const ex = top[0] + Math.cos(a) * len;
    const ey = top[1] + Math.sin(a) * len * 0.55 + len * 0.35;
    const mx = top[0] + Math.cos(a) * len * 0.5;
    const my = top[1] + Math.sin(a) * len * 0.5 - 6;
    const c = i % 2 ? color : darken(color, 0.18);
    parts.push(`<path d="M${n(top[0])} ${n(top[1])}Q${n(mx)} ${n(my - 8)} ${n(ex)} ${n(ey)}Q${n(mx)} ${n(my + 4)} ${n(top[0])} ${n(top[1])}Z" ${fill(c)}/>`);
  }
  return parts.join('');
}

export function flower(rng: Rng, petal: Rgb, stemColor: Rgb): string {
  const k = 5 + Math.floor(rng() * 4);
  const parts = [
    `<path d="M0 0C-4 -30 4 -50 0 -72" fill="none" stroke="${hex(stemColor)}" stroke-width="3.5" stroke-linecap="round"/>`,
    `<ellipse cx="-9" cy="-28" rx="10" ry="4" transform="rotate(-30 -9 -28)" ${fill(stemColor)}/>`,
    `<ellipse cx="8" cy="-42" rx="9" ry="3.5" transform="rotate(25 8 -42)" ${fill(darken(stemColor, 0.1))}/>`,
  ];
  const rot = rng() * 360;
  for (let i = 0; i < k; i++) {
    const a = rot + (i * 360) / k;
    parts.push(`<ellipse cx="0" cy="-84" rx="6.5" ry="12" transform="rotate(${n(a)} 0 -72)" ${fill(i % 2 ? petal : lighten(petal, 0.12))}/>`);
  }
  parts.push(`<circle cx="0" cy="-72" r="6" ${fill([250, 200, 60])}/><circle cx="-1.5" cy="-73.5" r="2.5" ${fill([255, 235, 150])}/>`);
  return parts.join('');
}

export function cactus(color: Rgb): string {
  const arm = 'M-4 -40H-18V-62H-12V-46H-4Z M4 -55H18V-75H12V-61H4Z';
  return `<path d="M-6 0V-90A6 6 0 0 1 6 -90V0Z ${arm}" ${fill(color)}/><path d="M1 0V-94A6 6 0 0 1 6 -90V0Z" ${fill(darken(color, 0.2))}/>`;
}

/** A band of conifers standing on a profile: the far band small and hazy, the near one dark and large. */
export function paintForestRow(ctx: Ctx, profile: Profile, count: number, size: [number, number], depth: number, mirror = false): void {
  const { rng, W, theme, svg } = ctx;
  const snow = ctx.spec.subjects.includes('snow');
  const base = mix(theme.foliage, theme.haze, depth * 0.55);
  const trees: Array<[number, string]> = [];
  for (let i = 0; i < count; i++) {
    const x = ((i + rng()) / count) * W * 1.1 - W * 0.05;
    const h = range(rng, size[0], size[1]);
    const y = profile(x) + h * range(rng, 0.05, 0.25);
    trees.push([y, place(x, y, h, conifer(mix(base, darken(base, 0.3), rng() * 0.5), snow))]);
  }
  trees.sort((a, b) => a[0] - b[0]);
  const drawn = trees.map((t) => t[1]).join('');
  svg.add(drawn);
  if (mirror) ctx.mirrored.push(drawn);
}

export function paintConifer(ctx: Ctx, x: number, y: number, h: number, depth: number): void {
  const base = mix(ctx.theme.foliage, ctx.theme.haze, depth * 0.55);
  ctx.svg.add(place(x, y, h, conifer(darken(base, 0.15), ctx.spec.subjects.includes('snow'))));
}

/** Dots of colour and grass tufts scattered on the near ground. */
export function paintMeadowDetail(ctx: Ctx, profile: Profile, flowers: number): void {
  const { rng, W, H, u, svg, theme } = ctx;
  const colors: Rgb[] = [...theme.accents.slice(0, 3), theme.lit([250, 250, 245]), theme.lit([250, 210, 70])];
  const tufts: string[] = [];
  const tuftColor = darken(theme.ground, 0.25);
  for (let i = 0; i < (ctx.sparse ? 18 : 70); i++) {
    const x = rng() * W;
    const top = profile(x);
    const y = top + (H - top) * rng() ** 0.8;
    const s = (4 + 10 * ((y - top) / (H - top + 1))) * u;
    tufts.push(
      `M${n(x - s)} ${n(y)}Q${n(x - s * 0.4)} ${n(y - s)} ${n(x - s * 0.9)} ${n(y - s * 2)}Q${n(x)} ${n(y - s)} ${n(x + s * 0.2)} ${n(y - s * 2.4)}Q${n(x + s * 0.3)} ${n(y - s)} ${n(x + s)} ${n(y - s * 1.8)}Q${n(x + s * 0.5)} ${n(y - s * 0.5)} ${n(x + s)} ${n(y)}Z`,
    );
  }
  svg.add(`<path d="${tufts.join('')}" ${fill(tuftColor, 0.8)}/>`);
  const dots: string[] = [];
  for (let i = 0; i < (ctx.sparse ? flowers / 12 : flowers); i++) {
    const x = rng() * W;
    const top = profile(x);
    const t = rng() ** 0.7;
    const y = top + (H - top) * t + 4 * u;
    const r = (1.5 + 6 * t) * u;
    const c = pick(rng, colors);
    dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${fill(c)}/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.35)}" ${fill(lighten(c, 0.6))}/>`);
  }
  svg.add(dots.join(''));
}
