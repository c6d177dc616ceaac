// Plain text rules of the library's tags (no server code: the item page's suggestions and the tests
// read them): how a name is compared, and which words of a prompt are worth offering as tags.

/** A tag's name as compared: trimmed, runs of spaces as one, lower-cased (one tag per key in a team). */
export const tagKey = (name: string): string => tidyTagName(name).toLowerCase();

/** A tag's name as stored and shown: trimmed, runs of spaces as one. */
export const tidyTagName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/**
 * Words that name nothing one would file a picture under: articles, pronouns, prepositions, the
 * verbs and qualifiers prompts are full of, and the words of picture-making itself.
 */
const STOP = new Set(
  (
    'the a an and or but of in on at to for from with without by into onto over under above below near ' +
    'is are was were be been being it its this that these those there here as than then so very more most ' +
    'some any all each every no not one two three his her their our your my we you they he she them us ' +
    'photo photograph picture image shot style render rendering detailed highly quality high low best ' +
    'realistic ultra lots lot just like while which what when where who whose how also only ' +
    '的 了 和 与 在 是 有 一个 一只 一位 一张 这个 那个 非常 很 中 上 下 里'
  ).split(' '),
);

/** The words of a text as a person would cut them (Chinese too, by Intl.Segmenter), lower-cased. */
export function textWords(text: string): string[] {
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  return [...segmenter.segment(text.toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment);
}

/** Whether a word could be a subject: not a stop word, not a number, long enough to mean something. */
const meaningful = (word: string) => !STOP.has(word) && !/^\d+$/.test(word) && (/\p{Script=Han}/u.test(word) ? word.length >= 2 : word.length >= 3);

/** Up to `limit` words of a prompt worth tagging, most frequent first (ties: as they come). */
export function frequentWords(prompt: string, limit = 5): string[] {
  const counts = new Map<string, number>();
  for (const word of textWords(prompt)) if (meaningful(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([word]) => word);
}

/** Which of the keys (tags, terms of a vocabulary) a prompt holds: a whole word, or a phrase or Han text within it. */
export function keysInPrompt(prompt: string, keys: Iterable<string>): string[] {
  const words = new Set(textWords(prompt));
  const lower = prompt.toLowerCase();
  return [...keys].filter((key) => (/[\s\p{Script=Han}]/u.test(key) ? lower.includes(key) : words.has(key)));
}
