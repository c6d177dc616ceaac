import type { ReactNode } from 'react';
import { Badge } from '../ui/badge';

/**
 * A feature's first screen before there is anything to show: an illustration of what will live
 * here, the icon, a title and one line on what the feature does.
 */
export function EmptyState({
  icon,
  title,
  description,
  badge,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="overflow-hidden rounded-card bg-surface shadow-card">
      {children && <div className="border-b border-line bg-subtle/50 p-4 sm:p-8">{children}</div>}
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center sm:py-12">
        <div className="grid size-11 place-items-center rounded-xl bg-accent-soft text-accent-soft-ink [&_svg]:size-5">{icon}</div>
        <div className="grid max-w-lg gap-2">
          <h2 className="text-base font-semibold tracking-tight text-ink">{title}</h2>
          <p className="text-sm leading-relaxed text-balance text-ink-muted">{description}</p>
        </div>
        {badge && <Badge tone="neutral">{badge}</Badge>}
      </div>
    </section>
  );
}
