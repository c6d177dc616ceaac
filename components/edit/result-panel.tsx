'use client';

import { Check, Download, FileArchive, Repeat2, Undo2 } from 'lucide-react';
import type { EditResultItem } from '@/lib/edits/results';
import type { EditOutcome } from '@/lib/edits/run-edit';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { ShareButton } from '../share/share-button';
import { Button, buttonClass } from '../ui/button';
import { useReveal } from '../ui/use-reveal';
import { MaskGuardBadge } from './mask-guard-badge';
import { answerTime } from './result-card';

interface Props {
  outcome: EditOutcome;
  /** The result on show (a variant's, or the one result); null for an edit board, whose cards say each. */
  item: EditResultItem | null;
  showing: boolean;
  heatmap: boolean;
  onHeatmap: () => void;
  onContinue: () => void;
  /** "Use this one" on the variant on show. */
  onUse: (item: EditResultItem) => void;
  busy: boolean;
  onBack: () => void;
}

/**
 * What came back: the run's cost, the result on show (its model, seed and time for a variant, the
 * revised prompt, the mask guard's finding), and what to do next: download it (a run of several:
 * all of it as a ZIP), share the run, continue from it ("use this one" for a variant), or look at
 * the original again.
 */
export function ResultPanel({ outcome, item, showing, heatmap, onHeatmap, onContinue, onUse, busy, onBack }: Props) {
  const { t, locale } = useI18n();
  const r = t.edit.result;
  // A run's answer comes into view at the panel's foot (the panel scrolls on a wide screen, the page on a phone).
  const root = useReveal<HTMLDivElement>(outcome.generationId);
  const several = outcome.mode !== 'single';
  const variant = outcome.mode === 'variants' && item ? outcome.results.indexOf(item) + 1 : 0;
  const revised = item ? item.revisedPrompt : outcome.revisedPrompt;
  // One result's file (a run stored before results were listed has only the chosen one); a board's are on its cards.
  const file = item?.resultAssetId ?? (outcome.mode === 'single' ? outcome.resultAssetId : null);
  return (
    <div
      ref={root}
      className="grid gap-3 rounded-control border border-line bg-subtle/60 p-3"
      data-testid="edit-result"
      data-generation={outcome.generationId}
      data-mode={outcome.mode}
      data-result-asset={outcome.resultAssetId}
      data-shown-asset={item?.resultAssetId ?? ''}
      data-original-asset={outcome.originalAssetId}
      data-mask-asset={outcome.maskAssetId ?? ''}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-[13px]">
        <dt className="text-ink-muted">{r.cost}</dt>
        <dd className="font-medium text-ink tabular-nums" data-testid="edit-cost">
          {outcome.cost.currency === 'CNY' ? formatCny(outcome.cost.amount, locale) : `${outcome.cost.amount} ${outcome.cost.currency}`}
        </dd>
        {variant > 0 && item && (
          <>
            <dt className="text-ink-muted">{format(t.edit.results.variant, { n: variant })}</dt>
            <dd className="text-ink tabular-nums" data-testid="variant-facts">
              {[
                item.seed !== null ? `${t.edit.results.seed} ${item.seed}` : null,
                item.upstreamMs !== null ? answerTime(item.upstreamMs, t.edit.results.seconds) : null,
                item.cost !== null ? formatCny(item.cost, locale) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </>
        )}
        {revised && (
          <>
            <dt className="text-ink-muted">{r.revisedPrompt}</dt>
            <dd className="text-ink">{revised}</dd>
          </>
        )}
      </dl>
      {item?.maskGuard && <MaskGuardBadge guard={item.maskGuard} rawAssetId={item.rawAssetId} heatmap={heatmap} onHeatmap={onHeatmap} />}
      <div className="flex flex-wrap gap-2">
        {file && (
          <a href={`/api/assets/${file}?download=1`} className={buttonClass('secondary', 'sm')} download>
            <Download />
            {r.download}
          </a>
        )}
        {several && (
          <a href={`/api/edits/${outcome.generationId}/zip`} className={buttonClass('secondary', 'sm')} download data-testid="edit-zip">
            <FileArchive />
            {r.zip}
          </a>
        )}
        <ShareButton target={{ generationId: outcome.generationId }} />
        {outcome.mode === 'variants' && item ? (
          <Button size="sm" onClick={() => onUse(item)} disabled={busy} data-testid="use-result">
            <Check />
            {t.edit.results.use}
          </Button>
        ) : (
          outcome.mode === 'single' && (
            <Button size="sm" onClick={onContinue}>
              <Repeat2 />
              {r.continue}
            </Button>
          )
        )}
        <Button variant="ghost" size="sm" onClick={onBack}>
          <Undo2 />
          {showing ? r.again : r.title}
        </Button>
      </div>
    </div>
  );
}
