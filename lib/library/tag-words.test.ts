import { describe, expect, it } from 'vitest';
import { frequentWords, keysInPrompt, tagKey, tidyTagName } from './tag-words';
import { trashDaysLeft } from './trash-days';

describe('tag names', () => {
  it('are compared trimmed, spaces folded, lower-cased', () => {
    expect(tidyTagName('  Golden   hour ')).toBe('Golden hour');
    expect(tagKey('  Golden   HOUR ')).toBe('golden hour');
    expect(tagKey('灯塔')).toBe('灯塔');
  });
});

describe('words of a prompt worth tagging', () => {
  it('keeps the frequent subjects, drops small words and numbers, English and Chinese alike', () => {
    expect(frequentWords('A lighthouse on the rocks at dusk, the lighthouse beam in 4k')).toEqual(['lighthouse', 'rocks', 'dusk', 'beam']);
    expect(frequentWords('海边的灯塔，黄昏时分的灯塔')).toEqual(expect.arrayContaining(['灯塔']));
    expect(frequentWords('海边的灯塔，黄昏时分的灯塔')[0]).toBe('灯塔');
    expect(frequentWords('one two three four five six seven eight nine', 3)).toHaveLength(3);
  });

  it('finds keys as whole words, phrases and Han text', () => {
    expect(keysInPrompt('Seaside lighthouses at golden hour', ['sea', 'lighthouse', 'golden hour'])).toEqual(['golden hour']);
    expect(keysInPrompt('海边的灯塔', ['灯塔', 'lighthouse'])).toEqual(['灯塔']);
  });
});

describe('days left in the trash', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('counts days to the purge as a calendar does, 0 under a whole day', () => {
    expect(trashDaysLeft('2026-11-26T12:00:00Z', now)).toBe(30);
    expect(trashDaysLeft('2026-11-26T11:00:00Z', now)).toBe(30);
    expect(trashDaysLeft('2026-10-30T11:00:00Z', now)).toBe(3);
    expect(trashDaysLeft('2026-10-28T12:00:00Z', now)).toBe(1);
    expect(trashDaysLeft('2026-10-27T13:00:00Z', now)).toBe(0);
    expect(trashDaysLeft('2026-10-01T00:00:00Z', now)).toBe(0);
  });
});
