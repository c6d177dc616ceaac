'use client';

import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';
import { formatCny } from '@/lib/i18n';
import type { Slice } from '@/lib/ledger/spend';
import { useI18n } from '../i18n-provider';
import { KIND_COLORS, KIND_ORDER } from './series';

/** Spend by kind as a ring with its legend beside it (the legend carries the numbers). */
export function KindDonut({ slices, total }: { slices: Slice[]; total: string }) {
  const { t, locale } = useI18n();
  const ordered = KIND_ORDER.map((kind) => slices.find((s) => s.key === kind) ?? { key: kind, label: kind, amount: '0', count: 0 });
  const data = ordered.filter((s) => Number(s.amount) > 0).map((s) => ({ kind: s.key as (typeof KIND_ORDER)[number], value: Number(s.amount) }));
  return (
    <div className="grid gap-5">
      <div className="relative mx-auto size-36" role="img" aria-label={t.dashboard.charts.byKind}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={data.length ? data : [{ kind: 'none', value: 1 }]}
              dataKey="value"
              innerRadius="68%"
              outerRadius="100%"
              paddingAngle={data.length > 1 ? 2 : 0}
              stroke="none"
              isAnimationActive={false}
            >
              {(data.length ? data : [{ kind: 'none' as const }]).map((d) => (
                <Cell key={d.kind} fill={d.kind === 'none' ? 'var(--subtle)' : KIND_COLORS[d.kind]} />
              ))}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
        <div className="pointer-events-none absolute inset-0 grid place-content-center text-center">
          <span className="text-[11px] text-ink-subtle">{t.dashboard.charts.total}</span>
          <span className="text-sm font-semibold text-ink tabular-nums">{formatCny(total, locale)}</span>
        </div>
      </div>
      <ul className="grid gap-2.5 text-[13px]">
        {ordered.map((s) => {
          const share = Number(total) > 0 ? Math.round((Number(s.amount) / Number(total)) * 100) : 0;
          return (
            <li key={s.key} data-key={s.key} data-amount={s.amount} className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 items-center gap-2 text-ink">
                <span className="size-2.5 shrink-0 rounded-full" style={{ background: KIND_COLORS[s.key as (typeof KIND_ORDER)[number]] }} />
                <span className="truncate">{t.dashboard.kinds[s.key as (typeof KIND_ORDER)[number]]}</span>
              </span>
              <span className="flex items-baseline gap-2 tabular-nums">
                <span className="text-ink">{formatCny(s.amount, locale)}</span>
                <span className="w-9 text-right text-xs text-ink-subtle">{share}%</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
