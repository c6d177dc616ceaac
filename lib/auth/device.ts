import { createHmac, timingSafeEqual } from 'node:crypto';
import { appConfig } from '../config';
import { accountKey } from './throttle';

/** Set after a successful sign-in: this browser knows the account (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'atelier-device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

const sign = (email: string) =>
  createHmac('sha256', appConfig().authSecret)
    .update(`device:${accountKey(email)}`)
    .digest('base64url');

/** The cookie value proving that this browser signed in to `email` before. */
export const deviceToken = (email: string) => sign(email);

/** Whether a Cookie header carries the device cookie for `email`. */
export function isKnownDevice(cookieHeader: string | null, email: string): boolean {
  const value = cookieHeader
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!value) return false;
  const [given, expected] = [Buffer.from(value), Buffer.from(sign(email))];
  return given.length === expected.length && timingSafeEqual(given, expected);
}
