import { colorDistance, darken, lighten, mix, saturate } from '../pixels/colors';
import type { PromptSpec } from './prompt';
import type { Rgb } from '../pixels/raw';

/** Every colour a scene painter needs, already lit for the time of day and shifted for the mood. */
export interface Theme {
  sky: [Rgb, Rgb, Rgb]; // zenith, middle, horizon
  sun: Rgb;
  sunGlow: Rgb;
  moon: Rgb;
  star: Rgb;
  cloud: Rgb;
  cloudShade: Rgb;
  haze: Rgb;
  mountain: Rgb;
  snow: Rgb;
  water: Rgb;
  waterDeep: Rgb;
  ground: Rgb;
  groundFar: Rgb;
  sand: Rgb;
  foliage: Rgb;
  trunk: Rgb;
  building: Rgb;
  windows: Rgb[];
  accents: Rgb[];
  /** 0 in daylight, 1 at night: painters use it to decide what glows. */
  dark: number;
  /** Colour per subject id when the prompt named one ("red cat"). */
  bound: Record<string, Rgb>;
  /** Applies this scene's light and mood to a surface colour. */
  lit: (c: Rgb) => Rgb;
}

// Zenith, middle and horizon, a row a time of day (prettier would give every colour a line of its own).
// prettier-ignore
const SKIES: Record<PromptSpec['time'], [Rgb, Rgb, Rgb]> = {
  day: [[58, 122, 210], [118, 176, 232], [212, 232, 246]],
  dusk: [[40, 40, 100], [190, 84, 112], [252, 172, 92]],
  dawn: [[84, 106, 170], [232, 158, 170], [255, 216, 176]],
  night: [[5, 9, 28], [14, 26, 68], [38, 58, 108]],
};

/** How the light of each time of day falls on lit (non-emissive) surfaces. */
function lightFor(time: PromptSpec['time']): (c: Rgb) => Rgb {
  switch (time) {
    case 'dusk':
      return (c) => darken(mix(c, [255, 130, 90], 0.18), 0.18);
    case 'dawn':
      return (c) => mix(c, [250, 170, 170], 0.14);
    case 'night':
      return (c) => mix(darken(c, 0.62), [22, 32, 78], 0.3);
    default:
      return (c) => c;
  }
}

function moodFor(mood: PromptSpec['mood'], rain: boolean): (c: Rgb) => Rgb {
  const base = ((): ((c: Rgb) => Rgb) => {
    switch (mood) {
      case 'pastel':
        return (c) => lighten(saturate(c, -0.2), 0.35);
      case 'dark':
        return (c) => darken(saturate(c, -0.3), 0.4);
      case 'warm':
        return (c) => mix(c, [240, 150, 70], 0.16);
      case 'cool':
        return (c) => mix(c, [90, 150, 225], 0.14);
      case 'neon':
        return (c) => saturate(c, 0.35);
      default:
        return (c) => c;
    }
  })();
  return rain ? (c) => darken(saturate(base(c), -0.55), 0.15) : base;
}

export function buildTheme(spec: PromptSpec): Theme {
  const rain = spec.subjects.includes('rain');
  const light = lightFor(spec.time);
  const moody = moodFor(spec.mood, rain);
  const lit = (c: Rgb): Rgb => moody(light(c));
  const bound = spec.subjectColors ?? {};
  const boundSet = Object.values(bound);
  // Colours the prompt names but does not attach to a subject colour the whole scene.
  const free = spec.colors.filter((c) => !boundSet.some((b) => colorDistance(b, c) === 0));
  const skyTint = free[0];
  const landTint = free[1] ?? free[0];

  let sky = SKIES[spec.time].map((c) => moody(c)) as [Rgb, Rgb, Rgb];
  if (spec.mood === 'neon')
    sky = [
      [16, 6, 44],
      [88, 22, 112],
      [236, 64, 150],
    ];
  const skyBound = bound.cloud;
  const skyColor = skyBound ?? skyTint;
  if (skyColor) {
    // Keep the sky's brightness ramp but move its hue towards the named colour.
    const k = skyBound ? 0.6 : 0.45;
    sky = sky.map((c, i) => mix(c, mix(skyColor, c, i * 0.2), k)) as [Rgb, Rgb, Rgb];
  }
  const tintLand = (c: Rgb, id?: string): Rgb => {
    const b = id ? bound[id] : undefined;
    if (b) return lit(mix(c, b, 0.75));
    return lit(landTint ? mix(c, landTint, 0.4) : c);
  };

  const isNight = spec.time === 'night';
  const water = tintLand(spec.mood === 'neon' ? [40, 30, 90] : [36, 110, 160], spec.subjects.includes('sea') ? 'sea' : 'lake');
  const accents = spec.palette.map((c) => lit(saturate(c, 0.1)));
  return {
    sky,
    sun: bound.sun ?? (spec.time === 'day' ? [255, 246, 214] : spec.time === 'dawn' ? [255, 222, 170] : [255, 196, 110]),
    sunGlow: spec.time === 'day' ? [255, 244, 200] : [255, 150, 80],
    moon: bound.moon ?? [242, 238, 218],
    star: [255, 250, 232],
    cloud: moody(spec.time === 'day' ? [250, 251, 255] : spec.time === 'night' ? [70, 82, 120] : mix(sky[2], [255, 240, 235], 0.5)),
    cloudShade: moody(spec.time === 'day' ? [196, 210, 232] : spec.time === 'night' ? [36, 44, 80] : mix(sky[1], [120, 80, 130], 0.3)),
    haze: mix(sky[2], sky[1], 0.25),
    mountain: tintLand(spec.subjects.includes('snow') ? [110, 124, 160] : [88, 98, 130], 'mountain'),
    snow: lit([242, 246, 252]),
    water,
    waterDeep: darken(water, 0.45),
    ground: tintLand([92, 158, 70], 'meadow'),
    groundFar: tintLand([130, 176, 96], 'meadow'),
    sand: tintLand([232, 196, 136], spec.subjects.includes('desert') ? 'desert' : 'beach'),
    foliage: tintLand([46, 112, 64], 'forest'),
    trunk: lit([104, 70, 48]),
    building: tintLand(isNight ? [40, 46, 72] : [96, 108, 138], 'city'),
    windows:
      spec.mood === 'neon'
        ? [
            [255, 60, 200],
            [60, 230, 255],
            [255, 210, 90],
          ]
        : isNight || spec.time === 'dusk'
          ? [
              [255, 214, 120],
              [255, 190, 96],
              [250, 236, 180],
            ]
          : [
              [170, 200, 230],
              [200, 220, 240],
            ],
    accents,
    dark: isNight ? 1 : spec.time === 'dusk' ? 0.4 : spec.time === 'dawn' ? 0.2 : 0,
    bound: Object.fromEntries(Object.entries(bound).map(([k, v]) => [k, lit(v)])),
    lit,
  };
}

/** The colour the prompt gave a subject ("red cat"), else its natural colour under this scene's light. */
export function objectColor(theme: Theme, id: string, natural: Rgb): Rgb {
  return theme.bound[id] ?? theme.lit(natural);
}
