'use client';

import { useEffect, useState } from 'react';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

const LIMIT_S = 90;

/** The wait: seconds elapsed against the service's 90 s deadline, and a way out. */
export function EditProgress({ startedAt, onCancel }: { startedAt: number; onCancel: () => void }) {
  const { t } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <div role="status" className="grid gap-3 rounded-control border border-line bg-subtle/60 p-3">
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 text-sm font-medium text-ink">
          <Spinner />
          {t.edit.run.waiting}
        </span>
        <span className="text-xs text-ink-muted tabular-nums" data-testid="edit-elapsed">
          {format(t.edit.run.elapsed, { seconds, limit: LIMIT_S })}
        </span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-line" aria-hidden>
        <div className="h-full rounded-full bg-accent transition-[width] duration-300" style={{ width: `${Math.min(100, (seconds / LIMIT_S) * 100)}%` }} />
      </div>
      <Button variant="secondary" size="sm" onClick={onCancel} className="justify-self-start">
        {t.edit.run.cancel}
      </Button>
    </div>
  );
}
