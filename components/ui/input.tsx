import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';

const control =
  'focus-ring w-full rounded-control border border-line-strong bg-surface text-sm text-ink shadow-xs transition-colors placeholder:text-ink-subtle hover:border-ink-subtle/60 focus-visible:border-accent disabled:opacity-60 aria-invalid:border-danger aria-invalid:focus-visible:outline-danger';

export function Input({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(control, 'h-10 px-3', className)} {...rest} />;
}

/** A choice among `options` (or among the `<option>`s given as children). */
export function Select({
  className,
  options,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { options?: readonly { value: string; label: ReactNode }[] }) {
  return (
    <span className={cn('relative inline-flex', className)}>
      <select className={cn(control, 'h-9 appearance-none pr-8 pl-3')} {...rest}>
        {options?.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-ink-subtle" />
    </span>
  );
}

/** A labelled control with its hint or error below, wired up for screen readers. */
export function Field({ id, label, hint, error, children }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    // content-start: beside a taller field in a grid row, the label and control stay at the top.
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-ink">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-[13px] text-danger" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-[13px] text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The aria props a control inside <Field> needs. */
export const fieldAria = (id: string, error?: string, hint?: boolean) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

/** A checkbox with its title and a line of explanation beside it; the whole row toggles it. */
export function CheckField({
  id,
  label,
  hint,
  className,
  ...input
}: { id: string; label: ReactNode; hint: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  return (
    <label className={cn('flex items-start gap-3', className)}>
      <input type="checkbox" id={id} aria-describedby={`${id}-hint`} className="mt-0.5 size-4 accent-[var(--accent)]" {...input} />
      <span className="grid gap-0.5">
        <span className="flex items-center gap-1.5 text-[13px] font-medium text-ink">{label}</span>
        <span id={`${id}-hint`} className="text-[13px] text-ink-muted">
          {hint}
        </span>
      </span>
    </label>
  );
}
