'use client';

import { Crown, MessageSquare } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReviewState } from '@/lib/db/generated/enums';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { postJson } from '../server-state';
import { describeServerError, type ServerError } from '../use-action-error';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Composer, type Draft } from './composer';
import { useReviewScope } from './review-scope';
import { ReviewStatePicker } from './review-state';
import { StarRating } from './star-rating';
import { ThreadCard, type ThreadActions } from './thread-card';

type Answer = { ok: boolean; body: { error?: ServerError } | null };

/**
 * A result's review beside its picture: its state, the member's stars and the team's average, its
 * board's winner marks, and its threads with a box to start one (pinned to a spot of the picture,
 * which the picture's pin layer places). Everything changes through the review routes and is read
 * back through the one query the pins share.
 */
export function ReviewPanel({ version }: { version?: number | null }) {
  const { t } = useI18n();
  const r = t.review;
  const scope = useReviewScope();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  if (!scope?.review) return null;
  const { review, outputId, refresh } = scope;

  /** Sends a change; on refusal says why; then reads the review again. */
  const send = async (change: () => Promise<Answer>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const answer = await change();
      if (!answer.ok) setError(answer.body?.error ? describeServerError(t, answer.body.error) : t.errors.internal);
      // The studio's filmstrip marks each version's state: it hears of the change too.
      await Promise.all([refresh(), client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).endsWith('/versions') })]);
      return answer.ok;
    } catch {
      setError(t.errors.network);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const actions: ThreadActions = {
    reply: (threadId, draft) => send(() => postJson(`/api/library/${outputId}/comments`, { ...draft, threadId })),
    edit: (id, draft) => send(() => postJson(`/api/comments/${id}`, draft, { method: 'PATCH' })),
    remove: (id) => send(() => postJson(`/api/comments/${id}`, undefined, { method: 'DELETE' })),
    resolve: (id, resolved) => send(() => postJson(`/api/comments/${id}/resolve`, { resolved })),
  };
  const startThread = (draft: Draft) => {
    // On a video, a thread is pinned to the time the player shows (and to a point of the frame, if placed).
    const at = scope.now();
    const anchor = scope.draft ?? (at !== undefined ? { t: at } : undefined);
    return send(() => postJson(`/api/library/${outputId}/comments`, { ...draft, ...(anchor ? { anchor } : {}) })).then((sent) => {
      if (sent) {
        scope.setDraft(null);
        scope.setPlacing(false);
      }
      return sent;
    });
  };
  const open = review.threads.filter((thread) => !thread.resolved);
  const resolved = review.threads.length - open.length;
  const shown = scope.showResolved ? review.threads : open;

  return (
    <section className="grid gap-4" aria-label={r.title} data-testid="review-panel" data-output={outputId}>
      <ReviewStatePicker
        status={review.status}
        canDecide={review.canDecide}
        busy={busy}
        version={version}
        onChange={(state: ReviewState) => void send(() => postJson(`/api/library/${outputId}/review`, { state }))}
      />
      {review.board && review.board.state !== 'draft' && (
        <p className="-mt-2 text-xs text-ink-muted" data-testid="board-state">
          {format(r.winner.boardState, { state: r.states[review.board.state] })}
        </p>
      )}
      <StarRating rating={review.rating} busy={busy} onRate={(stars) => void send(() => postJson(`/api/library/${outputId}/rating`, { stars }))} />
      {review.board && (review.canDecide || review.board.winner || review.board.columnWinner) && (
        <div className="flex flex-wrap gap-1.5">
          {review.canDecide ? (
            <Button
              variant="secondary"
              size="sm"
              pending={busy}
              aria-pressed={review.board.winner}
              onClick={() => void send(() => postJson(`/api/boards/${review.board!.id}/winner`, { outputId: review.board!.winner ? null : outputId }))}
              data-testid="mark-winner"
            >
              <Crown className={cn(review.board.winner && 'fill-warning text-warning')} />
              {review.board.winner ? r.winner.unmark : r.winner.mark}
            </Button>
          ) : (
            review.board.winner && (
              <span className="inline-flex h-7 items-center gap-1 rounded-full bg-warning-soft px-2.5 text-xs font-medium text-warning">
                <Crown className="size-3.5" />
                {r.winner.board}
              </span>
            )
          )}
        </div>
      )}
      <div className="grid gap-2.5">
        <h2 className="flex items-center gap-1.5 text-xs font-medium text-ink-subtle">
          <MessageSquare className="size-3.5" />
          {r.comments.title}
          {review.threads.length > 0 && <span className="tabular-nums">· {format(r.comments.count, { n: open.length })}</span>}
          {resolved > 0 && (
            <button
              type="button"
              onClick={() => scope.setShowResolved(!scope.showResolved)}
              className="focus-ring ml-auto rounded text-ink-muted hover:text-ink"
            >
              {scope.showResolved ? r.comments.hideResolved : format(r.comments.showResolved, { n: resolved })}
            </button>
          )}
        </h2>
        {shown.length === 0 && <p className="text-xs text-ink-muted">{r.comments.empty}</p>}
        <ol className="grid gap-2" data-testid="threads">
          {shown.map((thread) => (
            <ThreadCard
              key={thread.id}
              thread={thread}
              active={scope.active === thread.id}
              onActivate={() => {
                scope.setActive(scope.active === thread.id ? null : thread.id);
                if (thread.anchor?.t !== undefined) scope.seek(thread.anchor.t);
              }}
              members={review.members}
              me={review.me}
              canModerate={review.canDecide}
              busy={busy}
              actions={actions}
            />
          ))}
        </ol>
        <Composer
          members={review.members}
          me={review.me}
          placeholder={r.comments.placeholder}
          busy={busy}
          onSend={startThread}
          pin={{
            anchor: scope.draft,
            placing: scope.placing,
            canPin: Boolean(review.size) || review.video,
            onPlace: () => scope.setPlacing(!scope.placing),
            onClear: () => scope.setDraft(null),
          }}
        />
        {error && (
          <p role="alert" className={cn('rounded-control bg-danger-soft px-2.5 py-1.5 text-xs text-danger')}>
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
