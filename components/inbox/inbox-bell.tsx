'use client';

import { Bell } from 'lucide-react';
import Link from 'next/link';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { useJson } from '../server-state';
import { cn } from '../ui/cn';

export const COUNT_URL = '/api/inbox/count';

/**
 * The inbox's bell, with what waits: unread items, and for owners and admins requests to decide.
 * Polled through the one query cache (any replica answers), so a mention made on another server
 * shows here within the poll.
 */
export function InboxBell({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { t } = useI18n();
  const { data } = useJson<{ unread: number; waiting: number }>(COUNT_URL, { refetchInterval: 20_000 });
  const count = (data?.unread ?? 0) + (data?.waiting ?? 0);
  const label = count > 0 ? `${t.review.inbox.bell} · ${format(t.review.inbox.unread, { n: count })}` : t.review.inbox.bell;
  return (
    <Link
      href={data && data.waiting > 0 && data.unread === 0 ? '/inbox/approvals' : '/inbox'}
      onClick={onNavigate}
      aria-label={label}
      title={label}
      data-testid="inbox-bell"
      data-count={count}
      className={cn('focus-ring relative grid size-9 shrink-0 place-items-center rounded-control text-ink-muted hover:bg-subtle hover:text-ink', className)}
    >
      <Bell className="size-[18px]" />
      {count > 0 && (
        <span className="absolute top-1 right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-white tabular-nums">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
