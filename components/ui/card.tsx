import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={cn('min-w-0 rounded-card bg-surface shadow-card', className)} {...rest} />;
}

export function CardHeader({ title, description, action, className }: { title: ReactNode; description?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <header className={cn('flex items-start justify-between gap-4 px-5 pt-5 sm:px-6 sm:pt-6', className)}>
      <div className="grid min-w-0 flex-1 gap-1">
        <h2 className="text-[15px] font-semibold tracking-tight text-ink">{title}</h2>
        {description && <p className="max-w-prose text-sm leading-relaxed text-ink-muted">{description}</p>}
      </div>
      {action && <div className="flex shrink-0 items-center gap-2">{action}</div>}
    </header>
  );
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...rest} />;
}

export function CardFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-b-card border-t border-line bg-subtle/60 px-5 py-3 text-[13px] text-ink-muted sm:px-6',
        className,
      )}
      {...rest}
    />
  );
}

/** A card's list of rows under a rule, or the sentence that says it is empty. */
export function CardList({ empty, testId, children }: { empty: string; testId?: string; children: ReactNode[] }) {
  if (children.length === 0) return <p className="px-5 py-6 text-sm text-ink-subtle sm:px-6">{empty}</p>;
  return (
    <ul className="mt-4 divide-y divide-line border-t border-line" data-testid={testId}>
      {children}
    </ul>
  );
}
