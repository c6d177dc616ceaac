import { cn } from '../ui/cn';

/** A stable hue per id, so each team keeps its colour across sessions. */
const hueOf = (id: string) => [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);

/** First letter (or Hanzi) of a name on a tinted tile; round for people, squarish for teams. */
export function Avatar({ id, name, shape = 'square', size = 'md' }: { id: string; name: string; shape?: 'square' | 'round'; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden
      style={{ '--hue': hueOf(id) } as React.CSSProperties}
      className={cn(
        'grid shrink-0 place-items-center font-semibold uppercase',
        'bg-[oklch(0.92_0.05_var(--hue))] text-[oklch(0.38_0.1_var(--hue))] dark:bg-[oklch(0.34_0.07_var(--hue))] dark:text-[oklch(0.9_0.06_var(--hue))]',
        shape === 'round' ? 'rounded-full' : 'rounded-[0.45rem]',
        size === 'sm' ? 'size-6 text-[11px]' : 'size-8 text-[13px]',
      )}
    >
      {Array.from(name.trim())[0] ?? '?'}
    </span>
  );
}
