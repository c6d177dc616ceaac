import { cn } from './ui/cn';

/** The Atelier mark: a rounded tile with a brush-stroke "A", plus the word mark when `withName`. */
export function BrandMark({ withName = true, name = 'Atelier', className }: { withName?: boolean; name?: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span className="grid size-8 place-items-center rounded-[0.6rem] bg-gradient-to-br from-accent to-[oklch(0.62_0.2_320)] text-accent-fg shadow-sm ring-1 ring-black/5 ring-inset">
        <svg
          viewBox="0 0 24 24"
          className="size-[18px]"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
        >
          <path d="M5 19 11.2 5.5a.9.9 0 0 1 1.6 0L19 19" />
          <path d="M8 13.5c2.5-1.2 5.5-1.2 8 0" />
        </svg>
      </span>
      {withName && <span className="text-[15px] font-semibold tracking-tight text-ink">{name}</span>}
    </span>
  );
}
