'use client';

import { CircleAlert, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { describeServerError } from '../use-action-error';
import { HeldNotice } from '../inbox/held-notice';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { Spinner } from '../ui/spinner';
import { useBoardRunner } from './board-runner';
import { columnsClass } from './columns';

/** Seconds since `since`, ticking. */
export function Elapsed({ since }: { since: number }) {
  const { t } = useI18n();
  const [now, setNow] = useState(since);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <span data-testid="elapsed" className="tabular-nums">
      {format(t.compare.running.elapsed, { seconds: ((now - since) / 1000).toFixed(1) })}
    </span>
  );
}

function RunningBoard() {
  const { t } = useI18n();
  const { runningModels, runningN, startedAt, cancel } = useBoardRunner();
  return (
    <section aria-busy="true" aria-label={t.compare.running.waiting} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-surface px-5 py-3 shadow-card">
        <div className="flex items-center gap-3 text-sm text-ink">
          <Spinner />
          <span className="font-medium">{t.compare.running.title}</span>
          {startedAt && <Elapsed since={startedAt} />}
          <span className="hidden text-ink-muted sm:inline">{t.compare.running.hint}</span>
        </div>
        <Button variant="secondary" size="sm" onClick={cancel}>
          <X />
          {t.compare.running.cancel}
        </Button>
      </div>
      <div className={columnsClass(runningModels.length)}>
        {runningModels.map((model) => (
          <div key={model} className="grid content-start gap-2 rounded-card bg-surface p-3 shadow-card">
            <p className="truncate text-sm font-medium text-ink">{model}</p>
            {Array.from({ length: runningN }, (_, i) => (
              <Skeleton key={i} className="aspect-square w-full" />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

/** What sits under the form: the run in flight, or the last run's error above the board (children). */
export function BoardStage({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { running, inPlace, error, held } = useBoardRunner();
  // One model again keeps the board on screen: its column shows the run (BoardColumn).
  if (running && !inPlace) return <RunningBoard />;
  const message =
    error?.kind === 'refused'
      ? describeServerError(t, error.error)
      : error?.kind === 'upstream'
        ? format(t.compare.errors.upstream, { message: error.message })
        : error?.kind === 'generic'
          ? format(t.compare.errors.generic, { message: error.message })
          : error?.kind === 'network'
            ? t.compare.errors.network
            : error?.kind === 'cancelled'
              ? t.compare.running.cancelled
              : null;
  return (
    <div className="grid gap-4">
      {held && <HeldNotice held={held} />}
      {message && (
        <div
          role="alert"
          className={
            error?.kind === 'cancelled'
              ? 'flex items-start gap-2 rounded-card bg-subtle px-4 py-3 text-sm text-ink'
              : 'flex items-start gap-2 rounded-card bg-danger-soft px-4 py-3 text-sm text-danger'
          }
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </div>
      )}
      {children}
    </div>
  );
}
