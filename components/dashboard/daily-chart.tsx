import type { CSSProperties } from 'react';
import { formatCny, type Dictionary, type Locale } from '@/lib/i18n';
import type { DaySpend } from '@/lib/ledger/spend';
import { ChartDays } from './daily-chart-days';
import { niceTicks } from './nice-ticks';
import { KIND_COLORS, KIND_ORDER } from './series';

// Drawn on the server: the bars in percentages of the plot, so it fits any width without a script;
// only the hover and focus over the days (daily-chart-days.tsx) runs in the browser.

/** A 12 px axis label's character, wide enough for any digit, ¥ or slash. */
const CHAR_PX = 7.5;
/** The least room between two day labels. */
const LABEL_GAP_PX = 20;
/** The plot's right margin (right-1), kept in step with the thinning thresholds below. */
const RIGHT_PX = 4;

/** Spend per day, stacked by kind. Amounts arrive as exact decimal strings; the chart only draws them. */
export function DailyChart({ days, t, locale }: { days: DaySpend[]; t: Dictionary; locale: Locale }) {
  const dayLabel = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const rows = days.map((d) => {
    const amounts = KIND_ORDER.map((kind) => Number(d[kind]));
    return { date: d.date, label: dayLabel.format(new Date(`${d.date}T00:00:00Z`)), amounts, total: amounts.reduce((sum, a) => sum + a, 0) };
  });
  const ticks = niceTicks(Math.max(0, ...rows.map((r) => r.total)));
  // Axis ticks stay short in every language: ¥0.8 rather than CN¥0.80.
  const tickLabels = ticks.map((v) => `¥${Number(v.toFixed(4))}`);
  const axis = Math.ceil(Math.max(...tickLabels.map((l) => l.length)) * CHAR_PX + 12);
  const toY = (v: number) => (1 - v / ticks.at(-1)!) * 100;
  const band = 100 / rows.length;
  const bar = band * (rows.length > 60 ? 0.9 : 0.8);
  const labelWidth = Math.max(...rows.map((r) => r.label.length)) * CHAR_PX;
  const id = `daily-chart-${days[0]?.date}-${days.length}`;

  return (
    <div id={id} className="@container/daily-chart relative h-64 w-full text-xs" style={{ '--axis': `${axis}px` } as CSSProperties}>
      <style>{thinning(id, rows.length, labelWidth + LABEL_GAP_PX, axis + RIGHT_PX)}</style>
      <div role="img" aria-label={t.dashboard.charts.daily} className="pointer-events-none absolute inset-0 z-10">
        <div className="absolute top-2 bottom-6 left-0 w-(--axis)">
          {ticks.map((v, i) => (
            <span key={v} className="absolute right-2 -translate-y-1/2 leading-none text-ink-subtle tabular-nums" style={{ top: `${toY(v)}%` }}>
              {tickLabels[i]}
            </span>
          ))}
        </div>
        <div className="absolute top-2 right-1 bottom-6 left-(--axis)">
          <svg className="size-full overflow-visible">
            {ticks.map((v) => (
              <line key={v} x1="0" x2="100%" y1={`${toY(v)}%`} y2={`${toY(v)}%`} stroke="var(--line)" shapeRendering="crispEdges" />
            ))}
            {/* A nested viewport clips at the axis: each top segment runs on below it (see DayBars). */}
            <svg width="100%" height="100%">
              {rows.map((r, i) => (
                <DayBars key={r.date} amounts={r.amounts} x={i * band + (band - bar) / 2} width={bar} toY={toY} />
              ))}
            </svg>
          </svg>
        </div>
        <div className="absolute right-1 bottom-0 left-(--axis) h-6 border-t border-line-strong text-ink-subtle tabular-nums">
          {rows.map((r, i) => (
            <span
              key={r.date}
              data-level={i === rows.length - 1 ? undefined : `l${level(rows.length - 1 - i)}`}
              className="absolute top-1.5 -translate-x-1/2 leading-4 whitespace-nowrap"
              // Centred under its day, but never past either end of the axis.
              style={{ left: `clamp(${labelWidth / 2}px, ${(i + 0.5) * band}%, calc(100% - ${labelWidth / 2}px))` }}
            >
              {r.label}
            </span>
          ))}
        </div>
      </div>
      <ChartDays
        // A new period is a new set of days: no hover or tab stop carried over from the last one.
        key={id}
        className="absolute top-2 right-1 bottom-6 left-(--axis)"
        days={rows.map((r, i) => ({
          label: r.label,
          amounts: KIND_ORDER.map((kind) => formatCny(days[i][kind], locale)),
          total: formatCny(r.total, locale),
        }))}
        kinds={KIND_ORDER.map((kind) => ({ name: t.dashboard.kinds[kind], color: KIND_COLORS[kind] }))}
        totalLabel={t.dashboard.charts.total}
      />
    </div>
  );
}

/** One day's stack, bottom up in KIND_ORDER; only the top segment has rounded corners. */
function DayBars({ amounts, x, width, toY }: { amounts: number[]; x: number; width: number; toY: (v: number) => number }) {
  const segments: { kind: (typeof KIND_ORDER)[number]; from: number; to: number }[] = [];
  KIND_ORDER.forEach((kind, k) => {
    const from = segments.at(-1)?.to ?? 0;
    if (amounts[k] > 0) segments.push({ kind, from, to: from + amounts[k] });
  });
  const top = segments.pop();
  if (!top) return null;
  const rect = { 'data-testid': 'daily-bar', x: `${x}%`, width: `${width}%` };
  return (
    <g>
      {/* Drawn first and down past the axis (3 % of the plot is more than the radius), so the segments
          below cover its lower part and only its top corners show rounded. */}
      <rect {...rect} y={`${toY(top.to)}%`} height={`${100 - toY(top.to) + 3}%`} rx={3} fill={KIND_COLORS[top.kind]} />
      {segments.map((s) => (
        <rect key={s.kind} {...rect} y={`${toY(s.to)}%`} height={`${toY(s.from) - toY(s.to)}%`} fill={KIND_COLORS[s.kind]} />
      ))}
    </g>
  );
}

/** How many times 2 divides n (n > 0): a label's level; the higher, the longer it stays as the chart narrows. */
const level = (n: number) => 31 - Math.clz32(n & -n);

/**
 * Day labels thinned by the chart's width, in CSS so the server's HTML is right at any width: counted
 * back from the last day (always shown), a label of level v shows once every 2^v-th label has room.
 */
function thinning(id: string, count: number, room: number, margins: number): string {
  const rules: string[] = [];
  for (let v = 0; 2 ** v < count; v++) {
    const wide = (count * room) / 2 ** v + margins;
    rules.push(`@container daily-chart (max-width: ${wide.toFixed(1)}px) { #${id} [data-level=l${v}] { display: none } }`);
  }
  return rules.join('\n');
}
