import { Fragment, type ReactNode } from 'react';

/**
 * A row's small facts separated by dots (kind · who · when). Each fact stays on one line; lines
 * break only at the spaces between them. Empty facts (null, false) are left out.
 */
export function FactLine({ facts }: { facts: ReactNode[] }) {
  const shown = facts.filter((fact) => fact !== null && fact !== false && fact !== undefined);
  return (
    <p className="text-xs leading-relaxed text-ink-muted">
      {shown.map((fact, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <span className="whitespace-nowrap">
            {i > 0 && (
              <span aria-hidden className="mr-1">
                ·
              </span>
            )}
            {fact}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
