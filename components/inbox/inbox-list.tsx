'use client';

import { AtSign, CheckCheck, CircleCheck, CircleX, Inbox as InboxIcon, MessageSquareReply, Wallet } from 'lucide-react';
import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import type { InboxItem } from '@/lib/inbox/notifications';
import { format, formatCny } from '@/lib/i18n';
import { EmptyState } from '../empty/empty-state';
import { useI18n } from '../i18n-provider';
import { LocalTime } from '../local-time';
import { postJson, useJson } from '../server-state';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { COUNT_URL } from './inbox-bell';

type Inbox = { items: InboxItem[]; unread: number; more: boolean };

const ICONS = { mention: AtSign, reply: MessageSquareReply, approval_asked: Wallet, approval_decided: CircleCheck } as const;

/** The member's inbox, newest first, kept fresh by polling; an item opened (or all of them) is marked read. */
export function InboxList({ initial }: { initial: Inbox }) {
  const { t, locale } = useI18n();
  const w = t.review.inbox;
  const client = useQueryClient();
  const { data = initial } = useJson<Inbox>('/api/inbox', { refetchInterval: 20_000 });
  const markRead = async (body: { ids: string[] } | { all: true }) => {
    await postJson('/api/inbox', body);
    await Promise.all([client.invalidateQueries({ queryKey: ['/api/inbox'] }), client.invalidateQueries({ queryKey: [COUNT_URL] })]);
  };
  if (data.items.length === 0) return <EmptyState icon={<InboxIcon />} title={w.title} description={w.empty} />;
  const title = (item: InboxItem) => {
    const actor = item.actor ?? w.someone;
    if (item.kind === 'mention') return format(w.mention, { actor });
    if (item.kind === 'reply') return format(w.reply, { actor });
    const estimate = formatCny(item.approval?.estimate ?? '0', locale);
    if (item.kind === 'approval_asked') return format(w.approvalAsked, { actor, estimate });
    return format(w.approvalDecided, {
      estimate,
      status: t.review.approvals.status[(item.approval?.status ?? 'approved') as keyof typeof t.review.approvals.status],
    });
  };
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" data-testid="inbox-unread">
          {format(w.unread, { n: data.unread })}
        </p>
        <Button variant="secondary" size="sm" disabled={data.unread === 0} onClick={() => void markRead({ all: true })}>
          <CheckCheck />
          {w.markAll}
        </Button>
      </div>
      <ul className="grid gap-2" data-testid="inbox-items">
        {data.items.map((item) => {
          const refused = ['declined', 'refused', 'expired', 'void'].includes(item.approval?.status ?? '');
          const Icon = item.kind === 'approval_decided' && refused ? CircleX : ICONS[item.kind];
          const reason = item.approval?.reasonKey
            ? (t.review.approvals.voidReasons[item.approval.reasonKey as keyof typeof t.review.approvals.voidReasons] ?? item.approval.reason)
            : item.approval?.reason;
          return (
            <li key={item.id} data-testid="inbox-item" data-kind={item.kind} data-read={item.read || undefined}>
              <Link
                href={item.href}
                onClick={() => !item.read && void markRead({ ids: [item.id] })}
                className={cn(
                  'focus-ring flex gap-3 rounded-card p-3.5 shadow-card transition-colors hover:bg-subtle',
                  item.read ? 'bg-surface/60' : 'bg-surface ring-1 ring-accent/30',
                )}
              >
                <span
                  className={cn(
                    'mt-0.5 grid size-8 shrink-0 place-items-center rounded-full',
                    item.read ? 'bg-subtle text-ink-muted' : 'bg-accent-soft text-accent-soft-ink',
                  )}
                >
                  <Icon className="size-4" />
                </span>
                <span className="grid min-w-0 flex-1 gap-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                    <span className={cn('text-sm text-ink', !item.read && 'font-medium')}>{title(item)}</span>
                    <span className="text-xs text-ink-subtle">
                      <LocalTime at={item.at} options={{ dateStyle: 'short', timeStyle: 'short' }} />
                    </span>
                  </span>
                  {item.excerpt && <span className="line-clamp-2 text-[13px] break-words text-ink-muted">{item.excerpt}</span>}
                  {item.approval && <span className="line-clamp-1 text-[13px] break-words text-ink-muted">{item.approval.prompt}</span>}
                  {reason && (
                    <span className="text-[13px] break-words text-warning" data-testid="inbox-reason">
                      {reason}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
