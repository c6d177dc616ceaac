import type { ReactNode } from 'react';
import { format, formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import { usage, type BudgetStatus } from '@/lib/ledger/budget-usage';
import type { SpendReport } from '@/lib/ledger/spend';
import { BudgetMeter, percent } from './budget-meter';

function Stat({ id, amount, label, value, children }: { id: string; amount?: string; label: string; value: string; children?: ReactNode }) {
  return (
    <div data-testid={`stat-${id}`} data-amount={amount} className="grid content-start gap-1 rounded-card bg-surface px-5 py-4 shadow-card">
      <p className="text-[13px] text-ink-muted">{label}</p>
      <p className="text-2xl font-semibold tracking-tight text-ink tabular-nums">{value}</p>
      {children}
    </div>
  );
}

/** The four numbers at the top: this month, last month, the chosen period, the team budget. */
export function StatCards({ report, budget, t, locale }: { report: SpendReport; budget: BudgetStatus; t: Dictionary; locale: Locale }) {
  const s = t.dashboard.stats;
  const line = budget.team;
  const used = usage(line);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat id="this-month" amount={report.thisMonth} label={s.thisMonth} value={formatCny(report.thisMonth, locale)} />
      <Stat id="last-month" amount={report.lastMonth} label={s.lastMonth} value={formatCny(report.lastMonth, locale)} />
      <Stat id="range" amount={report.total} label={s.range} value={formatCny(report.total, locale)}>
        <p className="text-xs text-ink-subtle">{format(s.charges, { n: report.count })}</p>
        {report.interrupted > 0 && (
          <p className="text-xs text-warning" data-testid="stat-interrupted" data-count={report.interrupted}>
            {format(s.interrupted, { n: report.interrupted })}
          </p>
        )}
      </Stat>
      <Stat
        id="budget"
        label={budget.hard || line.limit === null ? s.budget : `${s.budget} · ${s.soft}`}
        value={line.limit === null ? '—' : `${percent(used ?? 0)}%`}
      >
        {line.limit === null ? (
          <p className="text-xs text-ink-subtle">{s.budgetNone}</p>
        ) : (
          <>
            <BudgetMeter used={used ?? 0} label={s.budget} className="mt-1" />
            <p className="text-xs text-ink-subtle">
              {format(s.budgetLeft, { left: formatCny(Math.max(0, Number(line.limit) - Number(line.spent)), locale), limit: formatCny(line.limit, locale) })}
            </p>
          </>
        )}
      </Stat>
    </div>
  );
}
