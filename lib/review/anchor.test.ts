import { describe, expect, it } from 'vitest';
import { timecode } from './anchor';

describe('timecode', () => {
  it.each([
    [0, '0:00'],
    [1.5, '0:01.5'],
    [9.99, '0:09.9'],
    [61, '1:01'],
    [600, '10:00'],
    [3725.2, '1:02:05.2'],
  ])('%s s is %s', (seconds, text) => {
    expect(timecode(seconds)).toBe(text);
  });
});
