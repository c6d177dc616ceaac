import { luma, mix } from '../../pixels/colors';
import type { PromptSpec } from '../prompt';
import type { Rgb } from '../../pixels/raw';
import { type Theme, buildTheme } from '../theme';

export const RICE_PAPER: Rgb = [240, 232, 212];
const INK: Rgb = [28, 27, 30];
/** A vermilion seal red: the traditional single accent when the prompt names no colour. */
const VERMILION: Rgb = [196, 52, 38];

const grey = (c: Rgb, lift = 0): Rgb => {
  const l = Math.min(1, luma(c) / 255 + lift);
  return mix(INK, RICE_PAPER, l);
};

/**
 * The scene's layout repainted for ink wash: sky left as bare paper, land and objects in ink greys
 * by their original brightness, and one accent colour (the prompt's first colour) on the elements
 * an ink painter would colour: sun, blossoms, hearts, balloons and anything the prompt coloured.
 */
export function inkTheme(spec: PromptSpec): { theme: Theme; accent: Rgb } {
  const base = buildTheme(spec);
  const accent = spec.colors.find((c) => luma(c) > 30 && luma(c) < 235) ?? VERMILION;
  const night = spec.time === 'night';
  const bound: Record<string, Rgb> = {};
  for (const id of ['sun', 'flower', 'heart', 'balloon', 'butterfly', 'fish', ...Object.keys(base.bound)]) bound[id] = accent;
  const lit = (c: Rgb): Rgb => grey(c, 0.1);
  // A colour named for the sky, or for nothing in particular, becomes a light wash across the top.
  const boundColors = Object.values(spec.subjectColors ?? {});
  const washed = spec.subjectColors?.cloud !== undefined || spec.colors.some((c) => !boundColors.includes(c));
  const day: [Rgb, Rgb, Rgb] = washed ? [mix(RICE_PAPER, accent, 0.5), mix(RICE_PAPER, accent, 0.25), RICE_PAPER] : [RICE_PAPER, RICE_PAPER, RICE_PAPER];
  return {
    accent,
    theme: {
      ...base,
      sky: night ? [mix(INK, RICE_PAPER, 0.45), mix(INK, RICE_PAPER, 0.7), mix(INK, RICE_PAPER, 0.85)] : day,
      sun: accent,
      sunGlow: RICE_PAPER,
      moon: RICE_PAPER,
      star: RICE_PAPER,
      cloud: RICE_PAPER,
      cloudShade: mix(INK, RICE_PAPER, 0.8),
      haze: RICE_PAPER,
      mountain: mix(INK, RICE_PAPER, 0.25),
      snow: RICE_PAPER,
      water: mix(INK, RICE_PAPER, 0.85),
      waterDeep: mix(INK, RICE_PAPER, 0.6),
      ground: mix(INK, RICE_PAPER, 0.78),
      groundFar: mix(INK, RICE_PAPER, 0.88),
      sand: mix(INK, RICE_PAPER, 0.86),
      foliage: mix(INK, RICE_PAPER, 0.3),
      trunk: mix(INK, RICE_PAPER, 0.2),
      building: mix(INK, RICE_PAPER, 0.4),
      windows: [RICE_PAPER],
      accents: [accent, grey(base.accents[1]), grey(base.accents[2]), accent, grey(base.accents[4])],
      bound,
      lit,
    },
  };
}
