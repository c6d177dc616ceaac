import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * The header row of a card's data table: small muted labels, the first and last columns padded to
 * line up with the card's own edges; `endAligned` right-aligns the last (an amount column).
 */
export function TableHead({
  columns,
  className,
  endAligned,
  columnClasses = [],
}: {
  columns: ReactNode[];
  className?: string;
  endAligned?: boolean;
  /** Each column's own classes (e.g. hidden on a phone, as its cells are). */
  columnClasses?: Array<string | undefined>;
}) {
  const last = columns.length - 1;
  return (
    <thead className={cn('border-line text-xs text-ink-subtle', className)}>
      <tr>
        {columns.map((label, i) => (
          <th
            key={i}
            className={cn(
              'py-2 font-medium',
              i === 0 ? 'pr-3 pl-5 sm:pl-6' : i === last ? 'pr-5 pl-3 sm:pr-6' : 'px-3',
              i === last && endAligned && 'text-right',
              columnClasses[i],
            )}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
