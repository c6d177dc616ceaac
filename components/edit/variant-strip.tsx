'use client';

import { AlertTriangle, Maximize2 } from 'lucide-react';
import { previewUrl } from '@/lib/assets/preview-url';
import type { EditResultItem } from '@/lib/edits/results';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';

/**
 * A run's variants under the stage: one thumbnail each (a click puts it in the before/after), the
 * one on show ringed, a failed one marked with its reason; and the full-screen viewer for them all.
 */
export function VariantStrip({
  results,
  shown,
  onView,
  onFullScreen,
}: {
  results: EditResultItem[];
  /** The output id on show. */
  shown: string | null;
  onView: (outputId: string) => void;
  onFullScreen: () => void;
}) {
  const { t } = useI18n();
  const r = t.edit.results;
  return (
    <section className="flex min-w-0 items-center gap-2" aria-label={r.variants} data-testid="variant-strip">
      <ol className="flex min-w-0 gap-2 overflow-x-auto p-0.5">
        {results.map((item, i) => {
          const label = format(r.variant, { n: i + 1 });
          const current = item.outputId === shown;
          const failed = item.status === 'failed' || !item.resultAssetId;
          return (
            <li
              key={item.outputId}
              className="shrink-0"
              data-testid="variant"
              data-current={current || undefined}
              data-status={failed ? 'failed' : 'completed'}
              data-result-asset={item.resultAssetId ?? ''}
              data-seed={item.seed ?? ''}
            >
              <button
                type="button"
                onClick={() => onView(item.outputId)}
                disabled={failed}
                aria-pressed={current}
                title={failed ? `${label}: ${item.error?.message ?? r.failed}` : item.seed !== null ? `${label} · ${r.seed} ${item.seed}` : label}
                className={cn(
                  'focus-ring relative block size-16 overflow-hidden rounded-control bg-subtle checkerboard ring-offset-2 ring-offset-canvas',
                  current ? 'ring-2 ring-accent' : 'hover:ring-2 hover:ring-line',
                  failed && 'cursor-not-allowed bg-danger-soft',
                )}
              >
                {failed ? (
                  <AlertTriangle className="absolute inset-0 m-auto size-5 text-danger" aria-hidden />
                ) : (
                  // eslint-disable-next-line @next/next/no-img-element -- the stored preview, behind auth
                  <img src={previewUrl(item.resultAssetId!)} alt="" className="absolute inset-0 h-full w-full object-cover" />
                )}
                <span className="absolute inset-x-0 bottom-0 bg-black/55 px-1 text-center text-[10px] leading-4 font-medium text-white">{i + 1}</span>
                <span className="sr-only">{label}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <Button variant="ghost" size="sm" onClick={onFullScreen} title={r.view} aria-label={r.view} className="px-2!">
        <Maximize2 />
      </Button>
    </section>
  );
}
