'use client';

import { useTransition } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import { useActionError } from './use-action-error';
import { useToast } from './ui/toast';

/**
 * Runs server actions in a transition: a refusal becomes an error toast in the UI's language, a
 * success goes to `then`. `settled` runs either way once the answer is in (closing a confirmation).
 */
export function useAction() {
  const toast = useToast();
  const errorText = useActionError();
  const [pending, startTransition] = useTransition();

  const run = <T>(call: () => Promise<ActionResult<T>>, then: (data: T) => void, settled?: () => void) =>
    startTransition(async () => {
      const result = await call();
      settled?.();
      if (result.ok) then(result.data);
      else toast(errorText(result.error), 'error');
    });

  return { run, pending, toast };
}
