import { describe, expect, it } from 'vitest';
import { parseSearch, type SearchTerm } from './search-query';

const words = (term: SearchTerm) => term.alternatives.map((alt) => alt.han ?? alt.words.join(' '));

describe('reading a search', () => {
  it('makes every word a term, in any order, each with its forms and its vocabulary line in both languages', () => {
    const { terms, excluded, phrases } = parseSearch('Lighthouses dusk');
    expect(terms.map((t) => t.typed)).toEqual(['lighthouses', 'dusk']);
    expect(words(terms[0])).toEqual(expect.arrayContaining(['lighthouses', 'lighthouse', '灯塔']));
    expect(words(terms[1])).toEqual(expect.arrayContaining(['dusk', 'twilight', '黄昏', '傍晚']));
    expect(excluded).toEqual([]);
    expect(phrases).toEqual([]);
  });

  it('expands Chinese to English: a Han word is its characters and its text', () => {
    const [term] = parseSearch('灯塔').terms;
    expect(term.alternatives).toEqual(expect.arrayContaining([{ words: ['灯', '塔'], han: '灯塔' }, { words: ['lighthouse'] }]));
    expect(parseSearch('狐').terms[0].alternatives).toEqual(expect.arrayContaining([{ words: ['狐'] }, { words: ['fox'] }]));
  });

  it('reads a phrase of the vocabulary as one term, whatever the segmenter cut it into', () => {
    expect(parseSearch('日落').terms.map((t) => t.typed)).toEqual(['日 落']);
    expect(words(parseSearch('日落').terms[0])).toEqual(expect.arrayContaining(['sunset', '夕阳']));
    const [balloon] = parseSearch('hot air balloons').terms;
    expect(words(balloon)).toEqual(expect.arrayContaining(['hot air balloon', '热气球']));
    expect(parseSearch('black and white cat').terms.map((t) => t.typed)).toEqual(['black and white', 'cat']);
  });

  it('keeps quoted phrases whole, excludes -words, and lets an open quote run to the end', () => {
    const search = parseSearch('"Red Balloon" harbour -storm “灯塔');
    expect(search.phrases).toEqual(['red balloon', '灯塔']);
    expect(search.terms.map((t) => t.typed)).toEqual(['harbour']);
    expect(search.excluded.map((t) => t.typed)).toEqual(['storm']);
    expect(words(search.excluded[0])).toContain('暴风雨');
    expect(parseSearch('"unbalanced').phrases).toEqual(['unbalanced']);
    expect(parseSearch('"').phrases).toEqual(['"']);
    expect(words(parseSearch('lanterns').terms[0])).toEqual(expect.arrayContaining(['lantern', '灯笼']));
  });

  it('drops small words when others remain, and reads a search of signs only as a substring', () => {
    expect(parseSearch('a lighthouse at dusk').terms.map((t) => t.typed)).toEqual(['lighthouse', 'dusk']);
    expect(parseSearch('the').terms.map((t) => t.typed)).toEqual(['the']);
    expect(parseSearch('%')).toEqual({ terms: [], excluded: [], phrases: ['%'] });
  });

  it('marks single Latin words of four letters and more the vocabulary does not know as possibly misspelt', () => {
    expect(parseSearch('ballon red 灯塔 1024x1024 lighthouse').terms.map((t) => t.mayBeMisspelt)).toEqual([true, false, false, false, false]);
  });
});
