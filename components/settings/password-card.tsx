'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Card, CardBody, CardHeader } from '../ui/card';
import { Field, fieldAria, Input } from '../ui/input';
import { useToast } from '../ui/toast';

interface PasswordCardProps {
  change: (input: { current: string; next: string }) => Promise<ActionResult<null>>;
}

/** Changes the password; every other signed-in browser is signed out by it. */
export function PasswordCard({ change }: PasswordCardProps) {
  const { t } = useI18n();
  const p = t.password;
  const toast = useToast();
  const errorText = useActionError();
  const id = useId();
  const [error, setError] = useState<{ field: 'current' | 'next'; text: string }>();
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = { current: String(data.get('current') ?? ''), next: String(data.get('next') ?? '') };
    if (input.next.length < 8) return setError({ field: 'next', text: t.auth.passwordTooShort });
    startTransition(async () => {
      const result = await change(input);
      if (result.ok) {
        setError(undefined);
        form.reset();
        toast(p.changed);
      } else {
        setError({
          field: result.error.fields?.next ? 'next' : 'current',
          text: result.error.fields?.next ? t.auth.passwordTooShort : errorText(result.error),
        });
      }
    });
  };

  const currentError = error?.field === 'current' ? error.text : undefined;
  const nextError = error?.field === 'next' ? error.text : undefined;
  return (
    <Card>
      <CardHeader title={p.title} description={p.lead} />
      <CardBody>
        <form onSubmit={submit} noValidate className="grid max-w-sm gap-4">
          <Field id={`${id}-current`} label={p.current} error={currentError}>
            <Input {...fieldAria(`${id}-current`, currentError)} name="current" type="password" autoComplete="current-password" required />
          </Field>
          <Field id={`${id}-next`} label={p.next} hint={t.auth.passwordHint} error={nextError}>
            <Input {...fieldAria(`${id}-next`, nextError, true)} name="next" type="password" autoComplete="new-password" minLength={8} required />
          </Field>
          <div>
            <Button type="submit" variant="secondary" pending={pending}>
              {p.save}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
