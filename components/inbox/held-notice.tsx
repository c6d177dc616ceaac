'use client';

import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { ApprovalView } from '@/lib/approvals/requests';
import type { HeldRequest } from '@/lib/generations/approval-gate';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { useJson } from '../server-state';
import { cn } from '../ui/cn';

/** How often a waiting request is asked after: a decision made on any replica shows within this. */
const POLL_MS = 5000;

/**
 * What a member sees at once when a request of theirs waits for approval: why, and where to follow
 * it. It follows the request itself: once decided, it says how (and why, when declined), and once
 * the request has run the page is drawn again with its result in it.
 */
export function HeldNotice({ held, className }: { held: HeldRequest; className?: string }) {
  const { t, locale } = useI18n();
  const a = t.review.approvals;
  const router = useRouter();
  const { data } = useJson<ApprovalView>(`/api/approvals/${held.id}`, {
    refetchInterval: (query) => (!query.state.data || ['awaiting_approval', 'approved', 'running'].includes(query.state.data.status) ? POLL_MS : false),
  });
  const status = data?.status ?? 'awaiting_approval';
  const ran = data?.generationId ?? null;
  useEffect(() => {
    if (ran) router.refresh();
  }, [ran, router]);
  const refused = ['declined', 'refused', 'expired', 'void', 'cancelled'].includes(status);
  const Icon = status === 'awaiting_approval' ? Hourglass : refused ? CircleX : CircleCheck;
  const reason = data?.reasonKey ? (a.voidReasons[data.reasonKey as keyof typeof a.voidReasons] ?? data.reason) : data?.reason;
  return (
    <div
      role="status"
      data-testid="held-notice"
      data-approval={held.id}
      data-status={status}
      className={cn(
        'flex items-start gap-2.5 rounded-card px-4 py-3 text-sm',
        status === 'awaiting_approval' ? 'bg-warning-soft text-warning' : refused ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <p className="grid gap-1">
        <span>
          {status === 'awaiting_approval'
            ? format(a.held, { threshold: formatCny(held.threshold, locale), estimate: formatCny(held.estimate, locale) })
            : `${a.status[status]}${data?.decidedBy ? ` · ${data.decidedBy}` : ''}`}
        </span>
        {reason && <span className="text-ink">{reason}</span>}
        {data?.href ? (
          <Link href={data.href} className="focus-ring w-fit rounded font-medium underline underline-offset-2">
            {a.openResult}
          </Link>
        ) : (
          <Link href={`/inbox/approvals#${held.id}`} className="focus-ring w-fit rounded font-medium underline underline-offset-2">
            {a.heldLink}
          </Link>
        )}
      </p>
    </div>
  );
}
