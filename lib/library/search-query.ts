import { englishForms, hanCharacters, hasHan, segmentWords, wordForms } from './search-words';
import { phraseKey, vocabulary, type Vocabulary } from './vocabulary';

// A library search as typed, read into terms (plain code, unit-tested): every word must match, in
// any order; "an exact phrase" in quotes must appear as written; -word excludes. Each word stands
// for its alternatives: its English forms and, through the bilingual vocabulary, the other words of
// its line (灯塔 → lighthouse, lighthouses → lighthouse → 灯塔); a phrase of the vocabulary (日落,
// hot air balloon) is one term.

/** One way a term matches: every word among the stored ones, and the Han text (if any) as written. */
export interface Alternative {
  words: string[];
  /** Han words are stored by character too; their text is then checked in the prompt itself. */
  han?: string;
}

export interface SearchTerm {
  /** The word or phrase as read from the search (normalised). */
  typed: string;
  alternatives: Alternative[];
  /** A single Latin word of 4+ letters the vocabulary does not know: if nothing has it, close spellings may stand in (search-where.ts). */
  mayBeMisspelt: boolean;
}

export interface ParsedSearch {
  terms: SearchTerm[];
  excluded: SearchTerm[];
  /** Lower-cased, matched as a substring of the prompts. */
  phrases: string[];
}

/**
 * Words that carry nothing on their own in a search of several words ("a lighthouse at dusk" is a
 * lighthouse and dusk, in a Chinese prompt too); searched for alone, they are words like any other.
 */
const STOP_WORDS = new Set('a an the of at in on by with and or to for from into over under is are 的 了 和 与 在'.split(' '));

/** Quotes open a phrase: straight, curly and corner ones; a quote left open runs to the end. */
const QUOTED = /"([^"]*)(?:"|$)|“([^”]*)(?:”|$)|「([^」]*)(?:」|$)/g;

/** How one word (its forms, and every line of the vocabulary they name) is matched. */
function alternativeOf(words: string[]): Alternative {
  const text = words.join('');
  if (!hasHan(text)) return { words };
  const chars = hanCharacters(text);
  // One character is a stored word; a longer Han text is its characters, then the text itself.
  return chars.length === 1 && text.length === 1 ? { words: chars } : { words: [...new Set([...words.filter((w) => !hasHan(w)), ...chars])], han: text };
}

const altKey = (alt: Alternative) => `${alt.words.join(' ')}|${alt.han ?? ''}`;

function term(typed: string, own: string[][], vocab: Vocabulary, keys: string[]): SearchTerm {
  const alternatives = new Map<string, Alternative>();
  const lines = keys.flatMap((key) => vocab.expansions.get(key) ?? []);
  for (const words of [...own, ...lines]) {
    const alt = alternativeOf(words);
    alternatives.set(altKey(alt), alt);
  }
  // A word of the vocabulary is spelt right, whether or not this team has used it.
  return { typed, alternatives: [...alternatives.values()], mayBeMisspelt: lines.length === 0 && /^[a-z]{4,}$/.test(typed) };
}

/** The phrase of the vocabulary starting at `at` (the longest; its last word in any English form), or null. */
function vocabularyPhrase(words: string[], at: number, vocab: Vocabulary): { length: number; keys: string[] } | null {
  for (let length = Math.min(vocab.longest, words.length - at); length >= 2; length--) {
    const head = words.slice(at, at + length - 1);
    const keys = englishForms(words[at + length - 1]).map((last) => phraseKey([...head, last]));
    if (keys.some((key) => vocab.expansions.has(key))) return { length, keys };
  }
  return null;
}

/** The terms of a run of words: vocabulary phrases first (longest wins), else word by word. */
export function termsOf(words: string[], vocab: Vocabulary = vocabulary()): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (let at = 0; at < words.length;) {
    const phrase = vocabularyPhrase(words, at, vocab);
    if (phrase) {
      const typed = words.slice(at, at + phrase.length);
      terms.push(term(phraseKey(typed), [typed], vocab, phrase.keys));
      at += phrase.length;
    } else {
      const forms = wordForms(words[at]);
      terms.push(
        term(
          words[at],
          forms.map((form) => [form]),
          vocab,
          forms,
        ),
      );
      at += 1;
    }
  }
  return terms;
}

/** Stop words go when other terms remain (after phrases are read: "black and white" is one). */
const meaningful = (terms: SearchTerm[]) => {
  const kept = terms.filter((t) => !STOP_WORDS.has(t.typed));
  return kept.length > 0 ? kept : terms;
};

/** Reads a search (as the query schema leaves it: no control characters, at most 200 characters). */
export function parseSearch(q: string, vocab: Vocabulary = vocabulary()): ParsedSearch {
  const phrases: string[] = [];
  const rest = q.replace(QUOTED, (_match, ...groups: Array<string | undefined>) => {
    const phrase = (groups[0] ?? groups[1] ?? groups[2] ?? '').trim().toLowerCase();
    if (phrase) phrases.push(phrase);
    return ' ';
  });
  const included: string[] = [];
  const excluded: SearchTerm[] = [];
  for (const chunk of rest.split(/\s+/).filter(Boolean)) {
    if (chunk.startsWith('-')) excluded.push(...termsOf(segmentWords(chunk.slice(1)), vocab));
    else included.push(...segmentWords(chunk));
  }
  const terms = meaningful(termsOf(included, vocab));
  // Nothing but signs ("%", "_", "100%" less its number): the old substring match, as typed.
  if (terms.length === 0 && excluded.length === 0 && phrases.length === 0 && q.trim()) phrases.push(q.trim().toLowerCase());
  return { terms, excluded, phrases };
}

/** Whether a search has anything to match. */
export const isEmptySearch = (search: ParsedSearch): boolean => search.terms.length + search.excluded.length + search.phrases.length === 0;
