'use client';

import { Check, MapPin, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { ThreadView, CommentView } from '@/lib/review/comments';
import type { Member } from '@/lib/review/view';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { LocalTime } from '../local-time';
import { cn } from '../ui/cn';
import { anchorWords, Composer, type Draft } from './composer';

export interface ThreadActions {
  reply: (threadId: string, draft: Draft) => Promise<boolean>;
  edit: (commentId: string, draft: Draft) => Promise<boolean>;
  remove: (commentId: string) => Promise<boolean>;
  resolve: (threadId: string, resolved: boolean) => Promise<boolean>;
}

/** One thread: its pin, its comments in order, a reply box, and resolve or reopen. */
export function ThreadCard({
  thread,
  active,
  onActivate,
  members,
  me,
  canModerate,
  busy,
  actions,
}: {
  thread: ThreadView;
  active: boolean;
  onActivate: () => void;
  members: Member[];
  me: string;
  canModerate: boolean;
  busy: boolean;
  actions: ThreadActions;
}) {
  const { t } = useI18n();
  const c = t.review.comments;
  const [replying, setReplying] = useState(false);
  return (
    <li
      id={`thread-${thread.id}`}
      data-testid="thread"
      data-thread={thread.id}
      data-resolved={Boolean(thread.resolved) || undefined}
      className={cn(
        'grid gap-2 rounded-control border p-2.5',
        active ? 'border-accent bg-accent-soft/40' : 'border-line bg-surface',
        thread.resolved && 'opacity-75',
      )}
    >
      <button type="button" onClick={onActivate} className="focus-ring flex items-center gap-2 rounded text-left text-xs text-ink-muted">
        <span
          className={cn(
            'grid size-5 shrink-0 place-items-center rounded-full text-[10px] font-semibold',
            active ? 'bg-accent text-accent-fg' : 'bg-ink text-canvas',
          )}
        >
          {thread.n}
        </span>
        {thread.anchor ? (
          <span className="flex min-w-0 items-center gap-1">
            <MapPin className="size-3 shrink-0" />
            <span className="truncate">{anchorWords(thread.anchor, c)}</span>
          </span>
        ) : null}
        {thread.resolved && <span className="ml-auto shrink-0 text-success">{format(c.resolved, { name: thread.resolved.by ?? '' })}</span>}
      </button>
      <ol className="grid gap-2.5">
        {thread.comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} members={members} me={me} canModerate={canModerate} busy={busy} actions={actions} />
        ))}
      </ol>
      {replying ? (
        <Composer
          members={members}
          me={me}
          placeholder={c.replyPlaceholder}
          busy={busy}
          autoFocus
          onCancel={() => setReplying(false)}
          onSend={async (draft) => {
            const sent = await actions.reply(thread.id, draft);
            if (sent) setReplying(false);
            return sent;
          }}
        />
      ) : (
        <div className="flex gap-1">
          <button
            type="button"
            onClick={() => setReplying(true)}
            className="focus-ring rounded px-1.5 py-0.5 text-xs text-ink-muted hover:bg-subtle hover:text-ink"
          >
            {c.reply}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void actions.resolve(thread.id, !thread.resolved)}
            className="focus-ring inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-ink-muted hover:bg-subtle hover:text-ink"
          >
            {thread.resolved ? <RotateCcw className="size-3" /> : <Check className="size-3" />}
            {thread.resolved ? c.reopen : c.resolve}
          </button>
        </div>
      )}
    </li>
  );
}

function CommentItem({
  comment,
  members,
  me,
  canModerate,
  busy,
  actions,
}: {
  comment: CommentView;
  members: Member[];
  me: string;
  canModerate: boolean;
  busy: boolean;
  actions: ThreadActions;
}) {
  const { t } = useI18n();
  const c = t.review.comments;
  const [editing, setEditing] = useState(false);
  const mine = comment.author?.id === me;
  if (comment.deleted) return <li className="text-xs text-ink-subtle italic">{c.deleted}</li>;
  return (
    <li className="grid gap-1" data-testid="comment" data-comment={comment.id}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-medium text-ink">{comment.author?.name ?? t.review.inbox.someone}</span>
        <span className="text-ink-subtle">
          <LocalTime at={comment.createdAt} options={{ dateStyle: 'short', timeStyle: 'short' }} />
          {comment.editedAt ? ` · ${c.edited}` : ''}
        </span>
      </p>
      {editing ? (
        <Composer
          members={members}
          me={me}
          placeholder={c.placeholder}
          busy={busy}
          initial={{ body: comment.body, mentions: comment.mentions.map((m) => m.id) }}
          autoFocus
          onCancel={() => setEditing(false)}
          onSend={async (draft) => {
            const saved = await actions.edit(comment.id, draft);
            if (saved) setEditing(false);
            return saved;
          }}
        />
      ) : (
        <>
          <p className="text-[13px] leading-relaxed break-words whitespace-pre-wrap text-ink" data-testid="comment-body">
            {comment.mentions.length > 0 && (
              <>
                <span className="text-accent">{comment.mentions.map((m) => `@${m.name}`).join(' ')}</span>{' '}
              </>
            )}
            {comment.body}
          </p>
          {(mine || canModerate) && (
            <span className="flex gap-1">
              {mine && (
                <button type="button" onClick={() => setEditing(true)} className="focus-ring rounded px-1 text-[11px] text-ink-subtle hover:text-ink">
                  {c.edit}
                </button>
              )}
              <button
                type="button"
                disabled={busy}
                onClick={() => void actions.remove(comment.id)}
                className="focus-ring rounded px-1 text-[11px] text-ink-subtle hover:text-danger"
              >
                {c.delete}
              </button>
            </span>
          )}
        </>
      )}
    </li>
  );
}
