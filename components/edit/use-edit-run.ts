'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EditOutcome } from '@/lib/edits/run-edit';
import { useI18n } from '../i18n-provider';
import { describeServerError, type ServerError } from '../use-action-error';

export type RunState =
  | { status: 'idle' }
  | { status: 'running'; startedAt: number }
  | { status: 'done'; outcome: EditOutcome }
  | { status: 'error'; message: string }
  | { status: 'cancelled' };

/**
 * Sends one edit to POST /edit/run and tracks it. Cancelling tells the server first (so the
 * upstream call stops even if the abort of this fetch is not noticed), then aborts the fetch.
 */
export function useEditRun(networkMessage: string) {
  const { t } = useI18n();
  const router = useRouter();
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const current = useRef<{ id: string; controller: AbortController } | null>(null);

  const run = useCallback(
    async (form: FormData) => {
      const id = crypto.randomUUID();
      const controller = new AbortController();
      current.current = { id, controller };
      form.set('requestId', id);
      setState({ status: 'running', startedAt: Date.now() });
      try {
        const response = await fetch('/edit/run', { method: 'POST', body: form, signal: controller.signal });
        const body = (await response.json().catch(() => null)) as (EditOutcome & { error?: ServerError }) | null;
        if (current.current?.id !== id) return;
        if (!response.ok || !body || body.error) {
          // Refusals with a key (a budget, ...) are worded in the UI's language; the service's own text stays as sent.
          const error = body?.error;
          setState({ status: 'error', message: error ? (error.key ? describeServerError(t, error) : error.message) : networkMessage });
        } else {
          setState({ status: 'done', outcome: body });
        }
        // The history below lists this edit now (done or failed): re-render the server's part, keeping the studio's state.
        router.refresh();
      } catch {
        if (current.current?.id === id) setState(controller.signal.aborted ? { status: 'cancelled' } : { status: 'error', message: networkMessage });
      }
    },
    [networkMessage, t, router],
  );

  const cancel = useCallback(() => {
    const running = current.current;
    if (!running) return;
    void fetch(`/edit/run?request=${running.id}`, { method: 'DELETE' }).finally(() => running.controller.abort());
    setState({ status: 'cancelled' });
    current.current = null;
  }, []);

  const reset = useCallback((next: RunState = { status: 'idle' }) => {
    current.current = null;
    setState(next);
  }, []);

  useEffect(() => () => current.current?.controller.abort(), []);

  return { state, run, cancel, reset };
}
