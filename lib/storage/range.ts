import { StorageError } from './errors';
import type { ByteRange } from './types';

/** The part of `range` inside an object of `size` bytes; refuses a range that starts past the end. */
export function clampRange(range: ByteRange, size: number): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new StorageError('invalid_range', `Invalid byte range ${start}-${end}.`);
  }
  if (start >= size) throw new StorageError('invalid_range', `Range starts at ${start}, past the ${size}-byte object.`);
  return { start, end: Math.min(end, size - 1) };
}

export type RangeRequest = { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; range: ByteRange };

/**
 * One `Range` header against an object of `size` bytes (RFC 9110 §14). Multiple ranges, other
 * units and malformed values are ignored (`none`: serve the whole object), which the RFC allows.
 */
export function parseRangeHeader(header: string | null, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'none' };
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return { kind: 'none' };
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end: Math.min(end, size - 1) } };
}
