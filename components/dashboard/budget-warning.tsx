import Link from 'next/link';
import { TriangleAlert } from 'lucide-react';
import { format, formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import { budgetsNearLimit, usage, type BudgetStatus } from '@/lib/ledger/budget-usage';
import { percent } from './budget-meter';

/** For owners and admins: the budgets at 80 % or more this month, above every studio page. */
export function BudgetWarning({ status, t, locale }: { status: BudgetStatus; t: Dictionary; locale: Locale }) {
  const near = budgetsNearLimit(status);
  if (near.length === 0) return null;
  const w = t.dashboard.warning;
  const [first, ...rest] = near;
  const values = { percent: percent(usage(first) ?? 0), spent: formatCny(first.spent, locale), limit: formatCny(first.limit!, locale), name: first.name };
  const over = (usage(first) ?? 0) >= 1;
  return (
    <div
      role="status"
      className={`mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-card px-4 py-3 text-[13px] ring-1 ring-inset ${over ? 'bg-danger-soft text-danger ring-danger/20' : 'bg-warning-soft text-warning ring-warning/25'}`}
    >
      <TriangleAlert className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 text-ink">
        {format(first.userId === null ? w.team : w.member, values)}
        {rest.length > 0 && <span className="text-ink-muted"> {format(w.more, { n: rest.length })}</span>}
      </p>
      <Link href="/dashboard/budgets" className="focus-ring rounded font-medium underline-offset-2 hover:underline">
        {w.review}
      </Link>
    </div>
  );
}
