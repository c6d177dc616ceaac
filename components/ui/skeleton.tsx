import { cn } from './cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-control bg-subtle', className)} />;
}

/** A page of settings-style cards while it loads: a title, a line and a field per card. */
export function CardsSkeleton({ cards, label }: { cards: number; label: string }) {
  return (
    <div role="status" aria-busy="true" className="grid gap-6">
      <span className="sr-only">{label}</span>
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="grid gap-4 rounded-card bg-surface p-6 shadow-card">
          <Skeleton className="h-5 w-44" />
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="mt-2 h-14 w-full" />
        </div>
      ))}
    </div>
  );
}
