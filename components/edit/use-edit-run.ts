'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { EditOutcome } from '@/lib/edits/run-edit';
import type { Held } from '@/lib/generations/approval-gate';
import { useI18n } from '../i18n-provider';
import { deleteAt, postJson } from '../server-state';
import { describeServerError, type ServerError } from '../use-action-error';
import type { RunState, SessionAction } from './edit-session';

/**
 * Sends one edit to POST /edit/run and tells the session how it went (an answer to a run the
 * session no longer awaits is dropped). Cancelling tells the server first (so the upstream call
 * stops even if the abort of this request is not noticed), then aborts the request.
 */
export function useEditRun(state: RunState, dispatch: Dispatch<SessionAction>) {
  const { t } = useI18n();
  const router = useRouter();
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const current = useRef<{ id: string; controller: AbortController } | null>(null);
  const awaited = (id: string) => latest.current.status === 'running' && latest.current.requestId === id;

  const run = async (form: FormData) => {
    const id = crypto.randomUUID();
    const controller = new AbortController();
    current.current = { id, controller };
    form.set('requestId', id);
    dispatch({ type: 'run', requestId: id, startedAt: Date.now() });
    const network = t.edit.run.network;
    try {
      const { ok, body } = await postJson<(EditOutcome | Held) & { error?: ServerError }>('/edit/run', form, { signal: controller.signal });
      if (!awaited(id)) return;
      if (ok && body && 'held' in body) {
        dispatch({ type: 'held', requestId: id, held: body.held });
      } else if (!ok || !body || body.error) {
        // Refusals with a key (a budget, ...) are worded in the UI's language; the service's own text stays as sent.
        const error = body?.error;
        dispatch({ type: 'fail', requestId: id, message: error ? (error.key ? describeServerError(t, error) : error.message) : network });
      } else {
        dispatch({ type: 'result', requestId: id, outcome: body as EditOutcome });
      }
      // The history below lists this edit now (done or failed): re-render the server's part, keeping the studio's state.
      router.refresh();
    } catch {
      if (awaited(id)) dispatch(controller.signal.aborted ? { type: 'cancel' } : { type: 'fail', requestId: id, message: network });
    }
  };

  const cancel = useCallback(() => {
    const running = current.current;
    const now = latest.current;
    if (!running || now.status !== 'running' || now.requestId !== running.id) return;
    void deleteAt(`/edit/run?request=${running.id}`).finally(() => running.controller.abort());
    dispatch({ type: 'cancel' });
    current.current = null;
  }, [dispatch]);

  useEffect(() => () => current.current?.controller.abort(), []);

  return { run, cancel };
}
