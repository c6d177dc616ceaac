import type { cookies } from 'next/headers';
import { appConfig } from '../config';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S, deviceToken } from './device';

/** After a successful sign-in: this browser may sign in to the account while it is throttled for others. */
export async function rememberDevice(jar: Awaited<ReturnType<typeof cookies>>, email: string): Promise<void> {
  jar.set(DEVICE_COOKIE, deviceToken(email.toLowerCase()), {
    httpOnly: true,
    sameSite: 'lax',
    secure: appConfig().publicUrl.startsWith('https://'),
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
