'use client';

import { useId } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useI18n } from '../i18n-provider';
import { useFieldAction } from '../use-field-action';
import { Button } from '../ui/button';
import { Field, fieldAria, Input } from '../ui/input';
import { useToast } from '../ui/toast';

/** Write-only: the field is a password input, cleared on success; nothing about the key comes back. */
export function KeyForm({ save, onDone }: { save: (input: { key: string }) => Promise<ActionResult<null>>; onDone: () => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const id = useId();
  const { submit, error, pending } = useFieldAction('key', save, () => {
    toast(t.keys.saved);
    onDone();
  });

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <Field id={id} label={t.keys.label} error={error}>
        <Input
          {...fieldAria(id, error)}
          name="key"
          type="password"
          required
          autoFocus
          autoComplete="off"
          spellCheck={false}
          data-1p-ignore
          data-lpignore="true"
          placeholder={t.keys.placeholder}
          className="font-mono"
        />
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
