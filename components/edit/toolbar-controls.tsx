'use client';

import { SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { usePopover } from '../ui/use-popover';

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
      className={cn('px-2!', chosen && 'text-ink')}
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
      <span className="w-9 tabular-nums">
        {value}
        {unit}
      </span>
    </label>
  );
}

/**
 * The toolbar's less used controls in a panel under a button: it stays open while they are used,
 * and closes on Escape, a press elsewhere (the canvas too) or the button again.
 */
export function MoreTools({ label, children }: { label: string; children: ReactNode }) {
  const { open, setOpen, root, button } = usePopover();
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={buttonClass(open ? 'secondary' : 'ghost', 'sm', 'px-2!')}
      >
        <SlidersHorizontal />
        {label}
      </button>
      {open && (
        <div
          role="group"
          aria-label={label}
          className="absolute top-full right-0 z-30 mt-2 grid w-max max-w-[calc(100vw-2rem)] animate-pop-in justify-items-start gap-2 rounded-card bg-surface p-3 shadow-pop"
        >
          {children}
        </div>
      )}
    </div>
  );
}
