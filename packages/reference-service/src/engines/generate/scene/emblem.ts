import { darken, hex, lighten, luma, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n } from '../svg';
import { drawSubject, isForeground } from './catalog';
import { type Ctx, place, range } from './context';
import { paintLandscape } from './landscape';
import { moonBadge, star5, sunBadge } from './objects';
import { cloudShape } from './sky';

const SKY_ITEMS = ['sun', 'moon', 'stars', 'cloud'];

/**
 * Cut-out mode: only the subjects, on nothing. Objects become a centred sticker, a landscape becomes a
 * round badge (the usual shape of a scenery logo), and a prompt with neither gets an abstract rosette.
 */
export function paintEmblem(ctx: Ctx): void {
  const { spec } = ctx;
  const objects = spec.subjects.filter(isForeground);
  const sky = SKY_ITEMS.filter((s) => spec.subjects.includes(s));
  const scenic = spec.subjects.filter((s) => !isForeground(s) && !SKY_ITEMS.includes(s));
  if (objects.length) paintSticker(ctx, objects, sky);
  else if (scenic.length) paintBadge(ctx);
  else if (sky.length) paintSticker(ctx, [], sky);
  else paintRosette(ctx);
}

function skyItem(ctx: Ctx, id: string, x: number, y: number, size: number): void {
  const { svg, theme } = ctx;
  if (id === 'sun') svg.add(place(x, y, size, sunBadge(theme.bound.sun ?? [255, 206, 70])));
  else if (id === 'moon') svg.add(place(x, y, size, moonBadge(theme.bound.moon ?? [250, 226, 140])));
  else if (id === 'stars') {
    const c: Rgb = theme.bound.stars ?? [255, 214, 80];
    svg.add(
      place(x, y, size * 0.7, star5(c)) +
        place(x + size * 0.45, y + size * 0.35, size * 0.35, star5(c)) +
        place(x - size * 0.4, y + size * 0.3, size * 0.28, star5(c)),
    );
  } else if (id === 'cloud') {
    const c: Rgb = theme.bound.cloud ?? [248, 250, 255];
    svg.add(cloudShape(ctx, x, y, size * 1.3, c, darken(mix(c, [150, 180, 230], 0.4), 0.05)));
  }
}

function paintSticker(ctx: Ctx, objects: string[], sky: string[]): void {
  const { W, H, svg, rng } = ctx;
  const s = Math.min(W, H);
  const cx = W / 2;
  const cy = H / 2;
  const extras = [...objects.slice(1), ...sky].slice(0, 3);
  const spots: Array<[number, number]> = [
    [0.3, -0.3],
    [-0.3, -0.28],
    [0.32, 0.18],
  ];
  const big = objects.length === 0;
  extras.forEach((id, i) => {
    const [dx, dy] = big && extras.length === 1 ? [0, 0] : spots[i];
    const size = s * (big && extras.length === 1 ? 0.6 : 0.24);
    const x = cx + dx * s;
    const y = cy + dy * s;
    if (SKY_ITEMS.includes(id)) skyItem(ctx, id, x, y, size);
    else {
      const d = drawSubject(ctx, id, i + 1);
      if (d) svg.add(place(x, d.grounded ? y + size * 0.5 : y, size, d.body, rng() < 0.5));
    }
  });
  if (!objects.length) return;
  const d = drawSubject(ctx, objects[0]);
  if (!d) return;
  const size = s * (extras.length ? 0.58 : 0.7) * (d.aspect > 1.2 ? 1 / Math.sqrt(d.aspect) : 1);
  const y = d.grounded ? cy + size * 0.5 : cy - (objects[0] === 'balloon' ? size * 0.25 : 0);
  svg.add(place(cx, y, size, d.body, false));
}

function paintBadge(ctx: Ctx): void {
  const { W, H, svg, theme, u } = ctx;
  const d = Math.min(W, H) * 0.84;
  const x0 = (W - d) / 2;
  const y0 = (H - d) / 2;
  const clip = svg.clipPath(`M${n(d / 2)} 0A${n(d / 2)} ${n(d / 2)} 0 1 1 ${n(d / 2)} ${n(d)}A${n(d / 2)} ${n(d / 2)} 0 1 1 ${n(d / 2)} 0Z`);
  svg.add(`<g transform="translate(${n(x0)} ${n(y0)})" clip-path="${clip}">`);
  paintLandscape({ ...ctx, W: d, H: d, u: d / 1000, mirrored: [] }, false);
  svg.add('</g>');
  const ring = luma(theme.sky[0]) > 120 ? darken(theme.sky[0], 0.55) : lighten(theme.sky[2], 0.5);
  svg.add(`<circle cx="${n(W / 2)}" cy="${n(H / 2)}" r="${n(d / 2 - 6 * u)}" fill="none" stroke="${hex(ring)}" stroke-width="${n(14 * u)}"/>`);
}

function paintRosette(ctx: Ctx): void {
  const { W, H, svg, theme, rng } = ctx;
  const pal = theme.accents.map((c) => (luma(c) < 50 ? lighten(c, 0.35) : c));
  const s = Math.min(W, H) / 100;
  const k = 8 + 2 * Math.floor(rng() * 3);
  const turn = range(rng, 0, 360 / k);
  const petals = (count: number, ry: number, rx: number, dist: number, color: Rgb, offset: number) => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const a = offset + (i * 360) / count;
      out.push(`<ellipse cx="0" cy="${n(-dist)}" rx="${n(rx)}" ry="${n(ry)}" transform="rotate(${n(a)})" ${fill(i % 2 ? color : lighten(color, 0.12))}/>`);
    }
    return out.join('');
  };
  const body = [
    petals(k, 14, 7, 28, pal[0], turn),
    petals(k, 10, 5.5, 19, pal[1], turn + 180 / k),
    `<circle r="13" ${fill(pal[2])}/>`,
    `<circle r="10" fill="none" stroke="${hex(lighten(pal[2], 0.5))}" stroke-width="1.5"/>`,
    `<circle r="6" ${fill(pal[3])}/>`,
  ].join('');
  svg.add(`<g transform="translate(${n(W / 2)} ${n(H / 2)}) scale(${Math.round(s * 1000) / 1000})">${body}</g>`);
}
