'use client';

import { Button } from '../ui/button';
import { cn } from '../ui/cn';

/** One of a row of choices (a tool, a mode): pressed when chosen, named for screen readers and on hover. */
export function Choice({ chosen, label, onChoose, children }: { chosen: boolean; label: string; onChoose: () => void; children: React.ReactNode }) {
  return (
    <Button
      variant={chosen ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={chosen}
      aria-label={label}
      title={label}
      onClick={onChoose}
      className={cn(chosen && 'text-ink')}
    >
      {children}
    </Button>
  );
}

/** A labelled range with its value beside it (pixels unless told). */
export function PixelSlider({
  label,
  min,
  max,
  value,
  unit = 'px',
  onChange,
  className,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  unit?: string;
  onChange: (value: number) => void;
  className: string;
}) {
  return (
    <label className="flex items-center gap-2 text-xs text-ink-muted">
      {label}
      <input
        type="range"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className={cn('accent-[var(--accent)]', className)}
      />
      <span className="w-10 tabular-nums">
        {value}
        {unit}
      </span>
    </label>
  );
}
