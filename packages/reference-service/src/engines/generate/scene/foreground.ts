import { darken } from '../../pixels/colors';
import { fill, n } from '../svg';
import { drawSubject } from './catalog';
import { type Ctx, type Profile, place, range } from './context';
import { gull } from './creatures';

/** Picks an x far from those already used, so subjects do not pile up on each other. */
function freeX(ctx: Ctx, used: number[], lo = 0.14, hi = 0.86): number {
  let best = ctx.W * range(ctx.rng, lo, hi);
  let bestGap = -1;
  for (let i = 0; i < 10; i++) {
    const x = ctx.W * range(ctx.rng, lo, hi);
    const gap = Math.min(ctx.W, ...used.map((u) => Math.abs(u - x)));
    if (gap > bestGap) {
      best = x;
      bestGap = gap;
    }
  }
  used.push(best);
  return best;
}

const plural = (ctx: Ctx, word: string): boolean => ctx.spec.words.some((w) => w === `${word}s` || w === `${word}es`);

/** Standing subjects on the near ground, drawn back to front, each with a contact shadow. */
export function paintGrounded(ctx: Ctx, ids: string[], ground: Profile): void {
  const { H, svg, u } = ctx;
  const s = Math.min(ctx.W, ctx.H);
  const used: number[] = [];
  const items: Array<[number, string]> = [];
  const focal = ids[0];
  for (const id of ids) {
    const copies =
      id === 'flower'
        ? 3 + Math.floor(ctx.rng() * 3)
        : id === 'tree'
          ? plural(ctx, 'tree')
            ? 3
            : 1 + Math.floor(ctx.rng() * 2)
          : id === 'house' && plural(ctx, 'house')
            ? 3
            : 1;
    for (let i = 0; i < copies; i++) {
      const d = drawSubject(ctx, id, i);
      if (!d) continue;
      const scale = (id === focal && i === 0 ? 1.15 : 1) * (i === 0 ? 1 : range(ctx.rng, 0.7, 0.9));
      const size = d.size * s * scale;
      const x = freeX(ctx, used, id === 'flower' || id === 'tree' ? 0.06 : 0.14, id === 'flower' || id === 'tree' ? 0.94 : 0.86);
      const top = ground(x);
      // Lower on the ground means nearer the viewer; keep feet inside the frame.
      const y = Math.min(H - 6 * u, top + (H - top) * range(ctx.rng, 0.12, 0.5));
      const shadow = `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size * d.aspect * 0.5)}" ry="${n(size * 0.05)}" ${fill(darken(ctx.theme.ground, 0.6), 0.3)}/>`;
      items.push([y, shadow + place(x, y, size, d.body, ctx.rng() < 0.5 && id !== 'house')]);
    }
  }
  items.sort((a, b) => a[0] - b[0]);
  svg.add(items.map((i) => i[1]).join(''));
}

/** Subjects that fly or float: above the horizon, clear of the sun or moon. */
export function paintAirborne(ctx: Ctx, ids: string[]): void {
  const { horizon, rng, u, svg } = ctx;
  const s = Math.min(ctx.W, ctx.H);
  const used: number[] = ctx.light ? [ctx.light.x] : [];
  for (const id of ids) {
    if (id === 'bird') {
      paintFlock(ctx);
      continue;
    }
    const many = plural(ctx, id) || id === 'butterfly';
    const copies = id === 'balloon' ? (many ? 4 : 1) : many ? 3 : 1;
    for (let i = 0; i < copies; i++) {
      const d = drawSubject(ctx, id, i);
      if (!d) continue;
      const size = d.size * s * (i === 0 ? 1.2 : range(rng, 0.6, 0.9));
      const x = freeX(ctx, used, 0.12, 0.88);
      const y = id === 'butterfly' ? horizon + (ctx.H - horizon) * range(rng, -0.3, 0.4) : horizon * range(rng, 0.25, 0.6);
      svg.add(place(x, Math.max(size * 0.5 + 4 * u, y), size, d.body, false, range(rng, -12, 12)));
    }
  }
}

export function paintFlock(ctx: Ctx): void {
  const { W, horizon, rng, u, svg, theme } = ctx;
  const cx = W * range(rng, 0.25, 0.75);
  const cy = horizon * range(rng, 0.2, 0.45);
  const color = darken(theme.cloudShade, theme.dark > 0.5 ? 0.75 : 0.55);
  const birds: string[] = [];
  const count = 5 + Math.floor(rng() * 5);
  for (let i = 0; i < count; i++) {
    const size = range(rng, 14, 34) * u;
    birds.push(place(cx + range(rng, -0.22, 0.22) * W, cy + range(rng, -0.15, 0.15) * horizon, size, gull(color), rng() < 0.5, range(rng, -15, 15)));
  }
  svg.add(birds.join(''));
}

/** Boats on the water between the horizon and the shore, with a dark waterline shadow. */
export function paintBoats(ctx: Ctx, shoreTop: number): void {
  const { W, horizon, rng, svg } = ctx;
  const s = Math.min(ctx.W, ctx.H);
  const count = plural(ctx, 'boat') ? 3 : 1;
  for (let i = 0; i < count; i++) {
    const d = drawSubject(ctx, 'boat', i);
    if (!d) continue;
    const t = i === 0 ? range(rng, 0.35, 0.7) : range(rng, 0.1, 0.4);
    const y = horizon + (shoreTop - horizon) * t;
    const size = d.size * s * (0.5 + 0.9 * t);
    const x = W * range(rng, 0.2, 0.8);
    svg.add(`<ellipse cx="${n(x)}" cy="${n(y + size * 0.06)}" rx="${n(size * 0.5)}" ry="${n(size * 0.03)}" ${fill(darken(ctx.theme.waterDeep, 0.3), 0.5)}/>`);
    svg.add(place(x, y, size, d.body, rng() < 0.5));
  }
}

/** A fish leaping from the water, with a splash ring where it left. */
export function paintLeapingFish(ctx: Ctx, waterBottom: number): void {
  const { W, horizon, rng, svg, u } = ctx;
  const d = drawSubject(ctx, 'fish');
  if (!d) return;
  const s = Math.min(ctx.W, ctx.H);
  const x = W * range(rng, 0.3, 0.7);
  const y = horizon + (waterBottom - horizon) * range(rng, 0.45, 0.7);
  const size = d.size * s * 1.3;
  svg.add(
    `<ellipse cx="${n(x + size * 0.6)}" cy="${n(y + size * 0.35)}" rx="${n(size * 0.4)}" ry="${n(size * 0.06)}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="${n(3 * u)}"/>`,
  );
  svg.add(place(x, y - size * 0.2, size, d.body, rng() < 0.5, -28));
}

/** One floating subject as the hero of the picture (a heart on bokeh), copies smaller around it. */
export function paintHero(ctx: Ctx, ids: string[]): void {
  const { W, H, rng, svg } = ctx;
  const s = Math.min(W, H);
  const used = [W / 2];
  ids.forEach((id, k) => {
    const copies = k === 0 ? (plural(ctx, id) ? 4 : 1) : 2;
    for (let i = 0; i < copies; i++) {
      const d = drawSubject(ctx, id, i + k);
      if (!d) continue;
      const hero = k === 0 && i === 0;
      const size = s * (hero ? 0.5 : range(rng, 0.16, 0.26));
      const x = hero ? W * range(rng, 0.45, 0.55) : freeX(ctx, used, 0.12, 0.88);
      const y = hero ? H * range(rng, 0.44, 0.52) : H * range(rng, 0.2, 0.75);
      svg.add(place(x, y, size, d.body, false, hero ? range(rng, -6, 6) : range(rng, -18, 18)));
    }
  });
}
