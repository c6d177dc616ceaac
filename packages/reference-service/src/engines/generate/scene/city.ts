import { darken, lighten, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n } from '../svg';
import { type Ctx, pick, range } from './context';

/**
 * A skyline in two depths standing on the horizon. Windows light up by time of day; neon scenes get
 * glowing sign strips. Silhouettes are also handed to the water painter to mirror.
 */
export function paintCity(ctx: Ctx): void {
  const { theme } = ctx;
  paintRow(ctx, mix(theme.building, theme.haze, 0.5), 0.45, 0.25, 0.35);
  paintRow(ctx, theme.building, 0.3, 0.65, 1);
}

function paintRow(ctx: Ctx, color: Rgb, maxHeight: number, windowChance: number, windowAlpha: number): void {
  const { rng, W, horizon, u, svg, theme } = ctx;
  const neon = ctx.spec.mood === 'neon';
  const lit = theme.dark > 0.3;
  const shapes: string[] = [];
  const windows: string[] = [];
  const signs: string[] = [];
  let x = -range(rng, 0, 40) * u;
  while (x < W) {
    const w = range(rng, 45, 110) * u;
    const h = horizon * maxHeight * range(rng, 0.35, 1);
    const top = horizon - h;
    const shade = mix(color, darken(color, 0.25), rng());
    let d = `M${n(x)} ${n(horizon)}V${n(top)}H${n(x + w)}V${n(horizon)}Z`;
    const roof = rng();
    if (roof < 0.25) {
      const sw = w * range(rng, 0.4, 0.7);
      d += `M${n(x + (w - sw) / 2)} ${n(top + 1)}V${n(top - h * 0.12)}H${n(x + (w + sw) / 2)}V${n(top + 1)}Z`;
    } else if (roof < 0.4) {
      d += `M${n(x + w / 2 - u)} ${n(top)}V${n(top - h * 0.25)}H${n(x + w / 2 + u)}V${n(top)}Z`;
    } else if (roof < 0.5) {
      d += `M${n(x)} ${n(top + 1)}L${n(x + w / 2)} ${n(top - w * 0.5)}L${n(x + w)} ${n(top + 1)}Z`;
    }
    shapes.push(`<path d="${d}" ${fill(shade)}/>`);
    // Daytime glass is a faint sheen, not lit squares, or the skyline looks like night.
    const winColor = lit ? undefined : lighten(shade, 0.25);
    const ww = 6 * u;
    const wh = 8 * u;
    const cols = Math.max(1, Math.floor((w - 8 * u) / (ww * 1.9)));
    const rows = Math.max(1, Math.floor((h - 14 * u) / (wh * 1.7)));
    const gx = (w - cols * ww) / (cols + 1);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (lit && rng() > windowChance) continue;
        const wc = winColor ?? pick(rng, theme.windows);
        windows.push(
          `<rect x="${n(x + gx + c * (ww + gx))}" y="${n(top + 10 * u + r * wh * 1.7)}" width="${n(ww)}" height="${n(wh)}" ${fill(wc, windowAlpha * (lit ? range(rng, 0.7, 1) : 0.5))}/>`,
        );
      }
    }
    if (neon && rng() < 0.35) {
      const c = pick(rng, theme.windows);
      const sx = x + w * range(rng, 0.1, 0.7);
      const sy = top + h * range(rng, 0.1, 0.5);
      const sh = h * range(rng, 0.15, 0.35);
      signs.push(`<rect x="${n(sx - 6 * u)}" y="${n(sy - 6 * u)}" width="${n(16 * u)}" height="${n(sh + 12 * u)}" rx="${n(8 * u)}" ${fill(c, 0.25)}/>`);
      signs.push(`<rect x="${n(sx)}" y="${n(sy)}" width="${n(4 * u)}" height="${n(sh)}" ${fill(lighten(c, 0.3))}/>`);
    }
    ctx.mirrored.push(`<path d="${d}" ${fill(darken(shade, 0.2))}/>`);
    x += w + range(rng, -10, 6) * u;
  }
  svg.add(shapes.join('') + windows.join('') + signs.join(''));
  if (neon) ctx.mirrored.push(signs.join(''));
}

/** A few street-level light pools so a wet night street does not read as a black band. */
export function paintStreetLights(ctx: Ctx): void {
  const { rng, W, H, horizon, u, svg, theme } = ctx;
  const lamps: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = ((i + range(rng, 0.2, 0.8)) / 7) * W;
    const y = horizon + (H - horizon) * range(rng, 0.05, 0.25);
    const c = pick(rng, theme.windows);
    lamps.push(`<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(60 * u)}" ry="${n(8 * u)}" ${fill(c, 0.18)}/>`);
  }
  svg.add(lamps.join(''));
}
