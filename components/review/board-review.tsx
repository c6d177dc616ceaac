'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Crown, Medal, MessageSquare, Star } from 'lucide-react';
import Link from 'next/link';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import type { ReviewState } from '@/lib/db/generated/enums';
import type { BoardReview } from '@/lib/review/view';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { postJson, useJson } from '../server-state';
import { describeServerError, type ServerError } from '../use-action-error';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { PinLayer } from './pin-layer';
import { ReviewStatePicker } from './review-state';

// A board's review (a comparison board, an edit board): its state, its winner and each column's, and
// for every image its stars, open threads and pins; read once for the board and shared by its images.

interface BoardScope {
  review: BoardReview | undefined;
  busy: boolean;
  error: string | null;
  setState: (state: ReviewState) => void;
  /** Marks (or clears, with null) the board's winner, or a column's. */
  mark: (outputId: string | null, column?: number) => void;
}

const Context = createContext<BoardScope | null>(null);
export const useBoardReview = () => useContext(Context);

export function BoardReviewProvider({ boardId, children }: { boardId: string; children: ReactNode }) {
  const { t } = useI18n();
  const url = `/api/boards/${boardId}/review`;
  const { data: review } = useJson<BoardReview>(url, { refetchInterval: 20_000 });
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = useCallback(
    async (path: string, body: unknown) => {
      setBusy(true);
      setError(null);
      try {
        const answer = await postJson<{ error?: ServerError }>(path, body);
        if (!answer.ok) setError(answer.body?.error ? describeServerError(t, answer.body.error) : t.errors.internal);
      } catch {
        setError(t.errors.network);
      } finally {
        setBusy(false);
        await client.invalidateQueries({ queryKey: [url] });
      }
    },
    [client, t, url],
  );
  const value: BoardScope = {
    review,
    busy,
    error,
    setState: (state) => void send(url, { state }),
    mark: (outputId, column) => void send(`/api/boards/${boardId}/winner`, { outputId, ...(column !== undefined ? { column } : {}) }),
  };
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The board's review state (verdicts are owners' and admins'), beside its other facts. */
export function BoardReviewBar() {
  const { t } = useI18n();
  const scope = useBoardReview();
  if (!scope?.review) return null;
  return (
    <div className="grid gap-1.5 border-t border-line pt-3" data-testid="board-review">
      <span className="text-xs font-medium text-ink-subtle">{t.review.stateLabel}</span>
      <ReviewStatePicker status={scope.review.status} canDecide={scope.review.canDecide} busy={scope.busy} onChange={scope.setState} />
      {scope.error && (
        <p role="alert" className="text-xs text-danger">
          {scope.error}
        </p>
      )}
    </div>
  );
}

/**
 * What the review says of one image on its board, laid over it: winner or best of its model, its
 * team's stars and open threads, and its pins (`size`: the picture's pixels; `fit`: as the thumbnail
 * shows it).
 */
export function ImageMarks({ outputId, size, fit = 'cover' }: { outputId: string; size: { width: number; height: number } | null; fit?: 'contain' | 'cover' }) {
  const { t } = useI18n();
  const review = useBoardReview()?.review;
  if (!review) return null;
  const winner = review.winner === outputId;
  const best = Object.values(review.columns).includes(outputId);
  const stars = review.ratings[outputId];
  const threads = review.threads[outputId] ?? 0;
  const pins = review.pins[outputId] ?? [];
  return (
    <>
      {size && pins.length > 0 && <PinLayer size={size} pins={pins.map((pin) => ({ ...pin, resolved: false }))} fit={fit} />}
      <span className="pointer-events-none absolute top-2 right-2 flex flex-wrap justify-end gap-1" data-testid="image-marks">
        {winner && <Mark icon={<Crown />} label={t.review.winner.board} tone="bg-warning text-white" testId="winner" />}
        {!winner && best && <Mark icon={<Medal />} label={t.review.winner.best} tone="bg-surface/90 text-warning" testId="column-winner" />}
        {stars?.average !== null && stars?.average !== undefined && (
          <Mark icon={<Star className="fill-current" />} label={stars.average.toFixed(1)} tone="bg-black/60 text-white" />
        )}
        {threads > 0 && <Mark icon={<MessageSquare />} label={String(threads)} tone="bg-black/60 text-white" testId="thread-count" />}
      </span>
    </>
  );
}

function Mark({ icon, label, tone, testId }: { icon: ReactNode; label: string; tone: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      title={label}
      className={cn('inline-flex h-6 items-center gap-1 rounded-full px-2 text-[11px] font-semibold shadow-card [&_svg]:size-3', tone)}
    >
      {icon}
      <span className="tabular-nums">{label}</span>
    </span>
  );
}

/** An image's review actions on its board: its page (comments, stars), and for owners and admins the winner marks. */
export function ImageReviewActions({ outputId, column, className }: { outputId: string; column?: number; className?: string }) {
  const { t } = useI18n();
  const w = t.review.winner;
  const scope = useBoardReview();
  const review = scope?.review;
  if (!review) return null;
  const winner = review.winner === outputId;
  const best = column !== undefined && review.columns[column] === outputId;
  return (
    <span className={cn('flex gap-1', className)}>
      <Link
        href={`/library/${outputId}`}
        aria-label={t.review.comments.title}
        title={t.review.comments.title}
        className={buttonClass('secondary', 'icon', 'size-8')}
      >
        <MessageSquare />
      </Link>
      {review.canDecide && (
        <>
          <MarkToggle
            on={winner}
            labels={[w.mark, w.unmark]}
            icon={<Crown className={cn(winner && 'fill-current')} />}
            busy={scope.busy}
            onToggle={() => scope.mark(winner ? null : outputId)}
            testId="mark-winner"
          />
          {column !== undefined && (
            <MarkToggle
              on={best}
              labels={[w.markColumn, w.unmarkColumn]}
              icon={<Medal />}
              busy={scope.busy}
              onToggle={() => scope.mark(best ? null : outputId, column)}
              testId="mark-column-winner"
            />
          )}
        </>
      )}
    </span>
  );
}

/** A winner mark as a toggle: gold while set; its label says what a press does. */
function MarkToggle({
  on,
  labels: [mark, unmark],
  icon,
  busy,
  onToggle,
  testId,
}: {
  on: boolean;
  labels: [string, string];
  icon: ReactNode;
  busy: boolean;
  onToggle: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      disabled={busy}
      aria-pressed={on}
      aria-label={on ? unmark : mark}
      title={on ? unmark : mark}
      onClick={onToggle}
      className={cn(buttonClass('secondary', 'icon', 'size-8'), on && 'text-warning')}
      data-testid={testId}
    >
      {icon}
    </button>
  );
}

/** How many threads a board's images have open, for its header (nothing while none). */
export function BoardThreadCount() {
  const { t } = useI18n();
  const review = useBoardReview()?.review;
  const open = review ? Object.values(review.threads).reduce((sum, n) => sum + n, 0) : 0;
  if (open === 0) return null;
  return <span className="text-[13px] text-ink-muted">{format(t.review.comments.count, { n: open })}</span>;
}
