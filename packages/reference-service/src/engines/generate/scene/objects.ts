import { darken, hex, lighten, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill, n, type Svg } from '../svg';
import { type Rng, range } from './context';
import { crescentPath, sparklePath } from './sky';

// Unit drawings, ~100 units tall. Buildings and boats are anchored bottom-centre; the rest centred.

export function house(walls: Rgb, roof: Rgb, windowColor: Rgb, flip: boolean): string {
  const c = flip ? -1 : 1;
  return [
    `<rect x="${c > 0 ? 20 : -30}" y="-88" width="10" height="24" ${fill(darken(walls, 0.35))}/>`,
    `<rect x="-40" y="-56" width="80" height="56" ${fill(walls)}/>`,
    `<rect x="${c > 0 ? 12 : -40}" y="-56" width="28" height="56" ${fill(darken(walls, 0.12))}/>`,
    `<path d="M-50 -52L0 -94L50 -52Z" ${fill(roof)}/>`,
    `<path d="M0 -94L50 -52L${c > 0 ? 40 : -40} -52Z" ${fill(darken(roof, 0.2))}/>`,
    `<rect x="-9" y="-32" width="18" height="32" rx="2" ${fill(darken(mix(roof, [110, 70, 45], 0.6), 0.2))}/>`,
    `<circle cx="5" cy="-15" r="1.6" ${fill([240, 210, 120])}/>`,
    `<rect x="-33" y="-44" width="16" height="14" ${fill(windowColor)}/><rect x="17" y="-44" width="16" height="14" ${fill(windowColor)}/>`,
    `<path d="M-25 -44V-30M-33 -37H-17M25 -44V-30M17 -37H33" stroke="${hex(darken(walls, 0.4))}" stroke-width="1.6"/>`,
    `<circle cx="0" cy="-68" r="6" ${fill(windowColor)}/>`,
  ].join('');
}

export function castle(stone: Rgb, roof: Rgb, flag: Rgb): string {
  const dark = darken(stone, 0.25);
  const merlons = (x0: number, x1: number, y: number) => {
    let d = '';
    for (let x = x0; x < x1 - 1; x += 8) d += `M${x} ${y}h5v-6h-5Z`;
    return d;
  };
  const tower = (x: number, w: number, top: number) =>
    `<rect x="${x}" y="${top}" width="${w}" height="${-top}" ${fill(stone)}/>` +
    `<rect x="${x + w * 0.6}" y="${top}" width="${w * 0.4}" height="${-top}" ${fill(dark, 0.5)}/>` +
    `<path d="M${x - 3} ${top}L${x + w / 2} ${top - w * 1.3}L${x + w + 3} ${top}Z" ${fill(roof)}/>` +
    `<path d="M${x + w / 2} ${top - w * 1.3}L${x + w + 3} ${top}L${x + w / 2} ${top}Z" ${fill(darken(roof, 0.2))}/>` +
    `<path d="M${x + w / 2} ${top - w * 1.3}v-12l10 4l-10 4" ${fill(flag)} stroke="${hex(dark)}" stroke-width="1"/>` +
    `<rect x="${x + w / 2 - 2}" y="${top + 14}" width="4" height="9" rx="2" ${fill(darken(stone, 0.6))}/>`;
  return [
    `<rect x="-44" y="-42" width="88" height="42" ${fill(stone)}/>`,
    `<path d="${merlons(-44, 44, -42)}" ${fill(stone)}/>`,
    tower(-14, 28, -66),
    tower(-58, 18, -54),
    tower(40, 18, -54),
    `<path d="M-10 0V-18A10 10 0 0 1 10 -18V0Z" ${fill(darken(stone, 0.6))}/>`,
    `<path d="M-44 -8H44" stroke="${hex(dark)}" stroke-width="1.5" stroke-opacity="0.6"/>`,
  ].join('');
}

/** A sailing boat whose waterline is y = 0. */
export function boat(hull: Rgb, sail: Rgb): string {
  return [
    `<rect x="-1.2" y="-92" width="2.4" height="86" ${fill([90, 70, 60])}/>`,
    `<path d="M3 -88Q28 -50 40 -12L3 -12Z" ${fill(sail)}/>`,
    `<path d="M3 -88Q24 -52 30 -12L40 -12Q28 -50 3 -88Z" ${fill(darken(sail, 0.12))}/>`,
    `<path d="M-3 -80L-3 -12L-34 -12Z" ${fill(darken(sail, 0.06))}/>`,
    `<path d="M1 -92L13 -88L1 -84Z" ${fill(hull)}/>`,
    `<path d="M-46 -10H46L36 6H-36Z" ${fill(hull)}/>`,
    `<path d="M-44 -6H44L42 -3H-42Z" ${fill(lighten(hull, 0.6))}/>`,
  ].join('');
}

/**
 * A glossy fill for a rounded body lit from the upper left: `color` lightened by `light` at the
 * highlight, `color` itself at `mid`, darkened by `shade` at the rim, `r` (of the box) away.
 */
function gloss(svg: Svg, color: Rgb, light: number, mid: number, shade: number, r: number): string {
  return svg.radial(
    [
      [0, lighten(color, light)],
      [mid, color],
      [1, darken(color, shade)],
    ],
    0.35,
    0.3,
    r,
  );
}

export function heart(svg: Svg, color: Rgb): string {
  const g = gloss(svg, color, 0.35, 0.6, 0.25, 0.8);
  return [
    `<path d="M0 40C-12 30 -52 4 -52 -18C-52 -38 -38 -48 -25 -48C-13 -48 -4 -41 0 -31C4 -41 13 -48 25 -48C38 -48 52 -38 52 -18C52 4 12 30 0 40Z" ${fill(g)}/>`,
    `<ellipse cx="-27" cy="-27" rx="11" ry="6" transform="rotate(-40 -27 -27)" ${fill([255, 255, 255], 0.55)}/>`,
  ].join('');
}

/** A party balloon centred on its body, string trailing below. */
export function balloon(svg: Svg, rng: Rng, color: Rgb): string {
  const g = gloss(svg, color, 0.45, 0.55, 0.3, 0.85);
  const sway = range(rng, -12, 12);
  return [
    `<path d="M0 40C${n(-10 + sway)} 60 ${n(10 + sway)} 80 ${n(sway / 2)} 110" fill="none" stroke="${hex([120, 120, 125])}" stroke-width="1.2"/>`,
    `<path d="M0 34L-5 41H5Z" ${fill(darken(color, 0.2))}/>`,
    `<ellipse cx="0" cy="-4" rx="30" ry="37" ${fill(g)}/>`,
    `<ellipse cx="-12" cy="-20" rx="5" ry="9" transform="rotate(25 -12 -20)" ${fill([255, 255, 255], 0.6)}/>`,
  ].join('');
}

export function star5(color: Rgb): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 ? 21 : 50;
    pts.push(`${n(Math.cos(a) * r)} ${n(Math.sin(a) * r + 4)}`);
  }
  return `<path d="M${pts.join('L')}Z" ${fill(color)}/><path d="M0 -46L0 4L${n(Math.cos(-Math.PI / 2 + Math.PI / 5) * 21)} ${n(Math.sin(-Math.PI / 2 + Math.PI / 5) * 21 + 4)}Z" ${fill(lighten(color, 0.3))}/>`;
}

export function sparkle(color: Rgb): string {
  return `<path d="${sparklePath(0, 0, 50, 0.16)}" ${fill(color)}/><circle r="8" ${fill(lighten(color, 0.6))}/>`;
}

/** A flat sun with rays, for emblems where a glow cannot be used. */
export function sunBadge(color: Rgb): string {
  const rays: string[] = [];
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const p = (r: number, da: number) => `${n(Math.cos(a + da) * r)} ${n(Math.sin(a + da) * r)}`;
    rays.push(`M${p(34, -0.13)}L${p(50, 0)}L${p(34, 0.13)}Z`);
  }
  return `<path d="${rays.join('')}" ${fill(mix(color, [255, 150, 40], 0.3))}/><circle r="30" ${fill(color)}/><circle cx="-8" cy="-8" r="12" ${fill(lighten(color, 0.4))}/>`;
}

export function moonBadge(color: Rgb): string {
  return `<path transform="rotate(-20)" d="${crescentPath(46, 0.75)}" ${fill(color)}/>`;
}
