import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for service keys at rest. The 256-bit key is derived from ATELIER_SECRET; the key id
 * ("v1") leaves room to rotate. Sealed form: "v1.<iv>.<tag>.<ciphertext>", base64url parts.
 */
const VERSION = 'v1';

export function deriveKey(secret: string): Buffer {
  if (secret.length < 32) throw new Error('ATELIER_SECRET must be at least 32 characters');
  return createHash('sha256').update(`atelier:service-keys:${secret}`).digest();
}

export function seal(plaintext: string, key: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  // The context (e.g. "user:<id>") is authenticated: a sealed key copied to another row won't open.
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function unseal(sealed: string, key: Buffer, context: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('unrecognised sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether a stored value is sealed (a plain one is from before it was). */
export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}.`);

/** What a page may show of a key. */
export const last4 = (key: string) => key.slice(-4);
