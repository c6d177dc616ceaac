'use client';

import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
  /** A caution about this option (e.g. "costs more"): a dot on the option and a line under the row. */
  note?: string;
}

/** A row of radio buttons drawn as one control: sizes, durations, resolutions, aspect ratios. */
export function Segmented<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  title,
}: {
  label: string;
  value: V;
  options: Array<SegmentedOption<V>>;
  onChange: (value: V) => void;
  /** Off for now (the `title` says why). */
  disabled?: boolean;
  title?: string;
}) {
  const name = useId();
  const noted = options.find((o) => o.note);
  return (
    <fieldset className="grid min-w-0 content-start gap-1.5 disabled:opacity-55" disabled={disabled} title={title}>
      <legend className="mb-1.5 text-[13px] font-medium text-ink">{label}</legend>
      <div className="flex min-h-9 rounded-control border border-line-strong bg-surface p-0.5 shadow-xs">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-[0.35rem] px-2 py-1 text-[13px] font-medium whitespace-nowrap transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent',
              option.value === value ? 'bg-accent text-accent-fg' : 'text-ink-muted hover:bg-subtle',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="sr-only"
              aria-label={option.note ? `${option.label} (${option.note})` : undefined}
            />
            {option.icon}
            {option.label}
            {option.note && <span aria-hidden className="absolute top-1 right-1 size-1.5 rounded-full bg-warning" />}
          </label>
        ))}
      </div>
      {noted && (
        <p className={cn('text-xs', value === noted.value ? 'text-warning' : 'text-ink-subtle')}>
          {noted.label}: {noted.note}
        </p>
      )}
    </fieldset>
  );
}
