'use client';

import { Download, Flame, ShieldCheck } from 'lucide-react';
import { maskGuardFit, maskGuardLabel } from '@/lib/edits/mask-guard-label';
import type { MaskGuardView } from '@/lib/edits/results';
import { useI18n } from '../i18n-provider';
import { Badge } from '../ui/badge';
import { cn } from '../ui/cn';

/** Green when nothing outside the mask changed, amber when the guard put it back, plain when it was measured and left. */
const toneOf = (guard: MaskGuardView) => (guard.restored ? 'warning' : Math.round(guard.changedFraction * 1000) === 0 ? 'success' : 'neutral');

/**
 * What the mask guard found on a masked edit's result: the share changed outside the mask (and
 * whether it was restored), a toggle for its heat map, the model's own answer when the file shown
 * is the restored one, and the size the model answered at when it was not the original's.
 */
export function MaskGuardBadge({
  guard,
  rawAssetId,
  heatmap,
  onHeatmap,
}: {
  guard: MaskGuardView;
  rawAssetId: string | null;
  /** The heat map shown over the result, and its toggle. */
  heatmap: boolean;
  onHeatmap: () => void;
}) {
  const { t, locale } = useI18n();
  const fit = maskGuardFit(guard, t);
  const tone = toneOf(guard);
  return (
    <div className="grid min-w-0 gap-1 text-xs" data-testid="mask-guard" data-tone={tone} data-restored={guard.restored}>
      <div className="flex min-w-0 flex-wrap items-center gap-1.5">
        <Badge tone={tone} icon={<ShieldCheck />} className="h-auto! min-h-6 max-w-full py-0.5 whitespace-normal!">
          <span data-testid="mask-guard-label">{maskGuardLabel(guard, t, locale)}</span>
        </Badge>
        {/* Nothing changed, nothing to map. */}
        {guard.changedFraction > 0 && (
          <button
            type="button"
            onClick={onHeatmap}
            aria-pressed={heatmap}
            title={t.maskGuard.heatmap}
            className={cn(
              'focus-ring inline-flex h-6 items-center gap-1 rounded-full px-2 font-medium [&_svg]:size-3.5',
              heatmap ? 'bg-danger-soft text-danger' : 'text-ink-muted hover:bg-subtle hover:text-ink',
            )}
            data-testid="heatmap-toggle"
          >
            <Flame />
            {t.edit.results.heatmap}
          </button>
        )}
      </div>
      {guard.restored && rawAssetId && (
        <a
          href={`/api/assets/${rawAssetId}?download=1`}
          download
          title={t.maskGuard.rawHint}
          className="inline-flex items-center gap-1 justify-self-start text-warning hover:underline [&_svg]:size-3.5"
          data-testid="raw-answer"
        >
          <Download />
          {t.maskGuard.raw}
        </a>
      )}
      {fit && (
        <p className="text-ink-muted" data-testid="mask-guard-fit">
          {fit}
        </p>
      )}
    </div>
  );
}
