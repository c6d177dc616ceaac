'use client';

import { AlertTriangle, Check } from 'lucide-react';
import { useState } from 'react';
import type { EditResultItem } from '@/lib/edits/results';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { ImageMarks, ImageReviewActions } from '../review/board-review';
import { HeatmapOverlay } from './heatmap-overlay';
import { MaskGuardBadge } from './mask-guard-badge';

/** The model's own time to answer, as the board writes it ("3.2 s"). */
export const answerTime = (ms: number, template: string) => format(template, { seconds: (ms / 1000).toFixed(1) });

/**
 * One model's answer on the edit board: its picture (a click opens the full-screen viewer), the
 * model, what it cost, how long it took, its seed, the mask guard's finding, and "use this one";
 * a request that failed is a card with the service's reason and no charge.
 */
export function ResultCard({ item, onOpen, onUse, busy }: { item: EditResultItem; onOpen: () => void; onUse: () => void; busy: boolean }) {
  const { t, locale } = useI18n();
  const r = t.edit.results;
  const [heatmap, setHeatmap] = useState(false);
  const failed = item.status === 'failed' || !item.resultAssetId;
  return (
    <article
      className="grid min-h-0 min-w-0 grid-rows-[minmax(6rem,1fr)_auto] gap-2 rounded-card bg-surface p-2 shadow-card"
      data-testid="result-card"
      data-status={failed ? 'failed' : 'completed'}
      data-model={item.model}
      data-result-asset={item.resultAssetId ?? ''}
      data-seed={item.seed ?? ''}
    >
      {failed ? (
        <div className="grid place-items-center rounded-control bg-danger-soft p-3 text-center text-[13px] text-danger" role="alert">
          <span className="grid justify-items-center gap-1.5 [&_svg]:size-5">
            <AlertTriangle />
            <span className="font-medium">{r.failed}</span>
            <span className="text-ink" data-testid="result-error">
              {item.error?.message}
            </span>
          </span>
        </div>
      ) : (
        <button
          type="button"
          onClick={onOpen}
          title={r.view}
          className="focus-ring relative min-h-0 cursor-zoom-in overflow-hidden rounded-control checkerboard"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a team asset behind auth */}
          <img src={`/api/assets/${item.resultAssetId}`} alt={item.model} className="absolute inset-0 h-full w-full object-contain" draggable={false} />
          {heatmap && item.maskGuard && <HeatmapOverlay heatmap={item.maskGuard.heatmap} />}
          <ImageMarks outputId={item.outputId} size={null} />
        </button>
      )}
      <div className="grid min-w-0 gap-1.5">
        <h3 className="truncate text-[13px] font-semibold text-ink" title={item.model}>
          {item.model}
        </h3>
        <p className="flex flex-wrap gap-x-2 text-xs text-ink-muted tabular-nums">
          <span data-testid="result-cost">{failed ? r.noCharge : formatCny(item.cost ?? '0', locale)}</span>
          {item.upstreamMs !== null && !failed && <span data-testid="result-time">{answerTime(item.upstreamMs, r.seconds)}</span>}
          {item.seed !== null && (
            <span>
              {r.seed} <span className="font-mono">{item.seed}</span>
            </span>
          )}
        </p>
        {item.maskGuard && !failed && (
          <MaskGuardBadge guard={item.maskGuard} rawAssetId={item.rawAssetId} heatmap={heatmap} onHeatmap={() => setHeatmap((on) => !on)} />
        )}
        {!failed && (
          <span className="flex flex-wrap items-center gap-1.5">
            <Button size="sm" variant="secondary" onClick={onUse} disabled={busy} data-testid="use-result">
              <Check />
              {r.use}
            </Button>
            <ImageReviewActions outputId={item.outputId} className="ml-auto" />
          </span>
        )}
      </div>
    </article>
  );
}
