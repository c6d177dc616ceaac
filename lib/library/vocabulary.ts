import { readFileSync } from 'node:fs';
import path from 'node:path';
import { segmentWords } from './search-words';

// The bilingual vocabulary of the library's search (vocabulary.zh-en.tsv: one concept a line, Chinese
// words, a tab, English words, synonyms split by "/"). A word or phrase of a search found on a line
// brings every other word of that line with it, so 灯塔 finds "lighthouse" and back.

export interface VocabularyLine {
  zh: string[];
  en: string[];
}

/** The file's lines, as written (comments and blank lines left out). */
export function readVocabulary(
  text = readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), 'lib', 'library', 'vocabulary.zh-en.tsv'), 'utf8'),
): VocabularyLine[] {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [zh = '', en = ''] = line.split('\t');
      const side = (words: string) => words.split('/').map((word) => word.trim());
      return { zh: side(zh), en: side(en) };
    });
}

/** A word or phrase as the search sees it: its segments, joined by one space (日落 → "日 落"). */
export const phraseKey = (words: readonly string[]): string => words.join(' ');

export interface Vocabulary {
  /** For a phrase key: the lines' words, each as its segments (["hot", "air", "balloon"], ["热", "气球"]). */
  expansions: Map<string, string[][]>;
  /** The most segments any entry has: how far ahead the parser looks for a phrase. */
  longest: number;
}

/**
 * The vocabulary as the parser looks it up: every entry keys the words of its line (entries are
 * singular; the parser looks a plural up by its singular forms).
 */
export function buildVocabulary(lines: VocabularyLine[]): Vocabulary {
  const expansions = new Map<string, string[][]>();
  let longest = 1;
  for (const line of lines) {
    const entries = [...line.zh, ...line.en].map((entry) => segmentWords(entry)).filter((words) => words.length > 0);
    for (const words of entries) {
      longest = Math.max(longest, words.length);
      const key = phraseKey(words);
      expansions.set(key, [...(expansions.get(key) ?? []), ...entries]);
    }
  }
  return { expansions, longest };
}

let loaded: Vocabulary | undefined;
/** The vocabulary file, read once per process. */
export const vocabulary = (): Vocabulary => (loaded ??= buildVocabulary(readVocabulary()));
