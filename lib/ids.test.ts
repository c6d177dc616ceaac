import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts what PostgreSQL stores as a uuid, in either case', () => {
    const id = randomUUID();
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
  });

  it('refuses shapes that would reach the database as a 500', () => {
    for (const value of ['-'.repeat(36), `${randomUUID()}x`, 'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz', '', undefined, 42, null])
      expect(isUuid(value)).toBe(false);
  });
});
