'use client';

import { Hourglass } from 'lucide-react';
import Link from 'next/link';
import type { HeldRequest } from '@/lib/generations/approval-gate';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';

/** What a member sees at once when a request of theirs waits for approval: why, and where to follow it. */
export function HeldNotice({ held, className }: { held: HeldRequest; className?: string }) {
  const { t, locale } = useI18n();
  const a = t.review.approvals;
  return (
    <div
      role="status"
      data-testid="held-notice"
      data-approval={held.id}
      className={cn('flex items-start gap-2.5 rounded-card bg-warning-soft px-4 py-3 text-sm text-warning', className)}
    >
      <Hourglass className="mt-0.5 size-4 shrink-0" />
      <p className="grid gap-1">
        <span>{format(a.held, { threshold: formatCny(held.threshold, locale), estimate: formatCny(held.estimate, locale) })}</span>
        <Link href={`/inbox/approvals#${held.id}`} className="focus-ring w-fit rounded font-medium underline underline-offset-2">
          {a.heldLink}
        </Link>
      </p>
    </div>
  );
}
