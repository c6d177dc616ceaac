'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useActionError } from '../use-action-error';
import { Button } from '../ui/button';
import { Field, fieldAria, Input } from '../ui/input';
import { useToast } from '../ui/toast';

/** Write-only: the field is a password input, cleared on success; nothing about the key comes back. */
export function KeyForm({ save, onDone }: { save: (input: { key: string }) => Promise<ActionResult<null>>; onDone: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const errorText = useActionError();
  const id = useId();
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const key = String(new FormData(form).get('key') ?? '');
    startTransition(async () => {
      const result = await save({ key });
      if (!result.ok) return setError(errorText(result.error));
      form.reset();
      toast(t.keys.saved);
      onDone();
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <Field id={id} label={t.keys.label} error={error}>
        <Input {...fieldAria(id, error)} name="key" type="password" required autoFocus autoComplete="off" spellCheck={false} data-1p-ignore data-lpignore="true" placeholder={t.keys.placeholder} className="font-mono" />
      </Field>
      <div className={error ? 'flex gap-2 sm:mb-[26px]' : 'flex gap-2'}>
        <Button variant="secondary" size="lg" onClick={onDone}>
          {t.common.cancel}
        </Button>
        <Button type="submit" size="lg" pending={pending}>
          {t.keys.save}
        </Button>
      </div>
    </form>
  );
}
