import { Download } from 'lucide-react';
import { previewUrl } from '@/lib/assets/preview-url';
import { heatmapDataUrl } from '@/lib/edits/heatmap-image';
import { maskGuardFit, maskGuardLabel } from '@/lib/edits/mask-guard-label';
import type { MaskGuardView } from '@/lib/edits/results';
import type { Dictionary, Locale } from '@/lib/i18n';
import { buttonClass } from '../ui/button';

interface MaskGuardFactsProps {
  guard: MaskGuardView;
  /** The stored result (the restored file when the guard restored it). */
  assetId: string | null;
  /** The model's own answer, kept when the guard restored the result. */
  rawAssetId: string | null;
  t: Dictionary;
  locale: Locale;
}

/**
 * What the mask guard found on an edit's result, drawn on the server (no script): the share changed
 * outside the mask, the size the model answered at when it was not the original's, the heat map laid
 * over the result, and the model's own answer to download when the result shown is the restored one.
 */
export async function MaskGuardFacts({ guard, assetId, rawAssetId, t, locale }: MaskGuardFactsProps) {
  const heatmap = guard.changedFraction > 0 ? await heatmapDataUrl(guard.heatmap) : null;
  const fit = maskGuardFit(guard, t);
  // The map has the original's shape; an unrestored answer padded back to it has another shape.
  const under = assetId && (guard.restored || guard.fit !== 'padded') ? previewUrl(assetId) : null;
  return (
    <div data-testid="mask-guard" className="grid gap-2.5 border-t border-line pt-4">
      <p data-testid="mask-guard-label" className="text-[13px] font-medium text-ink">
        {maskGuardLabel(guard, t, locale)}
      </p>
      {fit && <p className="text-xs text-ink-muted">{fit}</p>}
      {heatmap && (
        <figure className="grid gap-1.5">
          <div
            className="relative w-full max-w-56 overflow-hidden rounded-control bg-subtle"
            style={{ aspectRatio: `${guard.heatmap.width} / ${guard.heatmap.height}` }}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- our own stored preview */}
            {under && <img src={under} alt="" className="absolute inset-0 size-full object-fill opacity-60 grayscale" />}
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
            <img data-testid="mask-heatmap" src={heatmap} alt="" className="absolute inset-0 size-full" />
          </div>
          <figcaption className="text-xs text-ink-subtle">{t.maskGuard.heatmap}</figcaption>
        </figure>
      )}
      {guard.restored && rawAssetId && (
        <a
          href={`/api/assets/${rawAssetId}?download=1`}
          download
          title={t.maskGuard.rawHint}
          data-testid="raw-answer"
          className={buttonClass('secondary', 'sm', 'justify-self-start')}
        >
          <Download />
          {t.maskGuard.raw}
        </a>
      )}
    </div>
  );
}
