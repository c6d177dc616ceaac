'use client';

import type { ReviewState } from '@/lib/db/generated/enums';
import type { ReviewStatus } from '@/lib/review/states';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { LocalTime } from '../local-time';
import { cn } from '../ui/cn';

const ORDER: ReviewState[] = ['draft', 'in_review', 'approved', 'changes_requested'];
const VERDICTS = new Set<ReviewState>(['approved', 'changes_requested']);

/** A state's colour: the same wherever a state shows (a badge, a chip, the picker). */
export const STATE_TONE: Record<ReviewState, string> = {
  draft: 'bg-subtle text-ink-muted',
  in_review: 'bg-accent-soft text-accent-soft-ink',
  approved: 'bg-success-soft text-success',
  changes_requested: 'bg-warning-soft text-warning',
};

export function StateBadge({ state, className }: { state: ReviewState; className?: string }) {
  const { t } = useI18n();
  return (
    <span
      data-testid="review-state"
      data-state={state}
      className={cn('inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium whitespace-nowrap', STATE_TONE[state], className)}
    >
      {t.review.states[state]}
    </span>
  );
}

/**
 * The review state as a row of choices: anyone puts work up for review or back to draft; the
 * verdicts are owners' and admins' to give and to take back (shown, not offered, to members). Who
 * set it, and when, below.
 */
export function ReviewStatePicker({
  status,
  canDecide,
  busy,
  onChange,
  version,
}: {
  status: ReviewStatus;
  canDecide: boolean;
  busy: boolean;
  onChange: (state: ReviewState) => void;
  /** An edit's version number: the state is this version's. */
  version?: number | null;
}) {
  const { t } = useI18n();
  const r = t.review;
  return (
    <div className="grid gap-2">
      <div role="radiogroup" aria-label={r.stateLabel} className="flex flex-wrap gap-1.5">
        {ORDER.map((state) => {
          const chosen = status.state === state;
          // A verdict stands until an owner or admin changes it: a member can neither give nor leave one.
          const allowed = canDecide || (!VERDICTS.has(state) && !VERDICTS.has(status.state));
          return (
            <button
              key={state}
              type="button"
              role="radio"
              aria-checked={chosen}
              disabled={busy || !allowed || chosen}
              title={allowed ? undefined : r.onlyDeciders}
              onClick={() => onChange(state)}
              className={cn(
                'focus-ring h-7 rounded-full px-2.5 text-xs font-medium transition-colors',
                chosen ? STATE_TONE[state] : 'text-ink-muted ring-1 ring-line hover:bg-subtle hover:text-ink',
                chosen && 'ring-1 ring-current/25',
                !allowed && !chosen && 'opacity-50',
              )}
            >
              {r.states[state]}
            </button>
          );
        })}
      </div>
      {status.by && status.at && (
        <p className="text-xs text-ink-subtle" data-testid="review-state-by">
          {format(r.stateBy, { state: r.states[status.state], name: status.by })}
          {version ? ` · ${format(r.version, { n: version })}` : ''} · <LocalTime at={status.at} options={{ dateStyle: 'short', timeStyle: 'short' }} />
        </p>
      )}
    </div>
  );
}
