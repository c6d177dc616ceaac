'use server';

import { AuthError } from 'next-auth';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { SignInState } from '@/components/auth/sign-in-form';
import { signIn, signInAttempt } from '@/lib/auth/auth';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { rememberDevice } from '@/lib/auth/device-cookie';
import { secondsToWait } from '@/lib/auth/throttle';
import { publicError } from '@/lib/errors';

const schema = z.object({
  email: z.string().trim().max(320),
  password: z.string().max(1000),
  callbackUrl: z.string().max(2000).optional(),
});

export async function signInWithPassword(_prev: SignInState, formData: FormData): Promise<SignInState> {
  const parsed = schema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { error: 'failed' };
  const { email, password, callbackUrl } = parsed.data;
  const fields: SignInState['fields'] = {};
  if (!z.email().safeParse(email).success) fields.email = 'emailInvalid';
  if (!password) fields.password = 'passwordRequired';
  if (fields.email || fields.password) return { fields, email };

  // Too many failures for this account or this address: say how long to wait, check nothing.
  const retryAfter = await secondsToWait(signInAttempt(email, await headers()));
  if (retryAfter > 0) return { error: 'throttled', retryAfter, email };
  try {
    await signIn('credentials', { email, password, redirect: false });
  } catch (error) {
    if (error instanceof AuthError) {
      const wait = await secondsToWait(signInAttempt(email, await headers()));
      return wait > 0 && (error as { code?: string }).code === 'throttled'
        ? { error: 'throttled', retryAfter: wait, email }
        : { error: 'invalidCredentials', email };
    }
    publicError(error); // logs with a reference
    return { error: 'failed', email };
  }
  await rememberDevice(await cookies(), email);
  redirect(safeCallbackUrl(callbackUrl));
}
