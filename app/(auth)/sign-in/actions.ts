'use server';

import { AuthError } from 'next-auth';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { SignInState } from '@/components/auth/sign-in-form';
import { signIn } from '@/lib/auth/auth';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
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

  try {
    await signIn('credentials', { email, password, redirect: false });
  } catch (error) {
    if (error instanceof AuthError) return { error: 'invalidCredentials', email };
    publicError(error); // logs with a reference
    return { error: 'failed', email };
  }
  redirect(safeCallbackUrl(callbackUrl));
}
