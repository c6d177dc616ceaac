// The words the library's search matches, cut the same way when a result is indexed and when someone
// searches (plain code: the index job, the query parser and their tests share it). Chinese has no
// spaces: Intl.Segmenter (Node's ICU) cuts it by dictionary, and every Han character is a word of its
// own too, so a one-character search is a lookup in the GIN index like any other.

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

const HAN = /\p{Script=Han}/u;
const HAN_CHARS = /\p{Script=Han}/gu;
export const hasHan = (text: string): boolean => HAN.test(text);

/** Irregular plurals prompts use; the rest go by the rules of `englishForms`. */
const IRREGULAR: Record<string, string> = {
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  leaves: 'leaf',
  wolves: 'wolf',
  knives: 'knife',
  wives: 'wife',
  lives: 'life',
  shelves: 'shelf',
  loaves: 'loaf',
  calves: 'calf',
  halves: 'half',
  scarves: 'scarf',
  thieves: 'thief',
  elves: 'elf',
  cacti: 'cactus',
  fungi: 'fungus',
};

/** Endings where a final s is not a plural (glass, bus, iris, cactus). */
const NOT_PLURAL = /(ss|us|is|ous)$/;

/**
 * A lower-cased English word and the singulars it may stand for: "balloons" → balloons, balloon;
 * "boxes" → boxes, boxe, box; "skies" → skies, sky, skie. Indexed and searched alike, so a
 * stray guess ("boxe") only ever meets itself; short words (gas, bus, yes) are left alone.
 */
export function englishForms(word: string): string[] {
  const irregular = IRREGULAR[word];
  if (irregular) return [word, irregular];
  if (word.length <= 3 || !/^[a-z]+$/.test(word) || !word.endsWith('s') || NOT_PLURAL.test(word)) return [word];
  if (word.endsWith('ies') && word.length > 4) return [word, `${word.slice(0, -3)}y`, word.slice(0, -1)];
  if (word.endsWith('es')) return [word, word.slice(0, -1), word.slice(0, -2)];
  return [word, word.slice(0, -1)];
}

/** NFKC (full-width letters and digits as plain ones), lower-cased, curly apostrophes straight. */
export const normalizeText = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");

/** A possessive's owner: "lighthouse's" → lighthouse, "dogs'" → dogs. */
const withoutPossessive = (word: string): string => word.replace(/'s$|(?<=s)'$/, '');

/** The word-like segments of a text, normalised, in order (no Han characters added, no English forms). */
export function segmentWords(text: string): string[] {
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(normalizeText(text))) {
    if (!isWordLike) continue;
    const word = withoutPossessive(segment);
    if (word) words.push(word);
  }
  return words;
}

/** The forms a segment is indexed and searched under: its English forms, or itself. */
export const wordForms = (word: string): string[] => (hasHan(word) ? [word] : englishForms(word));

/** Every Han character of a text, once. */
export const hanCharacters = (text: string): string[] => [...new Set(text.match(HAN_CHARS) ?? [])];

/**
 * The words a text is found by: each word-like segment (normalised, possessives dropped) with its
 * English forms, and each Han character on its own. Distinct, in order of first appearance.
 */
export function searchWordsOf(text: string): string[] {
  const words = new Set<string>();
  for (const word of segmentWords(text)) {
    for (const form of wordForms(word)) words.add(form);
    for (const han of hanCharacters(word)) words.add(han);
  }
  return [...words];
}

/** What an output is found by beyond its prompts: the model (whole and by its parts), the kind, the edit kind, the size. */
export interface IndexedOutput {
  prompt: string;
  revisedPrompt: string | null;
  model: string;
  kind: string;
  editKind?: string | null;
  size?: string | null;
}

/** The words stored for one output (GenerationOutput.searchWords), sorted. */
export function outputSearchWords(output: IndexedOutput): string[] {
  const model = normalizeText(output.model);
  const words = new Set([
    ...searchWordsOf(output.prompt),
    ...searchWordsOf(output.revisedPrompt ?? ''),
    model,
    ...model.split('-').filter(Boolean),
    ...searchWordsOf(output.model),
    output.kind,
    ...(output.editKind ? [output.editKind] : []),
    ...(output.size ? [normalizeText(output.size), ...searchWordsOf(output.size)] : []),
  ]);
  return [...words].sort();
}
