'use client';

import { useActionState } from 'react';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { Field, fieldAria, Input } from '../ui/input';
import { format } from '@/lib/i18n';
import { FormAlert } from './auth-card';

/** Field errors as dictionary keys; name and email come back so the form stays filled. */
export type SignUpState = {
  error?: 'emailTaken' | 'throttled' | 'failed';
  /** With `throttled`: seconds to wait. */
  retryAfter?: number;
  fields?: { name?: 'nameRequired' | 'controlCharacter'; email?: 'emailInvalid'; password?: 'passwordTooShort' | 'controlCharacter' };
  values?: { name: string; email: string };
};

export function SignUpForm({ action, callbackUrl }: { action: (prev: SignUpState, data: FormData) => Promise<SignUpState>; callbackUrl: string }) {
  const { t } = useI18n();
  const [state, formAction, pending] = useActionState(action, {});
  const error = (field: 'name' | 'email' | 'password') => {
    const code = state.fields?.[field];
    return code ? t.auth[code] : field === 'email' && state.error === 'emailTaken' ? t.auth.emailTaken : undefined;
  };

  return (
    <form action={formAction} noValidate className="grid gap-4">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state.error === 'failed' && <FormAlert>{t.auth.failed}</FormAlert>}
      {state.error === 'throttled' && <FormAlert>{format(t.auth.throttled, { seconds: state.retryAfter ?? 0 })}</FormAlert>}
      <Field id="name" label={t.auth.name} error={error('name')}>
        <Input
          {...fieldAria('name', error('name'))}
          name="name"
          autoComplete="name"
          placeholder={t.auth.namePlaceholder}
          defaultValue={state.values?.name}
          maxLength={80}
          autoFocus
          required
        />
      </Field>
      <Field id="email" label={t.auth.email} error={error('email')}>
        <Input
          {...fieldAria('email', error('email'))}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t.auth.emailPlaceholder}
          defaultValue={state.values?.email}
          required
        />
      </Field>
      <Field id="password" label={t.auth.password} hint={t.auth.passwordHint} error={error('password')}>
        <Input {...fieldAria('password', error('password'), true)} name="password" type="password" autoComplete="new-password" minLength={8} required />
      </Field>
      <Button type="submit" size="lg" pending={pending} className="mt-2 w-full">
        {pending ? t.auth.working : t.auth.signUp}
      </Button>
    </form>
  );
}
