import { hex, lighten } from '../../pixels/colors';
import { fill, n } from '../svg';
import { type Ctx, range } from './context';

export function paintRain(ctx: Ctx, count = 420): void {
  const { rng, W, H, u, svg, theme } = ctx;
  const slant = range(rng, 0.12, 0.3);
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = rng() * W * 1.2 - W * 0.1;
    const y = rng() * H;
    const len = range(rng, 18, 55) * u;
    d += `M${n(x)} ${n(y)}l${n(-len * slant)} ${n(len)}`;
  }
  svg.add(`<path d="${d}" stroke="${hex(lighten(theme.cloud, 0.4))}" stroke-opacity="0.4" stroke-width="${n(1.6 * u)}" stroke-linecap="round"/>`);
}

export function paintSnowfall(ctx: Ctx, wanted = 300): void {
  const { rng, W, H, u, svg } = ctx;
  const count = ctx.sparse ? 0 : wanted;
  const flakes: string[] = [];
  for (let i = 0; i < count; i++) {
    const near = rng() ** 3;
    flakes.push(`<circle cx="${n(rng() * W)}" cy="${n(rng() * H)}" r="${n((1.2 + 5 * near) * u)}" ${fill([255, 255, 255], 0.55 + 0.4 * near)}/>`);
  }
  svg.add(flakes.join(''));
}
