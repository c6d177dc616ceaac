'use client';

import type { EditResultItem } from '@/lib/edits/results';
import { useI18n } from '../i18n-provider';
import { BoardReviewBar, BoardReviewProvider } from '../review/board-review';
import { cn } from '../ui/cn';
import { ResultCard } from './result-card';

// Tailwind sees whole class names only.
const WIDE = { 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as Record<number, string>;

/** The edit board on the stage: each model's answer side by side (two to a row on a tablet, one on a phone, scrolling). */
export function EditBoard({
  boardId,
  results,
  onOpen,
  onUse,
  busy,
}: {
  /** The run's own id: the board its review (state, winner) is of. */
  boardId: string;
  results: EditResultItem[];
  onOpen: (outputId: string) => void;
  onUse: (item: EditResultItem) => void;
  /** A pick is under way: no second one. */
  busy: boolean;
}) {
  const { t } = useI18n();
  return (
    <BoardReviewProvider boardId={boardId}>
      <section
        className="absolute inset-0 grid grid-rows-[auto_minmax(0,1fr)] gap-3 overflow-y-auto p-3"
        aria-label={t.edit.results.board}
        data-testid="edit-board"
      >
        <div className="rounded-card bg-surface px-3 pb-3 shadow-card [&>div]:border-t-0">
          <BoardReviewBar />
        </div>
        <div className={cn('grid auto-rows-[minmax(19rem,1fr)] grid-cols-1 gap-3 sm:grid-cols-2', WIDE[results.length])}>
          {results.map((item) => (
            <ResultCard key={item.outputId} item={item} onOpen={() => onOpen(item.outputId)} onUse={() => onUse(item)} busy={busy} />
          ))}
        </div>
      </section>
    </BoardReviewProvider>
  );
}
