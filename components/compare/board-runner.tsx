'use client';

import { createContext, useCallback, useContext, useRef, useState, useTransition, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { Held, HeldRequest } from '@/lib/generations/approval-gate';
import { postJson } from '../server-state';
import type { ServerError } from '../use-action-error';
import { toInput, type BoardForm } from './board-form';

export { formFromParams, type BoardForm } from './board-form';

type RunError =
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'upstream' | 'generic'; message: string }
  /** Refused by Atelier itself (e.g. a budget), already worded for the user. */
  | { kind: 'refused'; error: ServerError }
  | { kind: 'network' | 'cancelled' };

interface Runner {
  form: BoardForm;
  setForm: (update: (form: BoardForm) => BoardForm) => void;
  /**
   * Runs `form` (or the current form); `parentId` links a rerun to its board. With `stay`, the page
   * reloads its data instead of opening the new board (a one-model rerun is a version of its column).
   */
  run: (form?: BoardForm, parentId?: string, options?: { stay?: boolean }) => void;
  cancel: () => void;
  running: boolean;
  /** The models of the run in flight and its images per model, for its placeholder columns. */
  runningModels: string[];
  runningN: number;
  /** The run in flight is one model again on the board shown (`stay`): the board stays, only that column waits. */
  inPlace: boolean;
  startedAt: number | null;
  error: RunError | null;
  /** The last run asked waits for an owner's or admin's approval. */
  held: HeldRequest | null;
}

const RunnerContext = createContext<Runner | null>(null);

export function useBoardRunner(): Runner {
  const runner = useContext(RunnerContext);
  if (!runner) throw new Error('useBoardRunner() needs <BoardRunnerProvider> above it');
  return runner;
}

/**
 * Runs boards through POST /api/compare with an AbortController: cancelling aborts the request,
 * and the server aborts its call to the service with it. On success the board's page opens.
 */
export function BoardRunnerProvider({ initial, children }: { initial: BoardForm; children: ReactNode }) {
  const router = useRouter();
  const [form, setFormState] = useState(initial);
  const [fetching, setFetching] = useState(false);
  const [navigating, startNavigation] = useTransition();
  const [runningModels, setRunningModels] = useState<string[]>([]);
  const [runningN, setRunningN] = useState(1);
  const [inPlace, setInPlace] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [error, setError] = useState<RunError | null>(null);
  const [held, setHeld] = useState<HeldRequest | null>(null);
  const controller = useRef<AbortController | null>(null);

  const setForm = useCallback((update: (form: BoardForm) => BoardForm) => setFormState(update), []);

  const run = useCallback(
    (next?: BoardForm, parentId?: string, options?: { stay?: boolean }) => {
      const values = next ?? form;
      // A column's rerun leaves the board's settings as they are.
      if (next && !options?.stay) setFormState(next);
      // The server parses the input (boardInputSchema) and names any field it refuses.
      const input = toInput(values, parentId);
      const abort = new AbortController();
      controller.current = abort;
      setError(null);
      setHeld(null);
      setRunningModels(input.models.map((model) => model.trim()));
      setRunningN(input.n);
      setInPlace(Boolean(options?.stay));
      setStartedAt(Date.now());
      setFetching(true);
      void (async () => {
        try {
          const { ok, status, body } = await postJson<{ id?: string; held?: Held['held']; error?: ServerError & { fields?: Record<string, string> } }>(
            '/api/compare',
            input,
            { signal: abort.signal },
          );
          if (ok && body?.held) {
            setHeld(body.held);
            return;
          }
          if (ok && body?.id) {
            const id = body.id;
            startNavigation(() => (options?.stay ? router.refresh() : router.push(`/compare/${id}`)));
            return;
          }
          const failure = body?.error;
          if (failure?.fields) setError({ kind: 'fields', fields: failure.fields });
          // Refusals Atelier can word itself (a budget, a known service error) read in the UI's language.
          else if (failure?.key) setError({ kind: 'refused', error: failure });
          else if (failure?.code === 'upstream_error' || failure?.code === 'upstream_unavailable') setError({ kind: 'upstream', message: failure.message });
          else setError({ kind: 'generic', message: failure?.message ?? `HTTP ${status}` });
        } catch {
          setError(abort.signal.aborted ? { kind: 'cancelled' } : { kind: 'network' });
        } finally {
          setFetching(false);
          controller.current = null;
        }
      })();
    },
    [form, router],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const running = fetching || navigating;

  return (
    <RunnerContext.Provider
      value={{ form, setForm, run, cancel, running, runningModels, runningN, inPlace, startedAt: running ? startedAt : null, error, held }}
    >
      {children}
    </RunnerContext.Provider>
  );
}
