'use client';

import { useActionState } from 'react';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { Field, fieldAria, Input } from '../ui/input';
import { FormAlert } from './auth-card';

/** Error codes (dictionary keys) the sign-in action answers with; the email comes back to refill the field. */
export type SignInState = {
  error?: 'invalidCredentials' | 'throttled' | 'failed';
  /** With `throttled`: seconds until the next attempt is checked. */
  retryAfter?: number;
  fields?: { email?: 'emailInvalid'; password?: 'passwordRequired' };
  email?: string;
};

export function SignInForm({ action, callbackUrl }: { action: (prev: SignInState, data: FormData) => Promise<SignInState>; callbackUrl: string }) {
  const { t } = useI18n();
  const [state, formAction, pending] = useActionState(action, {});
  const emailError = state.fields?.email && t.auth[state.fields.email];
  const passwordError = state.fields?.password && t.auth[state.fields.password];

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state.error && <FormAlert>{format(t.auth[state.error], { seconds: state.retryAfter ?? 0 })}</FormAlert>}
      <Field id="email" label={t.auth.email} error={emailError}>
        <Input
          {...fieldAria('email', emailError)}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t.auth.emailPlaceholder}
          defaultValue={state.email}
          autoFocus
          required
        />
      </Field>
      <Field id="password" label={t.auth.password} error={passwordError}>
        <Input {...fieldAria('password', passwordError)} name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" size="lg" pending={pending} className="mt-2 w-full">
        {pending ? t.auth.working : t.auth.signIn}
      </Button>
    </form>
  );
}
