import { Clapperboard, Play } from 'lucide-react';
import { cn } from '../ui/cn';

/** Four model slots side by side, as the compare board will lay them out. */
export function CompareSlots({ labels }: { labels: string[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-hidden>
      {labels.map((label, i) => (
        <div key={label} className="grid gap-2 rounded-control bg-surface p-2 shadow-card">
          <div
            className={cn(
              'aspect-square rounded-[0.4rem] bg-gradient-to-br',
              ['from-accent-soft to-subtle', 'from-subtle to-accent-soft', 'from-success-soft to-subtle', 'from-warning-soft to-subtle'][i % 4],
            )}
          />
          <div className="flex items-center justify-between px-0.5">
            <span className="truncate text-xs text-ink-muted">{label}</span>
            <span className="h-1.5 w-8 rounded-full bg-subtle" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A row of video cards with a progress bar, the way tasks will appear here. */
export function VideoStrip() {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-hidden>
      {[72, 35, 100].map((progress, i) => (
        <div key={i} className={cn('rounded-control bg-surface p-2 shadow-card', i > 0 && 'hidden sm:block')}>
          <div className="grid aspect-video place-items-center rounded-[0.4rem] bg-gradient-to-br from-subtle to-accent-soft text-ink-subtle">
            {progress === 100 ? <Play className="size-5" /> : <Clapperboard className="size-5 opacity-60" />}
          </div>
          <div className="mt-2.5 h-1 overflow-hidden rounded-full bg-subtle">
            <div className="h-full rounded-full bg-accent/60" style={{ width: `${progress}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A masonry-ish grid of empty tiles. */
export function LibraryGrid() {
  const heights = ['h-28', 'h-40', 'h-32', 'h-36', 'h-24', 'h-40', 'h-28', 'h-32'];
  return (
    <div className="columns-2 gap-3 sm:columns-4" aria-hidden>
      {heights.map((h, i) => (
        <div key={i} className={cn('mb-3 break-inside-avoid rounded-control bg-surface shadow-card', h, i > 5 && 'hidden sm:block')} />
      ))}
    </div>
  );
}
