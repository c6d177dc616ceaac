import { describe, expect, it } from 'vitest';
import { englishForms, outputSearchWords, searchWordsOf, segmentWords } from './search-words';

describe('the words a text is found by', () => {
  it('cuts Chinese by dictionary and keeps every Han character as a word too', () => {
    expect(segmentWords('海边的灯塔，黄昏时分')).toEqual(['海边', '的', '灯塔', '黄昏', '时', '分']);
    const words = searchWordsOf('海边的灯塔');
    expect(words).toEqual(expect.arrayContaining(['海边', '灯塔', '海', '边', '的', '灯', '塔']));
  });

  it('reads Latin words beside Han ones, lower-cased, full-width letters as plain ones', () => {
    expect(segmentWords('Lighthouse灯塔 ＡＢＣ １２３ 1024x1024')).toEqual(['lighthouse', '灯塔', 'abc', '123', '1024x1024']);
  });

  it('drops possessives and adds the singular of a plural, both ways alike', () => {
    expect(segmentWords("the lighthouse's beam, the dogs’ bowls")).toEqual(['the', 'lighthouse', 'beam', 'the', 'dogs', 'bowls']);
    expect(searchWordsOf('red balloons')).toEqual(['red', 'balloons', 'balloon']);
    expect(englishForms('balloon')).toEqual(['balloon']);
    expect(englishForms('butterflies')).toContain('butterfly');
    expect(englishForms('boxes')).toContain('box');
    expect(englishForms('horses')).toContain('horse');
    expect(englishForms('leaves')).toEqual(['leaves', 'leaf']);
    for (const word of ['glass', 'bus', 'iris', 'cactus', 'gas', 'famous']) expect(englishForms(word)).toEqual([word]);
  });

  it('stores an output under its prompts, model (whole and by parts), kind, edit kind and size', () => {
    const words = outputSearchWords({
      prompt: 'Red balloons over the harbour',
      revisedPrompt: '港口上空的红色气球',
      model: 'Atelier-Mosaic',
      kind: 'edit',
      editKind: 'style',
      size: '1024x1024',
    });
    expect(words).toEqual(expect.arrayContaining(['balloon', 'harbour', '气球', '港', 'atelier-mosaic', 'atelier', 'mosaic', 'edit', 'style', '1024x1024']));
    expect(words).toEqual([...new Set(words)].sort());
  });
});
