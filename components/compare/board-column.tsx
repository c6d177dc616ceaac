'use client';

import { ChevronLeft, ChevronRight, CircleAlert, RotateCcw, Timer, X } from 'lucide-react';
import type { BoardColumn as Column } from '@/lib/comparisons/queries';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { FailureText } from '../failure-text';
import { BoardImage } from './board-image';
import { RevisedPrompt } from './revised-prompt';
import { Elapsed } from './board-stage';
import { shownColumn } from './columns';

interface Props {
  column: Column;
  /** The version shown (0: as the board ran), chosen on the board so its viewer shows the same. */
  version: number;
  onVersion: (version: number) => void;
  /** How long the service took to answer; every model of a board shares it (one request). */
  elapsedMs: number | null;
  onRerun: () => void;
  disabled: boolean;
  /** This model is being run again: the column shows the run while the others stay as they are. */
  again: { startedAt: number | null; onCancel: () => void } | null;
  /** Opens one of the images shown in the board's full-screen viewer. */
  onOpen: (outputId: string) => void;
  /** The column's place on the board (its images' winner marks), and the images' size in pixels (their pins). */
  index: number;
  size: { width: number; height: number } | null;
}

/**
 * One model's column: its images (see BoardImage), time, cost and revised prompt, or its failure.
 * Each "rerun this model" is a version of the column, newest shown first; ‹ › or ←/→ step through them.
 */
export function BoardColumn({ column: base, version, onVersion, elapsedMs, onRerun, disabled, again, onOpen, index, size }: Props) {
  const { t, locale } = useI18n();
  const b = t.compare.board;
  const count = base.versions.length + 1;
  const rerun = version > 0 ? base.versions[version - 1] : null;
  const column = shownColumn(base, version);
  const failed = column.images.length === 0 && column.error;
  const step = (by: number) => onVersion(Math.min(count - 1, Math.max(0, version + by)));
  return (
    <section
      data-testid="board-column"
      data-model={column.model}
      data-cost={column.cost}
      data-version={version + 1}
      aria-busy={again ? true : undefined}
      tabIndex={count > 1 ? 0 : undefined}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
        e.preventDefault();
        step(e.key === 'ArrowLeft' ? -1 : 1);
      }}
      className="focus-ring flex min-w-0 flex-col gap-3 rounded-card bg-surface p-3 shadow-card"
    >
      <header className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        {/* The whole name, wrapped if it must: models differ by their ends ("atelier-aquarelle"). */}
        <h3 className="min-w-0 text-sm font-semibold break-words text-ink">{column.model}</h3>
        {count > 1 && (
          <span className="flex items-center text-xs text-ink-muted tabular-nums" data-testid="column-versions">
            <button
              type="button"
              className="grid size-6 place-items-center rounded hover:bg-subtle disabled:opacity-35"
              onClick={() => step(-1)}
              disabled={version === 0}
              aria-label={b.versions.previous}
            >
              <ChevronLeft className="size-3.5" />
            </button>
            <span title={rerun ? format(b.versions.rerun, { seed: rerun.seed }) : b.versions.original}>
              {format(b.versions.label, { n: version + 1, count })}
            </span>
            <button
              type="button"
              className="grid size-6 place-items-center rounded hover:bg-subtle disabled:opacity-35"
              onClick={() => step(1)}
              disabled={version === count - 1}
              aria-label={b.versions.next}
            >
              <ChevronRight className="size-3.5" />
            </button>
          </span>
        )}
        <span className="flex shrink-0 items-center gap-2">
          {elapsedMs !== null && !rerun && (
            <span
              data-testid="column-time"
              className="flex items-center gap-1 text-xs text-ink-muted tabular-nums"
              title={format(b.modelTime, { seconds: (elapsedMs / 1000).toFixed(1) })}
            >
              <Timer className="size-3.5" aria-hidden />
              {(elapsedMs / 1000).toFixed(1)} s
            </span>
          )}
          <Badge tone={failed ? 'danger' : 'neutral'} className="tabular-nums">
            {failed ? b.failed : formatCny(column.cost, locale)}
          </Badge>
        </span>
      </header>
      {again && (
        <div data-testid="column-rerunning" role="status" className="flex items-center gap-2 rounded-control bg-subtle px-2.5 py-1.5 text-xs text-ink">
          <Spinner className="size-3.5" />
          <span className="font-medium">{t.compare.running.title}</span>
          {again.startedAt && <Elapsed since={again.startedAt} />}
          <Button variant="ghost" size="sm" onClick={again.onCancel} className="ml-auto h-6 px-1.5">
            <X />
            {t.compare.running.cancel}
          </Button>
        </div>
      )}
      {failed ? (
        <div data-testid="failed-card" className="grid aspect-square place-items-center rounded-control bg-danger-soft p-4 text-center text-sm text-danger">
          <div className="grid justify-items-center gap-2">
            <CircleAlert className="size-5" />
            <FailureText failure={column.error!} />
            <p className="font-mono text-xs opacity-70">{column.error!.code}</p>
          </div>
        </div>
      ) : (
        column.images.map((image, i) => (
          <BoardImage
            key={image.outputId}
            image={image}
            alt={format(b.image, { n: i + 1, model: column.model })}
            onOpen={() => onOpen(image.outputId)}
            // A rerun is a board of its own: its images are reviewed on their own pages, not marked here.
            review={version === 0 ? { column: index, size } : { size }}
          />
        ))
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
