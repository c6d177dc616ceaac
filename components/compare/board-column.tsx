'use client';

import { CircleAlert, Download, Maximize2, RotateCcw, WandSparkles } from 'lucide-react';
import Link from 'next/link';
import type { BoardColumn as Column } from '@/lib/comparisons/queries';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Badge } from '../ui/badge';
import { Button, buttonClass } from '../ui/button';

/** One model's column: its images (small WebP thumbnails, full file on demand), cost and revised prompt, or its failure. */
export function BoardColumn({ column, onRerun, disabled }: { column: Column; onRerun: () => void; disabled: boolean }) {
  const { t, locale } = useI18n();
  const b = t.compare.board;
  const failed = column.images.length === 0 && column.error;
  return (
    <section data-testid="board-column" data-model={column.model} data-cost={column.cost} className="flex min-w-0 flex-col gap-3 rounded-card bg-surface p-3 shadow-card">
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
            <p className="break-words">{column.error!.message}</p>
            <p className="font-mono text-xs opacity-70">{column.error!.code}</p>
          </div>
        </div>
      ) : (
        column.images.map((image, i) => (
          <figure key={image.outputId} className="group relative overflow-hidden rounded-control bg-subtle [background-image:repeating-conic-gradient(var(--color-line)_0_25%,transparent_0_50%)] [background-size:16px_16px]">
            {/* eslint-disable-next-line @next/next/no-img-element -- our own resized WebP, served by the assets route */}
            <img
              src={`/api/assets/${image.assetId}?w=512`}
              alt={format(b.image, { n: i + 1, model: column.model })}
              data-asset-id={image.assetId}
              data-sha256={image.sha256}
              loading="lazy"
              className="aspect-square w-full object-cover"
            />
            <figcaption className="absolute inset-x-0 bottom-0 flex justify-end gap-1 bg-gradient-to-t from-black/50 to-transparent p-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
              <a href={`/api/assets/${image.assetId}`} target="_blank" rel="noreferrer" aria-label={b.openFull} title={b.openFull} className={buttonClass('secondary', 'icon', 'size-8')}>
                <Maximize2 />
              </a>
              <a href={`/api/assets/${image.assetId}?download=1`} download aria-label={b.download} title={b.download} className={buttonClass('secondary', 'icon', 'size-8')}>
                <Download />
              </a>
              <Link href={`/edit?asset=${image.assetId}`} aria-label={b.openInEditor} title={b.openInEditor} className={buttonClass('secondary', 'icon', 'size-8')}>
                <WandSparkles />
              </Link>
            </figcaption>
          </figure>
        ))
      )}
      {column.images.length > 0 && column.error && <p className="text-xs text-danger">{column.error.message}</p>}
      {column.revisedPrompt && (
        <details className="text-xs text-ink-muted">
          <summary className="cursor-pointer select-none">{b.revisedPrompt}</summary>
          <p className="mt-1 leading-relaxed">{column.revisedPrompt}</p>
        </details>
      )}
      <Button variant="ghost" size="sm" onClick={onRerun} disabled={disabled} className="mt-auto self-start">
        <RotateCcw />
        {b.rerunModel}
      </Button>
    </section>
  );
}
