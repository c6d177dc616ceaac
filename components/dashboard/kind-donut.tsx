import { formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import type { Slice } from '@/lib/ledger/spend';
import { KIND_COLORS, KIND_ORDER } from './series';

/** The ring in a 100 × 100 box: outer radius 50, inner 34 (68 %), drawn as one stroke down its middle. */
const RADIUS = 42;
const WIDTH = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** Degrees left blank after each slice when there are several. */
const GAP = 2;

/** Spend by kind as a ring with its legend beside it (the legend carries the numbers). */
export function KindDonut({ slices, total, t, locale }: { slices: Slice[]; total: string; t: Dictionary; locale: Locale }) {
  const ordered = KIND_ORDER.map((kind) => slices.find((s) => s.key === kind) ?? { key: kind, label: kind, amount: '0', count: 0 });
  const spent = ordered.filter((s) => Number(s.amount) > 0);
  const sum = spent.reduce((all, s) => all + Number(s.amount), 0);
  const gap = spent.length > 1 ? GAP : 0;
  const sweeps = spent.map((s) => ((360 - gap * spent.length) * Number(s.amount)) / sum);
  const arcs = spent.map((s, i) => ({
    kind: s.key as (typeof KIND_ORDER)[number],
    start: sweeps.slice(0, i).reduce((all, sweep) => all + sweep + gap, 0),
    sweep: sweeps[i],
  }));
  const length = (degrees: number) => (degrees / 360) * CIRCUMFERENCE;
  return (
    <div className="grid gap-5">
      <div className="relative mx-auto size-36" role="img" aria-label={t.dashboard.charts.byKind}>
        {/* Clockwise from twelve o'clock: a circle's stroke starts at three, hence the turn. */}
        <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden>
          {arcs.length === 0 ? (
            <circle cx="50" cy="50" r={RADIUS} fill="none" stroke="var(--subtle)" strokeWidth={WIDTH} />
          ) : (
            arcs.map((a) => (
              <circle
                key={a.kind}
                cx="50"
                cy="50"
                r={RADIUS}
                fill="none"
                stroke={KIND_COLORS[a.kind]}
                strokeWidth={WIDTH}
                strokeDasharray={`${length(a.sweep)} ${CIRCUMFERENCE}`}
                strokeDashoffset={-length(a.start)}
              />
            ))
          )}
        </svg>
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
