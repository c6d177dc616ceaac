'use client';

import { useState, useTransition, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useActionError } from './use-action-error';

/**
 * A one-field form that calls a server action: reads the field, runs the action in a transition,
 * shows a refusal in the UI's language, and on success resets the form and hands over.
 */
export function useFieldAction<F extends string>(field: F, action: (input: Record<F, string>) => Promise<ActionResult<null>>, onSuccess: () => void) {
  const errorText = useActionError();
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = String(new FormData(form).get(field) ?? '');
    startTransition(async () => {
      const result = await action({ [field]: value } as Record<F, string>);
      if (!result.ok) return setError(errorText(result.error));
      form.reset();
      setError(undefined);
      onSuccess();
    });
  };

  return { submit, error, pending };
}
