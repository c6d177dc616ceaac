import { expect } from 'vitest';

/** Every way an error gets printed, logged or serialised must leave the secret out. */
export function expectNoSecret(error: unknown, secret: string) {
  const e = error as Error;
  for (const text of [String(e), e.message, JSON.stringify(e), e.stack ?? '']) expect(text).not.toContain(secret);
}
