import { describe, expect, it } from 'vitest';
import { deriveKey, last4, seal, unseal } from './seal';

const key = deriveKey('x'.repeat(40));

describe('sealed service keys', () => {
  it('round-trips, and never contains the plaintext', () => {
    const sealed = seal('sk-live-abcdef123456', key, 'user:1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('abcdef');
    expect(unseal(sealed, key, 'user:1')).toBe('sk-live-abcdef123456');
    expect(last4('sk-live-abcdef123456')).toBe('3456');
  });

  it('refuses another context, another secret, or a tampered value', () => {
    const sealed = seal('secret-key', key, 'user:1');
    expect(() => unseal(sealed, key, 'user:2')).toThrow();
    expect(() => unseal(sealed, deriveKey('y'.repeat(40)), 'user:1')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => unseal(parts.join('.'), key, 'user:1')).toThrow();
  });

  it('uses a fresh IV each time', () => {
    expect(seal('k', key, 'c')).not.toBe(seal('k', key, 'c'));
  });
});
