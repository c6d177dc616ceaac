import { describe, expect, it } from 'vitest';
import { StorageError } from './errors';
import { assertValidKey } from './keys';
import { clampRange, parseRangeHeader } from './range';
import { sniffType } from './sniff';

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-0', 100, { kind: 'range', range: { start: 0, end: 0 } }],
    ['bytes=10-', 100, { kind: 'range', range: { start: 10, end: 99 } }],
    ['bytes=-1', 100, { kind: 'range', range: { start: 99, end: 99 } }],
    ['BYTES=5-9', 100, { kind: 'range', range: { start: 5, end: 9 } }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=-3', 0, { kind: 'unsatisfiable' }],
    ['bytes=100-100', 100, { kind: 'unsatisfiable' }],
    [null, 100, { kind: 'none' }],
    ['bytes=-', 100, { kind: 'none' }],
    ['bytes=1-2, 4-5', 100, { kind: 'none' }],
    ['bytes=99999999999999999999-', 100, { kind: 'none' }],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });
});

describe('clampRange', () => {
  it('clamps the end and refuses a start past the end or a reversed range', () => {
    expect(clampRange({ start: 5, end: 500 }, 10)).toEqual({ start: 5, end: 9 });
    expect(() => clampRange({ start: 10, end: 10 }, 10)).toThrow(StorageError);
    expect(() => clampRange({ start: 5, end: 4 }, 10)).toThrow(StorageError);
    expect(() => clampRange({ start: -1, end: 4 }, 10)).toThrow(StorageError);
  });
});

describe('assertValidKey', () => {
  it.each(['a.png', 'teams/t_1/assets/sha256-abc.png', 'a/b/c/d.e.f', 'x=1+y~2'])('accepts %s', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });
  it.each(['', '/etc/passwd', '..', 'a/..', 'a/../b', './a', 'a//b', 'a/', '.env', 'a/.tmp/x', 'a\\b', 'a b', 'é.png', 'x'.repeat(1025)])('refuses %j', (key) =>
    expect(() => assertValidKey(key)).toThrow(StorageError),
  );
});

describe('sniffType', () => {
  const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => Buffer.from(p as never)));
  it.each([
    [bytes([0x89], 'PNG\r\n\x1a\n', [0, 0]), 'image/png'],
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    [bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    [bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0]), 'video/mp4'],
    [bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    [bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), null],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg">'), null],
    [bytes([0x89, 0x50]), null],
  ])('%#', (head, expected) => expect(sniffType(head)).toBe(expected));
});
