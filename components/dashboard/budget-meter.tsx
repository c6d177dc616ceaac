import { cn } from '../ui/cn';

/** How much of a budget is used: accent below 80 %, amber from 80 %, red once over. */
export function BudgetMeter({ used, label, className }: { used: number; label: string; className?: string }) {
  const tone = used >= 1 ? 'bg-danger' : used >= 0.8 ? 'bg-warning' : 'bg-accent';
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(Math.min(used, 1) * 100)}
      className={cn('h-1.5 overflow-hidden rounded-full bg-subtle', className)}
    >
      <div className={cn('h-full rounded-full transition-[width]', tone)} style={{ width: `${Math.min(100, Math.max(used > 0 ? 2 : 0, used * 100))}%` }} />
    </div>
  );
}

export const percent = (used: number) => (Number.isFinite(used) ? Math.round(used * 100) : 100);
