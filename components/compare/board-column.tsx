'use client';

import { CircleAlert, RotateCcw } from 'lucide-react';
import type { BoardColumn as Column } from '@/lib/comparisons/queries';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { FailureText } from '../failure-text';
import { BoardImage } from './board-image';
import { RevisedPrompt } from './revised-prompt';

/** One model's column: its images (see BoardImage), cost and revised prompt, or its failure. */
export function BoardColumn({ column, onRerun, disabled }: { column: Column; onRerun: () => void; disabled: boolean }) {
  const { t, locale } = useI18n();
  const b = t.compare.board;
  const failed = column.images.length === 0 && column.error;
  return (
    <section
      data-testid="board-column"
      data-model={column.model}
      data-cost={column.cost}
      className="flex min-w-0 flex-col gap-3 rounded-card bg-surface p-3 shadow-card"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 className="truncate text-sm font-semibold text-ink">{column.model}</h3>
        <Badge tone={failed ? 'danger' : 'neutral'} className="tabular-nums">
          {failed ? b.failed : formatCny(column.cost, locale)}
        </Badge>
      </header>
      {failed ? (
        <div data-testid="failed-card" className="grid aspect-square place-items-center rounded-control bg-danger-soft p-4 text-center text-sm text-danger">
          <div className="grid justify-items-center gap-2">
            <CircleAlert className="size-5" />
            <FailureText failure={column.error!} />
            <p className="font-mono text-xs opacity-70">{column.error!.code}</p>
          </div>
        </div>
      ) : (
        column.images.map((image, i) => <BoardImage key={image.outputId} image={image} alt={format(b.image, { n: i + 1, model: column.model })} />)
      )}
      {column.images.length > 0 && column.error && (
        <div className="text-xs text-danger">
          <FailureText failure={column.error} />
        </div>
      )}
      {column.revisedPrompt && <RevisedPrompt label={b.revisedPrompt} text={column.revisedPrompt} />}
      <Button variant="ghost" size="sm" onClick={onRerun} disabled={disabled} className="mt-auto self-start">
        <RotateCcw />
        {b.rerunModel}
      </Button>
    </section>
  );
}
