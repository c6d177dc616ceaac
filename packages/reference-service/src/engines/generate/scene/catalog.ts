import { mix } from '../../pixels/colors';
import type { Rgb } from '../../pixels/raw';
import { objectColor } from '../theme';
import { type Ctx, pick } from './context';
import { cat, dog, fish, songbird, butterfly } from './creatures';
import { broadleaf, flower, palm } from './flora';
import { balloon, boat, castle, heart, house } from './objects';

/** How a foreground subject is drawn: its unit drawing, how big it is, and where it belongs. */
export interface Drawn {
  body: string;
  /** Height as a fraction of the canvas's short side, in a full scene. */
  size: number;
  /** Width over height, for layout. */
  aspect: number;
  /** Stands on the ground (anchored bottom-centre) rather than floating (anchored at its centre). */
  grounded: boolean;
}

const FOREGROUND = ['castle', 'house', 'tree', 'cat', 'dog', 'flower', 'boat', 'fish', 'bird', 'butterfly', 'balloon', 'heart'] as const;

export const isForeground = (id: string): boolean => (FOREGROUND as readonly string[]).includes(id);

const CAT_COATS: Rgb[] = [
  [226, 140, 62],
  [130, 130, 142],
  [236, 222, 200],
  [58, 54, 64],
];
const BRIGHT: Rgb[] = [
  [232, 60, 80],
  [250, 200, 50],
  [70, 140, 230],
  [150, 90, 210],
  [250, 130, 60],
  [60, 190, 150],
];

/** Colour for the i-th copy of a subject: the prompt's colour, else a palette-led bright one. */
function varied(ctx: Ctx, id: string, i: number): Rgb {
  if (ctx.theme.bound[id]) return ctx.theme.bound[id];
  const accent = ctx.theme.accents[i % ctx.theme.accents.length];
  return ctx.theme.lit(mix(BRIGHT[(i + Math.floor(ctx.rng() * 6)) % BRIGHT.length], accent, 0.25));
}

export function drawSubject(ctx: Ctx, id: string, i = 0): Drawn | undefined {
  const { theme, rng, svg } = ctx;
  const beachy = ctx.spec.subjects.includes('beach') || ctx.spec.words.includes('palm') || ctx.spec.words.includes('tropical');
  switch (id) {
    case 'cat':
      return { body: cat(objectColor(theme, 'cat', pick(rng, CAT_COATS))), size: 0.32, aspect: 0.8, grounded: true };
    case 'dog':
      return { body: dog(objectColor(theme, 'dog', [192, 134, 80])), size: 0.32, aspect: 0.8, grounded: true };
    case 'house': {
      const lit = theme.dark > 0.3;
      const win: Rgb = lit ? [255, 212, 120] : theme.lit([160, 198, 230]);
      return { body: house(theme.lit([238, 222, 192]), objectColor(theme, 'house', [180, 72, 56]), win, rng() < 0.5), size: 0.26, aspect: 1.1, grounded: true };
    }
    case 'castle':
      return {
        body: castle(
          objectColor(theme, 'castle', [204, 194, 180]),
          theme.lit(
            pick(rng, [
              [70, 90, 170],
              [170, 60, 70],
              [60, 120, 110],
            ] as Rgb[]),
          ),
          theme.lit([220, 50, 60]),
        ),
        size: 0.42,
        aspect: 1.3,
        grounded: true,
      };
    case 'tree':
      return beachy
        ? { body: palm(rng, objectColor(theme, 'tree', [60, 150, 70]), theme.trunk), size: 0.5, aspect: 0.8, grounded: true }
        : { body: broadleaf(rng, objectColor(theme, 'tree', [70, 150, 72]), theme.trunk), size: 0.42, aspect: 0.8, grounded: true };
    case 'flower':
      return { body: flower(rng, varied(ctx, 'flower', i), theme.lit([70, 140, 60])), size: 0.26, aspect: 0.5, grounded: true };
    case 'boat':
      return { body: boat(objectColor(theme, 'boat', [170, 62, 52]), theme.lit([250, 246, 236])), size: 0.26, aspect: 1, grounded: true };
    case 'fish':
      return { body: fish(objectColor(theme, 'fish', [250, 130, 40])), size: 0.14, aspect: 1.9, grounded: false };
    case 'bird':
      return {
        body: songbird(
          objectColor(
            theme,
            'bird',
            pick(rng, [
              [70, 130, 205],
              [205, 70, 60],
              [240, 190, 60],
            ] as Rgb[]),
          ),
        ),
        size: 0.16,
        aspect: 1.3,
        grounded: false,
      };
    case 'butterfly':
      return { body: butterfly(varied(ctx, 'butterfly', i)), size: 0.13, aspect: 1.2, grounded: false };
    case 'balloon':
      return { body: balloon(svg, rng, varied(ctx, 'balloon', i)), size: 0.2, aspect: 0.45, grounded: false };
    case 'heart':
      return { body: heart(svg, objectColor(theme, 'heart', [228, 48, 82])), size: 0.22, aspect: 1.1, grounded: false };
    default:
      return undefined;
  }
}
