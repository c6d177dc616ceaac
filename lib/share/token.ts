import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url (43 characters): the secret part of a share link. */
export const newShareToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of the token, so a leaked database cannot open any link. */
export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The shape of a token, checked before the database is asked. */
export const isShareToken = (value: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(value);
