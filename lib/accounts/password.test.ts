import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password only, with a salt per hash', async () => {
    const hash = await hashPassword('correct horse 电池 staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('horse');
    expect(await verifyPassword('correct horse 电池 staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse 电池 stapl', hash)).toBe(false);
    expect(await hashPassword('correct horse 电池 staple')).not.toBe(hash);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
