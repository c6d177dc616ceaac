'use client';

import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../ui/cn';

/** One day of the chart as the tooltip says it: its label, each kind's amount (in KIND_ORDER) and the total, formatted. */
export interface ChartDay {
  label: string;
  amounts: string[];
  total: string;
}

/**
 * The days of the daily chart as columns laid over its bars: hovering or focusing one shows its
 * amounts. One tab stop; the arrow keys, Home and End move between days.
 */
export function ChartDays({
  days,
  kinds,
  totalLabel,
  className,
}: {
  days: ChartDay[];
  kinds: { name: string; color: string }[];
  totalLabel: string;
  className: string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  // The pointer's day, else the focused one: moving the mouse away leaves the keyboard's tooltip.
  const active = hovered ?? focused;
  const [tabStop, setTabStop] = useState(days.length - 1);
  const columns = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const band = 100 / days.length;

  // Beside its column, on the right when it fits, else on the left, else centred within the chart.
  useLayoutEffect(() => {
    const area = columns.current?.clientWidth ?? 0;
    const box = tip.current;
    if (active === null || !box) return;
    const width = box.offsetWidth;
    const column = area / days.length;
    const right = (active + 1) * column + 8;
    const left = active * column - 8 - width;
    const centred = Math.max(0, Math.min(area - width, (active + 0.5) * column - width / 2));
    box.style.left = `${right + width <= area ? right : left >= 0 ? left : centred}px`;
  }, [active, days.length]);

  const move = (event: KeyboardEvent, from: number) => {
    const to = ({ ArrowLeft: from - 1, ArrowRight: from + 1, Home: 0, End: days.length - 1 } as Record<string, number>)[event.key];
    if (to === undefined) return;
    event.preventDefault();
    (columns.current?.children[Math.max(0, Math.min(days.length - 1, to))] as HTMLElement | undefined)?.focus();
  };

  const day = active === null ? null : days[active];
  return (
    <div className={className} onPointerLeave={() => setHovered(null)}>
      <div ref={columns} className="absolute inset-0">
        {days.map((d, i) => (
          <div
            key={i}
            role="img"
            aria-label={`${d.label}: ${kinds.map((k, n) => `${k.name} ${d.amounts[n]}`).join(', ')}; ${totalLabel} ${d.total}`}
            tabIndex={i === tabStop ? 0 : -1}
            className={cn('focus-ring absolute inset-y-0 rounded-sm', i === active && 'bg-subtle')}
            style={{ left: `${i * band}%`, width: `${band}%` }}
            onPointerEnter={() => setHovered(i)}
            onFocus={() => {
              setFocused(i);
              setTabStop(i);
            }}
            onBlur={() => setFocused(null)}
            onKeyDown={(event) => move(event, i)}
          />
        ))}
      </div>
      {day && (
        <div
          ref={tip}
          aria-hidden
          className="pointer-events-none absolute top-0 z-20 grid w-max min-w-40 gap-1.5 rounded-control bg-surface px-3 py-2 text-[13px] shadow-card"
        >
          <p className="font-medium text-ink">{day.label}</p>
          {kinds
            .map((k, n) => (
              <p key={k.name} className="flex items-center justify-between gap-4 text-ink-muted">
                <span className="flex items-center gap-1.5">
                  <span className="size-2 rounded-full" style={{ background: k.color }} />
                  {k.name}
                </span>
                <span className="tabular-nums">{day.amounts[n]}</span>
              </p>
            ))
            .reverse()}
          <p className="flex justify-between gap-4 border-t border-line pt-1.5 font-medium text-ink">
            <span>{totalLabel}</span>
            <span className="tabular-nums">{day.total}</span>
          </p>
        </div>
      )}
    </div>
  );
}
