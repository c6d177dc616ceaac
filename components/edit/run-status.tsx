'use client';

import { AlertTriangle } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { HeldNotice } from '../inbox/held-notice';
import { useReveal } from '../ui/use-reveal';
import type { RunState } from './edit-session';
import { EditProgress } from './edit-progress';

/** How the run stands: the wait (with its cancel), held for approval, cancelled, or why it failed. Nothing when idle or done. */
export function RunStatus({ run, onCancel }: { run: RunState; onCancel: () => void }) {
  const { t } = useI18n();
  if (run.status === 'running') return <EditProgress startedAt={run.startedAt} onCancel={onCancel} />;
  if (run.status === 'held') return <HeldNotice held={run.held} className="px-3 text-[13px]" />;
  if (run.status === 'cancelled') {
    return (
      <p className="text-[13px] text-ink-muted" role="status">
        {t.edit.run.cancelled}
      </p>
    );
  }
  if (run.status !== 'error') return null;
  return <RunFailed message={run.message} />;
}

/** Why the run failed, brought into view: the side panel scrolls on its own, and the message is below the button. */
function RunFailed({ message }: { message: string }) {
  const { t } = useI18n();
  const root = useReveal<HTMLDivElement>(message);
  return (
    <div ref={root} role="alert" className="grid gap-1 rounded-control border border-danger/30 bg-danger-soft p-3 text-[13px]" data-testid="edit-error">
      <p className="flex items-center gap-1.5 font-medium text-danger [&_svg]:size-4">
        <AlertTriangle />
        {t.edit.run.failed}
      </p>
      <p className="text-ink">{message}</p>
      <p className="text-ink-muted">{t.edit.run.retryHint}</p>
    </div>
  );
}
