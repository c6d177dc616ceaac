import Link from 'next/link';
import { formatCny, type Locale } from '@/lib/i18n';
import type { Slice } from '@/lib/ledger/spend';

/** A ranked list with a bar per row: models or members, longest first, names never cut by an axis. */
export function RankedBars({
  slices,
  locale,
  empty,
  limit = 8,
  href,
}: {
  slices: Slice[];
  locale: Locale;
  empty: string;
  limit?: number;
  /** Where a row's name leads (a filter), if anywhere. */
  href?: (slice: Slice) => string;
}) {
  if (slices.length === 0) return <p className="py-6 text-center text-sm text-ink-subtle">{empty}</p>;
  const max = Math.max(...slices.map((s) => Number(s.amount)), 0.0001);
  return (
    <ol className="grid gap-3">
      {slices.slice(0, limit).map((s) => (
        <li key={s.key} data-key={s.key} data-amount={s.amount} className="grid gap-1.5">
          <div className="flex items-baseline justify-between gap-3 text-[13px]">
            {href ? (
              <Link href={href(s)} className="truncate text-ink hover:text-accent" title={s.label}>
                {s.label}
              </Link>
            ) : (
              <span className="truncate text-ink" title={s.label}>
                {s.label}
              </span>
            )}
            <span className="shrink-0 text-ink tabular-nums">{formatCny(s.amount, locale)}</span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-subtle">
            <div className="h-full rounded-full bg-accent" style={{ width: `${Math.max(1.5, (Number(s.amount) / max) * 100)}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
