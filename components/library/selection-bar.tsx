'use client';

import { Check, CheckCheck, Download, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button, buttonClass } from '../ui/button';
import { withFilters } from './library-cache';
import type { LibrarySelection } from './use-selection';

/**
 * Above the grid: download every result the filters match, or start selecting. While selecting, a
 * toolbar says how many are chosen, chooses every one shown or every one that matches, and holds
 * what can be done with them (`children`).
 */
export function SelectionBar({ selection, shown, filters, children }: { selection: LibrarySelection; shown: number; filters: string; children: ReactNode }) {
  const { t } = useI18n();
  const b = t.library.bulk;
  const { selecting, selected, matching } = selection;
  if (!selecting) {
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <a href={`/api/library/zip?${withFilters(filters, 'all', '1')}`} download className={buttonClass('ghost', 'sm')}>
          <Download />
          {b.downloadAll}
        </a>
        <Button variant="secondary" size="sm" onClick={selection.start}>
          <Check />
          {b.select}
        </Button>
      </div>
    );
  }
  return (
    <div
      role="toolbar"
      aria-label={b.label}
      className="sticky top-2 z-20 flex flex-wrap items-center gap-2 rounded-card bg-surface/95 px-3 py-2 shadow-pop backdrop-blur"
    >
      <span data-testid="selected-count" className="px-1 text-sm font-medium text-ink">
        {matching ? b.allMatching : format(b.count, { n: selected.size })}
      </span>
      <Button variant="ghost" size="sm" onClick={selection.selectShown} disabled={!matching && selected.size === shown}>
        {format(b.selectShown, { n: shown })}
      </Button>
      <Button variant="ghost" size="sm" onClick={selection.selectMatching} disabled={matching} data-testid="select-matching">
        <CheckCheck />
        {b.selectMatching}
      </Button>
      <span className="ml-auto flex flex-wrap gap-2">
        {children}
        <Button variant="ghost" size="sm" onClick={selection.stop} aria-label={b.done}>
          <X />
          {b.done}
        </Button>
      </span>
    </div>
  );
}
