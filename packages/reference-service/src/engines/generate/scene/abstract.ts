import { darken, hex, lighten, luma, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n, smoothPath } from '../svg';
import { type Ctx, range } from './context';
import { paintStars } from './sky';

/**
 * For prompts with no recognisable subject: a calm poster of flowing bands, a large disc and a few
 * dots, all from the palette over the time-of-day sky, so colour and mood words still steer it.
 */
export function paintAbstract(ctx: Ctx): void {
  const { svg, theme, W, H, rng, u } = ctx;
  const pal = theme.accents;
  const [top, , low] = theme.sky;
  svg.add(
    `<rect width="${W}" height="${H}" ${fill(
      svg.linear([
        [0, mix(top, pal[0], 0.3)],
        [1, mix(low, pal[1], 0.35)],
      ]),
    )}/>`,
  );
  if (theme.dark > 0.5) paintStars(ctx, 140, H * 0.6);

  const discR = range(rng, 0.16, 0.26) * Math.min(W, H);
  const dx = W * range(rng, 0.25, 0.75);
  const dy = H * range(rng, 0.22, 0.42);
  const discColor = luma(pal[2]) < 60 ? lighten(pal[2], 0.5) : pal[2];
  if (ctx.soft)
    svg.add(
      `<circle cx="${n(dx)}" cy="${n(dy)}" r="${n(discR * 2.2)}" ${fill(
        svg.radial([
          [0, discColor, 0.35],
          [1, discColor, 0],
        ]),
      )}/>`,
    );
  svg.add(
    `<circle cx="${n(dx)}" cy="${n(dy)}" r="${n(discR)}" ${fill(
      svg.linear([
        [0, lighten(discColor, 0.3)],
        [1, discColor],
      ]),
    )}/>`,
  );
  svg.add(
    `<circle cx="${n(dx)}" cy="${n(dy)}" r="${n(discR * 1.35)}" fill="none" stroke="${hex(lighten(discColor, 0.4))}" stroke-opacity="0.5" stroke-width="${n(3 * u)}"/>`,
  );

  const bands = 5;
  for (let b = 0; b < bands; b++) {
    const t = b / (bands - 1);
    const base = H * (0.48 + 0.4 * t);
    const amp = H * range(rng, 0.04, 0.1);
    const phase = rng() * Math.PI * 2;
    const freq = range(rng, 0.8, 1.6);
    const pts: Array<[number, number]> = [];
    for (let i = 0; i <= 8; i++) {
      const x = (i / 8) * W * 1.2 - W * 0.1;
      pts.push([x, base + Math.sin(phase + (i / 8) * Math.PI * 2 * freq) * amp]);
    }
    const c: Rgb = mix(pal[(b + 1) % pal.length], pal[(b + 3) % pal.length], 0.25);
    const shaded = mix(c, darken(c, 0.35), t);
    const g = svg.linear([
      [0, lighten(shaded, 0.12)],
      [1, darken(shaded, 0.2)],
    ]);
    svg.add(`<path d="${smoothPath(pts)}L${n(W * 1.1)} ${n(H + 2)}L${n(-W * 0.1)} ${n(H + 2)}Z" ${fill(g)}/>`);
    svg.add(`<path d="${smoothPath(pts)}" fill="none" stroke="${hex(lighten(shaded, 0.45))}" stroke-opacity="0.5" stroke-width="${n(2.5 * u)}"/>`);
  }

  const dots: string[] = [];
  for (let i = 0; i < 26; i++) {
    const c = pal[i % pal.length];
    const r = range(rng, 4, 22) * u;
    const x = rng() * W;
    const y = rng() * H * 0.75;
    dots.push(
      rng() < 0.35
        ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="none" stroke="${hex(lighten(c, 0.3))}" stroke-opacity="0.7" stroke-width="${n(2 * u)}"/>`
        : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${fill(lighten(c, 0.2), range(rng, 0.35, 0.8))}/>`,
    );
  }
  svg.add(dots.join(''));
}

/** Soft out-of-focus light discs: the backdrop a single floating subject (a heart) sits on. */
export function paintBokeh(ctx: Ctx): void {
  const { svg, theme, W, H, rng, u } = ctx;
  const pal = theme.accents;
  const [inner, outer] = ctx.sparse
    ? [theme.sky[2], theme.sky[0]]
    : [lighten(mix(theme.sky[2], pal[0], 0.35), 0.2), darken(mix(theme.sky[0], pal[1], 0.4), 0.2)];
  svg.add(
    `<rect width="${W}" height="${H}" ${fill(
      svg.radial(
        [
          [0, inner],
          [1, outer],
        ],
        0.5,
        0.45,
        0.75,
      ),
    )}/>`,
  );
  const discs: string[] = [];
  for (let i = 0; i < (ctx.sparse ? 0 : 40); i++) {
    const c = lighten(pal[i % pal.length], 0.4);
    const r = range(rng, 12, 60) * u;
    discs.push(`<circle cx="${n(rng() * W)}" cy="${n(rng() * H)}" r="${n(r)}" ${fill(c, range(rng, 0.12, 0.35))}/>`);
  }
  svg.add(discs.join(''));
}
