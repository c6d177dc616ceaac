import { StorageError } from './errors';

const SEGMENT = /^[A-Za-z0-9_\-=+~][A-Za-z0-9._\-=+~]*$/;

/**
 * Keys are relative slash-separated paths that mean the same on disk and in S3: no absolute paths,
 * no `.`/`..` or empty segments, no backslashes or control characters, and no segment starting
 * with a dot (the local store keeps its temp and metadata files under `.tmp/` and `.meta/`).
 */
export function assertValidKey(key: string): void {
  const refuse = (why: string) => new StorageError('invalid_key', `Invalid storage key: ${why}.`);
  if (typeof key !== 'string' || key.length === 0) throw refuse('empty');
  if (key.length > 1024) throw refuse('longer than 1024 characters');
  if (key.startsWith('/')) throw refuse('absolute path');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw refuse('empty, "." or ".." segment');
    if (!SEGMENT.test(segment)) throw refuse(`segment "${segment.slice(0, 40)}" has a leading dot or a character outside [A-Za-z0-9._-=+~]`);
  }
}
