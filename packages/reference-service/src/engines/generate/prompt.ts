import { NAMED_COLORS, colorDistance, darken, lighten, mix, saturate } from '../pixels/colors';
import { EN_SHADES, EN_WORDS, ZH_SHADES, ZH_WORDS } from './lexicon';
import type { Rgb } from '../pixels/raw';

export type TimeOfDay = 'day' | 'dusk' | 'dawn' | 'night';
export type Mood = 'neutral' | 'neon' | 'pastel' | 'dark' | 'warm' | 'cool';

export interface PromptSpec {
  /** Colours named in the prompt, in order of appearance (empty if none). */
  colors: Rgb[];
  /** Five scene colours: named colours first, then ones derived from time of day / mood / subjects. */
  palette: Rgb[];
  time: TimeOfDay;
  /** Canonical English subject ids, in order of first appearance. */
  subjects: string[];
  mood: Mood;
  wantsTransparency: boolean;
  /** Lower-cased tokens (Han runs are kept whole: Chinese has no word boundaries). */
  words: string[];
  /** Names of the colours in `colors` (e.g. 'red'), same order. */
  colorNames: string[];
  /** Colours bound to the subject they qualify ("red cat", "白色的小猫"); unbound colours tint the scene. */
  subjectColors: Record<string, Rgb>;
}

interface Hit {
  pos: number;
  tags: string;
  shade: number;
}

// Analysis is linear, but a bound keeps the worst case flat whatever a caller sends.
const MAX_SCAN = 100_000;
const BIND_DISTANCE = 10;
const HAN = /^\p{Script=Han}/u;
const TOKEN = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}\p{M}])+/gu;

const ZH_BY_FIRST = new Map<string, string[]>();
for (const key of Object.keys(ZH_WORDS).sort((a, b) => b.length - a.length)) {
  const list = ZH_BY_FIRST.get(key[0]) ?? [];
  list.push(key);
  ZH_BY_FIRST.set(key[0], list);
}

function lookupEnglish(token: string): string | undefined {
  if (Object.hasOwn(EN_WORDS, token)) return EN_WORDS[token];
  if (token.length < 4) return undefined;
  if (token.endsWith('ies')) {
    const y = `${token.slice(0, -3)}y`;
    if (Object.hasOwn(EN_WORDS, y)) return EN_WORDS[y];
  }
  if (token.endsWith('es') && Object.hasOwn(EN_WORDS, token.slice(0, -2))) return EN_WORDS[token.slice(0, -2)];
  if (token.endsWith('s') && Object.hasOwn(EN_WORDS, token.slice(0, -1))) return EN_WORDS[token.slice(0, -1)];
  return undefined;
}

function scanHan(run: string, offset: number, hits: Hit[]): void {
  for (let i = 0; i < run.length;) {
    const key = ZH_BY_FIRST.get(run[i])?.find((k) => run.startsWith(k, i));
    if (!key) {
      i++;
      continue;
    }
    const prev = run[i - 1];
    const shade = prev !== undefined && Object.hasOwn(ZH_SHADES, prev) ? ZH_SHADES[prev] : 0;
    hits.push({ pos: offset + i, tags: ZH_WORDS[key], shade });
    i += key.length;
  }
}

function collectHits(text: string, words: string[]): Hit[] {
  const hits: Hit[] = [];
  let pendingShade = 0;
  let prevWord = '';
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0];
    words.push(token);
    if (HAN.test(token)) {
      scanHan(token, m.index ?? 0, hits);
      pendingShade = 0;
      continue;
    }
    const tags = lookupEnglish(token);
    if (tags) hits.push({ pos: m.index ?? 0, tags, shade: tags.startsWith('c:') ? pendingShade : 0 });
    else if (token === 'background' && (prevWord === 'no' || prevWord === 'without')) {
      hits.push({ pos: m.index ?? 0, tags: 'x', shade: 0 });
    }
    pendingShade = Object.hasOwn(EN_SHADES, token) ? EN_SHADES[token] : 0;
    prevWord = token;
  }
  return hits;
}

function shadeColor(c: Rgb, shade: number): Rgb {
  return shade > 0 ? lighten(c, shade) : shade < 0 ? darken(c, -shade) : c;
}

// The colour tables keep a row a key (prettier would give every colour a line of its own).
// prettier-ignore
const TIME_COLORS: Record<TimeOfDay, Rgb[]> = {
  day: [[110, 170, 230], [250, 236, 190]],
  dusk: [[245, 140, 70], [120, 60, 130]],
  dawn: [[248, 180, 160], [150, 160, 215]],
  night: [[24, 34, 82], [225, 220, 175]],
};
// prettier-ignore
const MOOD_COLORS: Record<Mood, Rgb[]> = {
  neutral: [],
  neon: [[255, 45, 180], [40, 225, 255]],
  pastel: [[250, 200, 222], [190, 222, 250]],
  dark: [[42, 36, 58], [95, 30, 45]],
  warm: [[230, 140, 60], [190, 80, 50]],
  cool: [[110, 170, 225], [200, 230, 245]],
};
const SUBJECT_COLORS: Record<string, Rgb> = {
  sea: [30, 105, 165],
  beach: [238, 218, 170],
  lake: [60, 130, 170],
  mountain: [92, 100, 135],
  forest: [38, 105, 60],
  tree: [60, 140, 70],
  city: [70, 80, 112],
  desert: [225, 178, 108],
  snow: [232, 240, 250],
  flower: [240, 110, 150],
  meadow: [110, 178, 80],
  cat: [225, 140, 60],
  heart: [225, 50, 80],
  balloon: [235, 70, 90],
  castle: [180, 170, 160],
  house: [190, 90, 70],
  boat: [240, 240, 235],
  rainbow: [250, 200, 60],
  butterfly: [250, 160, 40],
  fish: [250, 130, 40],
  dog: [185, 130, 80],
  bird: [60, 70, 90],
  cloud: [240, 242, 248],
  rain: [110, 120, 135],
};
// prettier-ignore
const FALLBACK: Rgb[] = [[70, 110, 170], [235, 160, 110], [120, 170, 150], [240, 215, 170], [90, 70, 120]];

function moodAdjust(c: Rgb, mood: Mood): Rgb {
  switch (mood) {
    case 'pastel':
      return lighten(saturate(c, -0.25), 0.45);
    case 'neon':
      return saturate(c, 0.5);
    case 'dark':
      return darken(c, 0.45);
    case 'warm':
      return mix(c, [235, 150, 70], 0.2);
    case 'cool':
      return mix(c, [90, 150, 220], 0.2);
    default:
      return c;
  }
}

function buildPalette(colors: Rgb[], time: TimeOfDay, mood: Mood, subjects: string[]): Rgb[] {
  const derived = [...MOOD_COLORS[mood], ...subjects.flatMap((s) => (SUBJECT_COLORS[s] ? [SUBJECT_COLORS[s]] : [])), ...TIME_COLORS[time]].map((c) =>
    moodAdjust(c, mood),
  );
  const palette: Rgb[] = [];
  for (const c of [...colors, ...derived, ...FALLBACK.map((f) => moodAdjust(f, mood))]) {
    if (palette.length === 5) break;
    if (palette.every((p) => colorDistance(p, c) > 40)) palette.push(c);
  }
  // Every candidate can be near-duplicate (e.g. five shades of red named); pad rather than return short.
  while (palette.length < 5) palette.push(mix(palette[palette.length - 1], FALLBACK[palette.length], 0.5));
  return palette;
}

export function analyzePrompt(prompt: string): PromptSpec {
  const text = (typeof prompt === 'string' ? prompt : String(prompt ?? '')).slice(0, MAX_SCAN).toLowerCase();
  const words: string[] = [];
  const hits = collectHits(text, words);

  const colors: Rgb[] = [];
  const colorNames: string[] = [];
  const subjects: string[] = [];
  let strongTime: TimeOfDay | undefined;
  let weakTime: TimeOfDay | undefined;
  let mood: Mood | undefined;
  let wantsTransparency = false;
  const subjectColors: Record<string, Rgb> = {};
  let pending: { color: Rgb; pos: number } | undefined;

  for (const hit of hits.sort((a, b) => a.pos - b.pos)) {
    for (const tag of hit.tags.split(' ')) {
      const [kind, value] = tag.split(':');
      if (kind === 'c' && NAMED_COLORS[value]) {
        const c = shadeColor(NAMED_COLORS[value], hit.shade);
        pending = { color: c, pos: hit.pos };
        if (colors.length < 8 && colors.every((p) => colorDistance(p, c) > 12)) {
          colors.push(c);
          colorNames.push(value);
        }
      } else if (kind === 's') {
        // "red cat" / "红色的小猫": a colour just before a subject describes that subject.
        if (pending && hit.pos - pending.pos <= BIND_DISTANCE && !subjectColors[value]) subjectColors[value] = pending.color;
        pending = undefined;
        if (!subjects.includes(value)) subjects.push(value);
      } else if (kind === 't') strongTime ??= value as TimeOfDay;
      else if (kind === 't?') weakTime ??= value as TimeOfDay;
      else if (kind === 'm') mood ??= value as Mood;
      else if (kind === 'x') wantsTransparency = true;
    }
  }

  const finalMood: Mood = mood ?? 'neutral';
  const time: TimeOfDay = strongTime ?? weakTime ?? (finalMood === 'neon' ? 'night' : 'day');
  return {
    colors,
    palette: buildPalette(colors, time, finalMood, subjects),
    time,
    subjects,
    mood: finalMood,
    wantsTransparency,
    words,
    colorNames,
    subjectColors,
  };
}
