import Link from 'next/link';
import { format, type Dictionary } from '@/lib/i18n';
import { PRESETS, type Preset } from '@/lib/ledger/ranges';
import type { SpendRange } from '@/lib/ledger/spend';
import { withQuery } from '@/lib/http/page-query';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';

/** Preset periods as links and a custom period as a plain GET form: works before any script loads. */
export function RangeBar({
  range,
  preset,
  invalid,
  timeZone,
  keep = {},
  t,
}: {
  range: SpendRange;
  preset: Preset | null;
  invalid: boolean;
  timeZone: string;
  /** Other filters the period's links and form carry along (the API key). */
  keep?: Record<string, string>;
  t: Dictionary;
}) {
  const r = t.dashboard.range;
  const labels: Record<Preset, string> = { 'this-month': r.thisMonth, 'last-month': r.lastMonth, '7d': r.last7, '30d': r.last30, '90d': r.last90 };
  const exportHref = `/api/ledger/export?from=${range.from}&to=${range.to}`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label={r.label} className="flex flex-wrap rounded-control border border-line-strong bg-surface p-0.5 shadow-xs">
          {PRESETS.map((p) => (
            <Link
              key={p}
              href={withQuery('/dashboard', { ...(p === 'this-month' ? {} : { range: p }), ...keep })}
              aria-current={p === preset ? 'page' : undefined}
              className={cn(
                'focus-ring rounded-[0.35rem] px-3 py-1 text-[13px] font-medium whitespace-nowrap transition-colors',
                p === preset ? 'bg-accent text-accent-fg' : 'text-ink-muted hover:bg-subtle',
              )}
            >
              {labels[p]}
            </Link>
          ))}
        </nav>
        <form action="/dashboard" method="get" className="flex flex-wrap items-end gap-2">
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {(['from', 'to'] as const).map((end) => (
            <label key={end} className="grid gap-1 text-xs text-ink-muted">
              {r[end]}
              <input
                type="date"
                name={end}
                defaultValue={range[end]}
                required
                className="focus-ring h-8 rounded-control border border-line-strong bg-surface px-2 text-[13px] text-ink"
              />
            </label>
          ))}
          <button type="submit" className={buttonClass('secondary', 'sm')}>
            {r.apply}
          </button>
          <a href={exportHref} download className={buttonClass('secondary', 'sm')} title={t.dashboard.exportHint}>
            {t.dashboard.export}
          </a>
        </form>
      </div>
      <p className={cn('text-xs', invalid ? 'text-danger' : 'text-ink-subtle')} role={invalid ? 'alert' : undefined}>
        {invalid ? r.invalid : format(r.zone, { zone: timeZone })}
      </p>
    </div>
  );
}
