import { describe, expect, it } from 'vitest';
import { segmentWords } from './search-words';
import { buildVocabulary, readVocabulary } from './vocabulary';

// The bilingual vocabulary is written by hand: these checks keep it a well-formed list of pairs.

const lines = readVocabulary();

describe('the bilingual vocabulary', () => {
  it('has at least 500 pairs, no side empty, Han on the left and Latin on the right', () => {
    expect(lines.length).toBeGreaterThanOrEqual(500);
    for (const { zh, en } of lines) {
      expect(zh.length && en.length, JSON.stringify({ zh, en })).toBeTruthy();
      for (const word of zh) expect(word, `${zh} | ${en}`).toMatch(/^\p{Script=Han}+$/u);
      for (const word of en) expect(word, `${zh} | ${en}`).toMatch(/^[a-z0-9][a-z0-9 '-]*[a-z0-9]$/);
    }
  });

  it('names each word once: no pair twice, no word on two lines', () => {
    const seen = new Map<string, number>();
    lines.forEach(({ zh, en }, i) => {
      for (const word of [...zh, ...en]) {
        expect(seen.get(word), `"${word}" on lines ${seen.get(word)} and ${i}`).toBeUndefined();
        seen.set(word, i);
      }
    });
  });

  it('cuts each Chinese word into words the segmenter knows, and finds a line by any of its words', () => {
    const single = lines.flatMap((l) => l.zh).filter((word) => segmentWords(word).length === 1).length;
    const all = lines.flatMap((l) => l.zh).length;
    for (const word of lines.flatMap((l) => l.zh)) expect(segmentWords(word).join(''), word).toBe(word);
    // Most are one word to the segmenter; the rest are read as phrases (日落: 日|落) by the parser.
    expect(single / all).toBeGreaterThan(0.75);
    const vocab = buildVocabulary(lines);
    for (const { zh, en } of lines) for (const word of [...zh, ...en]) expect(vocab.expansions.has(segmentWords(word).join(' ')), word).toBe(true);
    expect(vocab.expansions.get('灯塔')).toEqual(expect.arrayContaining([['lighthouse']]));
    expect(vocab.expansions.get('日 落')).toEqual(expect.arrayContaining([['sunset']]));
  });
});
