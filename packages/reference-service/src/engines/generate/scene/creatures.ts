import { darken, hex, lighten, mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { fill } from '../svg';

// Unit drawings, ~100 units tall. Grounded ones are anchored bottom-centre, flying ones centred.

const INK: Rgb = [30, 26, 32];

/** A sitting cat, front view. */
export function cat(body: Rgb, eyes: Rgb = [178, 206, 70]): string {
  const belly = lighten(body, 0.45);
  const dark = darken(body, 0.3);
  const pink: Rgb = [236, 150, 160];
  return [
    `<path d="M22 -6C50 -4 56 -30 40 -46" fill="none" stroke="${hex(dark)}" stroke-width="9" stroke-linecap="round"/>`,
    `<path d="M-28 0C-35 -26 -24 -54 0 -56C24 -54 35 -26 28 0Z" ${fill(body)}/>`,
    `<path d="M14 -50C26 -40 30 -20 28 0L18 0C22 -18 20 -36 14 -50Z" ${fill(dark, 0.45)}/>`,
    `<ellipse cx="0" cy="-24" rx="12" ry="19" ${fill(belly)}/>`,
    `<ellipse cx="-10" cy="-3" rx="8" ry="5" ${fill(belly)}/><ellipse cx="10" cy="-3" rx="8" ry="5" ${fill(belly)}/>`,
    `<path d="M-19 -72L-17 -99L-2 -84Z" ${fill(body)}/><path d="M19 -72L17 -99L2 -84Z" ${fill(body)}/>`,
    `<path d="M-16 -79L-15 -93L-7 -85Z" ${fill(pink)}/><path d="M16 -79L15 -93L7 -85Z" ${fill(pink)}/>`,
    `<ellipse cx="0" cy="-67" rx="23" ry="19" ${fill(body)}/>`,
    `<path d="M-6 -84Q0 -80 6 -84M-4 -79Q0 -76 4 -79" fill="none" stroke="${hex(dark)}" stroke-width="1.6" stroke-linecap="round"/>`,
    `<ellipse cx="0" cy="-59" rx="10" ry="6" ${fill(belly)}/>`,
    `<ellipse cx="-8.5" cy="-69" rx="4" ry="4.8" ${fill(eyes)}/><ellipse cx="8.5" cy="-69" rx="4" ry="4.8" ${fill(eyes)}/>`,
    `<ellipse cx="-8.5" cy="-69" rx="1.5" ry="4" ${fill(INK)}/><ellipse cx="8.5" cy="-69" rx="1.5" ry="4" ${fill(INK)}/>`,
    `<circle cx="-7.3" cy="-70.6" r="1.1" fill="#fff"/><circle cx="9.7" cy="-70.6" r="1.1" fill="#fff"/>`,
    `<path d="M-2.6 -62.5H2.6L0 -59.8Z" ${fill(pink)}/>`,
    `<path d="M0 -59.8Q-2.5 -56.5 -5.5 -57.8M0 -59.8Q2.5 -56.5 5.5 -57.8" fill="none" stroke="${hex(INK)}" stroke-width="0.9" stroke-linecap="round"/>`,
    `<path d="M-10 -61L-30 -64M-10 -59L-29 -57M10 -61L30 -64M10 -59L29 -57" stroke="${hex(lighten(body, 0.7))}" stroke-width="0.7"/>`,
  ].join('');
}

/** A sitting dog with floppy ears, front view. */
export function dog(body: Rgb): string {
  const light = lighten(body, 0.5);
  const ear = darken(body, 0.35);
  return [
    `<path d="M24 -8C40 -10 46 -24 44 -36" fill="none" stroke="${hex(body)}" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="M-30 0C-36 -28 -24 -56 0 -58C24 -56 36 -28 30 0Z" ${fill(body)}/>`,
    `<ellipse cx="0" cy="-26" rx="13" ry="20" ${fill(light)}/>`,
    `<ellipse cx="-12" cy="-3" rx="9" ry="5.5" ${fill(light)}/><ellipse cx="12" cy="-3" rx="9" ry="5.5" ${fill(light)}/>`,
    `<ellipse cx="0" cy="-70" rx="22" ry="21" ${fill(body)}/>`,
    `<path d="M-18 -84C-32 -84 -34 -62 -26 -52C-20 -56 -18 -70 -14 -80Z" ${fill(ear)}/>`,
    `<path d="M18 -84C32 -84 34 -62 26 -52C20 -56 18 -70 14 -80Z" ${fill(ear)}/>`,
    `<ellipse cx="0" cy="-60" rx="12" ry="9" ${fill(light)}/>`,
    `<ellipse cx="0" cy="-64" rx="4.5" ry="3.2" ${fill(INK)}/>`,
    `<path d="M0 -61V-57M-5 -55Q0 -52 5 -55" fill="none" stroke="${hex(INK)}" stroke-width="1.2" stroke-linecap="round"/>`,
    `<path d="M-3 -54.5Q0 -47 3 -54.5Z" ${fill([230, 100, 110])}/>`,
    `<circle cx="-8" cy="-73" r="3.2" ${fill(INK)}/><circle cx="8" cy="-73" r="3.2" ${fill(INK)}/>`,
    `<circle cx="-7" cy="-74.2" r="1" fill="#fff"/><circle cx="9" cy="-74.2" r="1" fill="#fff"/>`,
  ].join('');
}

/** A plump little bird, for close-ups, stickers and "add a bird" edits. Centred. */
export function songbird(body: Rgb): string {
  const belly = lighten(body, 0.55);
  const wing = darken(body, 0.25);
  return [
    `<path d="M-30 2L-52 -8L-46 8Z" ${fill(wing)}/>`,
    `<ellipse cx="0" cy="4" rx="32" ry="27" ${fill(body)}/>`,
    `<ellipse cx="6" cy="14" rx="20" ry="14" ${fill(belly)}/>`,
    `<path d="M-20 -2C-8 -12 8 -6 10 8C0 18 -16 14 -24 6Z" ${fill(wing)}/>`,
    `<circle cx="22" cy="-14" r="16" ${fill(body)}/>`,
    `<path d="M36 -16L48 -12L36 -8Z" ${fill([245, 170, 50])}/>`,
    `<circle cx="27" cy="-17" r="3" ${fill(INK)}/><circle cx="28" cy="-18" r="1" fill="#fff"/>`,
    `<path d="M-2 30V38M8 30V38" stroke="${hex([200, 130, 60])}" stroke-width="2.2" stroke-linecap="round"/>`,
  ].join('');
}

/** A gliding gull silhouette: a flock of these reads as "birds" at any size. Centred. */
export function gull(color: Rgb): string {
  return `<path d="M-50 0Q-25 -26 0 0Q25 -26 50 0Q25 -12 0 8Q-25 -12 -50 0Z" ${fill(color)}/>`;
}

export function fish(body: Rgb): string {
  const fin = darken(body, 0.2);
  return [
    `<path d="M-30 0L-52 -20Q-46 0 -52 20Z" ${fill(fin)}/>`,
    `<path d="M-36 0C-20 -28 22 -30 44 0C22 30 -20 28 -36 0Z" ${fill(body)}/>`,
    `<path d="M-4 -20Q8 -36 20 -18Z" ${fill(fin)}/>`,
    `<path d="M6 -22C0 -8 0 8 6 22" fill="none" stroke="${hex(lighten(body, 0.3))}" stroke-width="3"/>`,
    `<path d="M-20 8C-6 20 20 18 36 6" fill="none" stroke="${hex(lighten(body, 0.45))}" stroke-width="4" stroke-linecap="round"/>`,
    `<circle cx="28" cy="-6" r="5" fill="#fff"/><circle cx="29" cy="-6" r="2.6" ${fill(INK)}/>`,
  ].join('');
}

export function butterfly(wing: Rgb): string {
  const edge = darken(wing, 0.4);
  const spot = lighten(wing, 0.6);
  const side = (s: number) =>
    [
      `<path d="M0 -4C${s * 18} -48 ${s * 58} -44 ${s * 46} -10C${s * 40} 0 ${s * 16} 2 0 0Z" ${fill(edge)}/>`,
      `<path d="M0 -4C${s * 18} -42 ${s * 52} -40 ${s * 41} -11C${s * 36} -3 ${s * 16} -1 0 -2Z" ${fill(wing)}/>`,
      `<path d="M0 2C${s * 24} 4 ${s * 40} 16 ${s * 30} 34C${s * 20} 42 ${s * 6} 26 0 6Z" ${fill(edge)}/>`,
      `<path d="M0 3C${s * 22} 6 ${s * 36} 16 ${s * 27} 31C${s * 19} 37 ${s * 7} 24 0 7Z" ${fill(mix(wing, edge, 0.25))}/>`,
      `<circle cx="${s * 32}" cy="-24" r="5" ${fill(spot)}/><circle cx="${s * 18}" cy="20" r="3.5" ${fill(spot)}/>`,
    ].join('');
  return [
    side(-1),
    side(1),
    `<ellipse cx="0" cy="2" rx="3.2" ry="20" ${fill(INK)}/>`,
    `<path d="M-1 -16Q-6 -32 -12 -36M1 -16Q6 -32 12 -36" fill="none" stroke="${hex(INK)}" stroke-width="1.4"/>`,
  ].join('');
}
