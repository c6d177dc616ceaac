import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// An API key is `atl_` + a 12-character public prefix (how the key is found) + a 43-character secret.
// Only the sha256 of the whole key is stored: a leaked database opens nothing.

const SHAPE = /^atl_([A-Za-z0-9_-]{12})([A-Za-z0-9_-]{43})$/;

export function newApiKey(): { token: string; prefix: string } {
  const prefix = randomBytes(9).toString('base64url');
  return { token: `atl_${prefix}${randomBytes(32).toString('base64url')}`, prefix };
}

export const hashApiKey = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The prefix of a well-formed key, or null (checked before the database is asked). */
export function apiKeyPrefix(token: string): string | null {
  return SHAPE.exec(token)?.[1] ?? null;
}

/** Whether `token` hashes to `stored`, in constant time. */
export function matchesHash(token: string, stored: string): boolean {
  const a = Buffer.from(hashApiKey(token), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
