'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { SignUpState } from '@/components/auth/sign-up-form';
import { createAccount, signUpSchema } from '@/lib/accounts/create-account';
import { signIn, signInAttempt } from '@/lib/auth/auth';
import { rememberDevice } from '@/lib/auth/device-cookie';
import { recordFailure, secondsToWait } from '@/lib/auth/throttle';
import { safeCallbackUrl } from '@/lib/auth/callback-url';
import { AppError, publicError } from '@/lib/errors';
import { isControlCharacterIssue } from '@/lib/text';

const schema = signUpSchema.extend({ callbackUrl: z.string().max(2000).optional() });
const FIELD_CODES = { name: 'nameRequired', email: 'emailInvalid', password: 'passwordTooShort' } as const;

export async function signUpWithPassword(_prev: SignUpState, formData: FormData): Promise<SignUpState> {
  const raw = Object.fromEntries(formData);
  const values = { name: String(raw.name ?? '').slice(0, 80), email: String(raw.email ?? '').slice(0, 320) };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: NonNullable<SignUpState['fields']> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === 'name') fields.name ??= isControlCharacterIssue(issue) ? 'controlCharacter' : FIELD_CODES.name;
      if (key === 'password') fields.password ??= isControlCharacterIssue(issue) ? 'controlCharacter' : FIELD_CODES.password;
      if (key === 'email') fields.email = FIELD_CODES.email;
    }
    return { fields, values };
  }
  const { callbackUrl, ...input } = parsed.data;

  // Sign-up says when an email is taken (there is no email to send a link to instead), so the
  // address asking is throttled like a failed sign-in: nobody can walk a list of emails quickly.
  const address = { ip: signInAttempt(input.email, await headers()).ip };
  const retryAfter = await secondsToWait(address);
  if (retryAfter > 0) return { error: 'throttled', retryAfter, values };
  try {
    await createAccount(input);
    await signIn('credentials', { email: input.email, password: input.password, redirect: false });
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      await recordFailure(address);
      return { error: 'emailTaken', fields: {}, values };
    }
    publicError(error);
    return { error: 'failed', values };
  }
  await rememberDevice(await cookies(), input.email);
  redirect(safeCallbackUrl(callbackUrl));
}
