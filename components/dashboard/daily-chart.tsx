'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { formatCny } from '@/lib/i18n';
import type { DaySpend } from '@/lib/ledger/spend';
import { useI18n } from '../i18n-provider';
import { KIND_COLORS, KIND_ORDER } from './series';

type Row = { date: string } & Record<(typeof KIND_ORDER)[number], number>;

/** Spend per day, stacked by kind. Amounts arrive as exact decimal strings; the chart only draws them. */
export function DailyChart({ days }: { days: DaySpend[] }) {
  const { t, locale } = useI18n();
  const rows: Row[] = days.map((d) => ({ date: d.date, edit: Number(d.edit), comparison: Number(d.comparison), video: Number(d.video) }));
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  return (
    <div className="h-64 w-full" role="img" aria-label={t.dashboard.charts.daily}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} barCategoryGap={rows.length > 60 ? 1 : '20%'}>
          <CartesianGrid vertical={false} stroke="var(--line)" />
          <XAxis
            dataKey="date"
            tickFormatter={dayLabel}
            tick={{ fill: 'var(--ink-subtle)', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: 'var(--line-strong)' }}
            minTickGap={24}
          />
          <YAxis
            width={64}
            // Axis ticks stay short in every language: ¥0.8 rather than CN¥0.80.
            tickFormatter={(v: number) => `¥${Number(v.toFixed(4))}`}
            tick={{ fill: 'var(--ink-subtle)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            allowDecimals
          />
          <Tooltip cursor={{ fill: 'var(--subtle)' }} content={(props) => <DayTooltip {...props} dayLabel={dayLabel} />} />
          {KIND_ORDER.map((kind, i) => (
            <Bar
              key={kind}
              dataKey={kind}
              name={t.dashboard.kinds[kind]}
              stackId="spend"
              fill={KIND_COLORS[kind]}
              radius={i === KIND_ORDER.length - 1 ? [3, 3, 0, 0] : 0}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function DayTooltip({ active, payload, label, dayLabel }: TooltipContentProps<ValueType, NameType> & { dayLabel: (date: string) => string }) {
  const { t, locale } = useI18n();
  if (!active || !payload?.length) return null;
  const total = payload.reduce((sum, p) => sum + Number(p.value ?? 0), 0);
  return (
    <div className="grid min-w-40 gap-1.5 rounded-control bg-surface px-3 py-2 text-[13px] shadow-card">
      <p className="font-medium text-ink">{dayLabel(String(label))}</p>
      {[...payload].reverse().map((p) => (
        <p key={String(p.dataKey)} className="flex items-center justify-between gap-4 text-ink-muted">
          <span className="flex items-center gap-1.5">
            <span className="size-2 rounded-full" style={{ background: String(p.color) }} />
            {p.name}
          </span>
          <span className="tabular-nums">{formatCny(Number(p.value ?? 0), locale)}</span>
        </p>
      ))}
      <p className="flex justify-between gap-4 border-t border-line pt-1.5 font-medium text-ink">
        <span>{t.dashboard.charts.total}</span>
        <span className="tabular-nums">{formatCny(total, locale)}</span>
      </p>
    </div>
  );
}
