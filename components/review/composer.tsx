'use client';

import { AtSign, MapPin, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { timecode, type Anchor } from '@/lib/review/anchor';
import type { Member } from '@/lib/review/view';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { usePopover } from '../ui/use-popover';

export interface Draft {
  body: string;
  mentions: string[];
}

/** What a pin says of itself, in words: a point, a box, a time. */
export function anchorWords(anchor: Anchor, words: { pinned: string; pinnedBox: string; pinnedTime: string }): string {
  const parts: string[] = [];
  if (anchor.t !== undefined) parts.push(format(words.pinnedTime, { time: timecode(anchor.t) }));
  if (anchor.w !== undefined) parts.push(format(words.pinnedBox, { x: anchor.x!, y: anchor.y!, w: anchor.w, h: anchor.h! }));
  else if (anchor.x !== undefined) parts.push(format(words.pinned, { x: anchor.x, y: anchor.y! }));
  return parts.join(' · ');
}

/**
 * Writing a comment: its words, the members it mentions (picked from the team by name, kept by id;
 * each shows as a chip), and for a new thread its pin (placed on the picture while "Pin" is on).
 */
export function Composer({
  members,
  me,
  placeholder,
  busy,
  onSend,
  initial,
  onCancel,
  pin,
  autoFocus,
}: {
  members: Member[];
  me: string;
  placeholder: string;
  busy: boolean;
  onSend: (draft: Draft) => Promise<boolean>;
  initial?: Draft;
  onCancel?: () => void;
  /** A new thread's pin: the one placed, and the switch to place one. */
  pin?: { anchor: Anchor | null; placing: boolean; onPlace: () => void; onClear: () => void; canPin: boolean };
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const c = t.review.comments;
  const [body, setBody] = useState(initial?.body ?? '');
  const [mentions, setMentions] = useState<string[]>(initial?.mentions ?? []);
  const named = new Map(members.map((m) => [m.id, m.name]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() || busy) return;
    if (await onSend({ body, mentions })) {
      setBody('');
      setMentions([]);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-2" data-testid="comment-composer">
      {pin?.anchor && (
        <p className="flex items-center gap-1.5 text-xs text-accent" data-testid="draft-pin">
          <MapPin className="size-3.5" />
          {anchorWords(pin.anchor, c)}
          <button
            type="button"
            onClick={pin.onClear}
            className="focus-ring ml-auto rounded text-ink-subtle hover:text-ink"
            aria-label={c.unpin}
            title={c.unpin}
          >
            <X className="size-3.5" />
          </button>
        </p>
      )}
      {pin?.placing && <p className="rounded-control bg-accent-soft px-2.5 py-1.5 text-xs text-accent-soft-ink">{c.pinHint}</p>}
      <textarea
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void submit(e);
          if (e.key === 'Escape' && onCancel) onCancel();
        }}
        placeholder={placeholder}
        aria-label={placeholder}
        rows={2}
        maxLength={4000}
        autoFocus={autoFocus}
        className="focus-ring min-h-16 w-full resize-y rounded-control border border-line bg-surface px-2.5 py-2 text-[13px] text-ink placeholder:text-ink-subtle"
      />
      {mentions.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={c.mention}>
          {mentions.map((id) => (
            <li
              key={id}
              className="inline-flex h-6 items-center gap-1 rounded-full bg-accent-soft pr-1 pl-2 text-xs text-accent-soft-ink"
              data-testid="mention-chip"
            >
              @{named.get(id) ?? '?'}
              <button
                type="button"
                onClick={() => setMentions(mentions.filter((m) => m !== id))}
                className="rounded-full hover:bg-accent/15"
                aria-label={`${c.unpin} @${named.get(id)}`}
              >
                <X className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        <MentionPicker members={members.filter((m) => m.id !== me && !mentions.includes(m.id))} onPick={(id) => setMentions([...mentions, id])} />
        {pin?.canPin && (
          <Button
            variant="ghost"
            size="sm"
            onClick={pin.onPlace}
            aria-pressed={pin.placing}
            className={cn(pin.placing && 'bg-accent-soft text-accent-soft-ink')}
          >
            <MapPin />
            {c.pin}
          </Button>
        )}
        <span className="ml-auto flex gap-1.5">
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              {c.cancel}
            </Button>
          )}
          <Button type="submit" size="sm" pending={busy} disabled={!body.trim()}>
            {initial ? c.save : c.send}
          </Button>
        </span>
      </div>
    </form>
  );
}

/** "Mention": the team's members, found by name, chosen by click or Enter. */
function MentionPicker({ members, onPick }: { members: Member[]; onPick: (id: string) => void }) {
  const { t } = useI18n();
  const c = t.review.comments;
  const { open, setOpen, root, button } = usePopover();
  const [query, setQuery] = useState('');
  const found = members.filter((m) => m.name.toLowerCase().includes(query.trim().toLowerCase())).slice(0, 8);
  const pick = (id: string) => {
    onPick(id);
    setQuery('');
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-haspopup="listbox"
        onClick={() => setOpen(!open)}
        disabled={members.length === 0}
        className={buttonClass('ghost', 'sm')}
      >
        <AtSign />
        {c.mention}
      </button>
      {open && (
        <div className="absolute bottom-full left-0 z-40 mb-1 w-56 animate-pop-in rounded-card bg-surface p-1.5 shadow-pop">
          <input
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && found[0]) {
                e.preventDefault();
                pick(found[0].id);
              }
            }}
            placeholder={c.mentionSearch}
            aria-label={c.mentionSearch}
            className="focus-ring mb-1 h-8 w-full rounded-control border border-line bg-canvas px-2 text-[13px]"
          />
          <ul role="listbox" aria-label={c.mention} className="grid max-h-48 overflow-y-auto">
            {found.map((m) => (
              <li key={m.id} role="option" aria-selected={false}>
                <button
                  type="button"
                  onClick={() => pick(m.id)}
                  className="focus-ring w-full truncate rounded-control px-2 py-1.5 text-left text-[13px] hover:bg-subtle"
                >
                  {m.name}
                </button>
              </li>
            ))}
            {found.length === 0 && <li className="px-2 py-1.5 text-xs text-ink-subtle">{c.noMembers}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
