'use client';

import { Archive, Dices, Maximize, RefreshCw, Share2, Star } from 'lucide-react';
import { useOptimistic, useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/auth/action';
import type { BoardView } from '@/lib/comparisons/queries';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { ShareButton } from '../share/share-button';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { useToast } from '../ui/toast';
import { formFromParams, useBoardRunner } from './board-runner';
import { BoardColumn } from './board-column';
import { columnsClass, shownColumn } from './columns';
import { CompareViewer, type ViewerItem } from './compare-viewer';
import { useArchiveProgress } from './use-archive-progress';
import { BoardReviewBar, BoardReviewProvider, BoardThreadCount } from '../review/board-review';

type FavoriteAction = (input: { id: string; favorite: boolean }) => Promise<ActionResult<{ favorite: boolean }>>;

/** A finished board: its settings, seed, time and total, the actions on it, and one column per model. */
export function CompareBoard({ board, favoriteAction }: { board: BoardView; favoriteAction: FavoriteAction }) {
  const { t, locale } = useI18n();
  const b = t.compare.board;
  const toast = useToast();
  const { run, running, inPlace, runningModels, startedAt, cancel } = useBoardRunner();
  const [favorite, setFavorite] = useOptimistic(board.favorite);
  const [, startTransition] = useTransition();
  const columns = useArchiveProgress(board.id, board.columns);
  const images = columns.flatMap((c) => c.images);
  const archived = images.filter((i) => i.state === 'archived').length;
  // Download all and share wait for every copy, so that neither is missing an image.
  const archiving = images.some((i) => i.state === 'archiving');
  // The version each column shows, by model and its number of versions (a new version is shown at once).
  const [versions, setVersions] = useState<Record<string, number>>({});
  const versionOf = (column: BoardView['columns'][number]) => versions[`${column.model}:${column.versions.length}`] ?? column.versions.length;
  // The viewer is open: on an image clicked, or (undefined) on the models side by side.
  const [viewing, setViewing] = useState<{ start?: string } | null>(null);
  const items = viewerItems(columns.map((column) => shownColumn(column, versionOf(column))));

  const toggleFavorite = () =>
    startTransition(async () => {
      setFavorite(!favorite);
      const result = await favoriteAction({ id: board.id, favorite: !favorite });
      if (!result.ok) toast(result.error.message, 'error');
    });

  const [width, height] = board.params.size.split('x').map(Number);
  const size = width && height ? { width, height } : null;

  return (
    <BoardReviewProvider boardId={board.id}>
      <section aria-label={board.params.prompt} className="grid gap-4">
        <div className="grid gap-3 rounded-card bg-surface px-5 py-4 shadow-card">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <p className="max-w-3xl text-sm leading-relaxed text-ink">{board.params.prompt}</p>
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="secondary" size="sm" onClick={() => run(formFromParams(board.params, true), board.id)} disabled={running}>
                <RefreshCw />
                {b.rerunSame}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => run(formFromParams(board.params, false), board.id)} disabled={running}>
                <Dices />
                {b.rerunNew}
              </Button>
              {items.length >= 2 && (
                <Button variant="secondary" size="sm" onClick={() => setViewing({})}>
                  <Maximize />
                  {b.viewer.open}
                </Button>
              )}
              {archiving ? (
                <>
                  <Button variant="secondary" size="sm" disabled>
                    <Archive />
                    {b.downloadZip}
                  </Button>
                  {board.status === 'completed' && (
                    <Button variant="secondary" size="sm" disabled>
                      <Share2 />
                      {t.share.button}
                    </Button>
                  )}
                </>
              ) : (
                <>
                  {archived > 0 && (
                    <a href={`/api/compare/${board.id}/zip`} download className={buttonClass('secondary', 'sm')}>
                      <Archive />
                      {b.downloadZip}
                    </a>
                  )}
                  {board.status === 'completed' && <ShareButton target={{ generationId: board.id }} />}
                </>
              )}
              <Button
                variant="ghost"
                size="icon"
                onClick={toggleFavorite}
                aria-pressed={favorite}
                aria-label={favorite ? b.unfavorite : b.favorite}
                title={favorite ? b.unfavorite : b.favorite}
              >
                <Star className={cn(favorite && 'fill-warning text-warning')} />
              </Button>
            </div>
          </div>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-[13px] text-ink-muted">
            <div className="flex gap-1.5">
              <dt>{b.seed}</dt>
              <dd data-testid="board-seed" className="font-mono text-ink">
                {board.params.seed}
              </dd>
            </div>
            <div>{format(b.settings, { size: board.params.size, n: board.params.n, background: t.compare.form.backgrounds[board.params.background] })}</div>
            {board.elapsedMs !== null && (
              <div className="flex gap-1.5">
                <dt>{b.elapsed}</dt>
                <dd data-testid="board-elapsed" className="text-ink tabular-nums">
                  {(board.elapsedMs / 1000).toFixed(1)} s
                </dd>
              </div>
            )}
            <div className="flex gap-1.5">
              <dt>{b.total}</dt>
              <dd data-testid="board-total" data-amount={board.total ?? '0'} className="font-semibold text-ink tabular-nums">
                {formatCny(board.total ?? '0', locale)}
              </dd>
            </div>
            {board.status !== 'completed' && <Badge tone={board.status === 'failed' ? 'danger' : 'neutral'}>{b.status[board.status]}</Badge>}
            <BoardThreadCount />
          </dl>
          {board.status === 'completed' && <BoardReviewBar />}
          {archiving && (
            <p data-testid="archive-progress" role="status" className="flex items-center gap-2 text-[13px] text-ink-muted">
              <Spinner className="size-3.5" />
              {format(b.archive.progress, { done: archived, total: images.length })}
            </p>
          )}
          {board.error && board.status !== 'completed' && (
            <p className="text-sm text-danger">{board.status === 'failed' && board.columns.every((c) => c.error) ? b.failedBoard : board.error.message}</p>
          )}
        </div>
        {viewing && <CompareViewer items={items} start={viewing.start} labels={b.viewer} onClose={() => setViewing(null)} />}
        {board.columns.length > 0 && (
          <div className={columnsClass(board.columns.length)}>
            {columns.map((column, index) => (
              <BoardColumn
                // A new version remounts the column on it.
                key={`${column.model}:${column.versions.length}`}
                column={column}
                version={versionOf(column)}
                onVersion={(version) => setVersions((all) => ({ ...all, [`${column.model}:${column.versions.length}`]: version }))}
                elapsedMs={board.elapsedMs}
                disabled={running}
                again={running && inPlace && runningModels.includes(column.model) ? { startedAt, onCancel: cancel } : null}
                onOpen={(outputId) => setViewing({ start: outputId })}
                index={index}
                size={size}
                // One model again, as a new version of its column here: a seed the user chose stays; a drawn one is drawn anew.
                onRerun={() => run({ ...formFromParams(board.params, board.params.seedLocked), models: [column.model] }, board.id, { stay: true })}
              />
            ))}
          </div>
        )}
      </section>
    </BoardReviewProvider>
  );
}

/** What the full-screen viewer pages through: every image of every column as shown that has a picture to show. */
function viewerItems(columns: Array<Omit<BoardView['columns'][number], 'versions'>>): ViewerItem[] {
  const src = (image: BoardView['columns'][number]['images'][number]) => (image.state === 'archived' ? `/api/assets/${image.assetId}` : image.serviceUrl);
  return columns.flatMap((column) => {
    const shown = column.images.filter(src);
    return shown.map((image, i) => ({ key: image.outputId, outputId: image.outputId, model: column.model, n: i + 1, count: shown.length, src: src(image)! }));
  });
}
