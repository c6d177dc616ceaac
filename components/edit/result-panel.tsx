'use client';

import { Download, Repeat2, Undo2 } from 'lucide-react';
import type { EditOutcome } from '@/lib/edits/run-edit';
import { formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { ShareButton } from '../share/share-button';
import { Button, buttonClass } from '../ui/button';

/** What came back: cost, the revised prompt when the service gave one, and what to do next. */
export function ResultPanel({ outcome, showing, onContinue, onBack }: { outcome: EditOutcome; showing: boolean; onContinue: () => void; onBack: () => void }) {
  const { t, locale } = useI18n();
  const r = t.edit.result;
  return (
    <div
      className="grid gap-3 rounded-control border border-line bg-subtle/60 p-3"
      data-testid="edit-result"
      data-generation={outcome.generationId}
      data-result-asset={outcome.resultAssetId}
      data-original-asset={outcome.originalAssetId}
      data-mask-asset={outcome.maskAssetId ?? ''}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-[13px]">
        <dt className="text-ink-muted">{r.cost}</dt>
        <dd className="font-medium text-ink tabular-nums" data-testid="edit-cost">
          {outcome.cost.currency === 'CNY' ? formatCny(outcome.cost.amount, locale) : `${outcome.cost.amount} ${outcome.cost.currency}`}
        </dd>
        {outcome.revisedPrompt && (
          <>
            <dt className="text-ink-muted">{r.revisedPrompt}</dt>
            <dd className="text-ink">{outcome.revisedPrompt}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <a href={`/api/assets/${outcome.resultAssetId}?download=1`} className={buttonClass('secondary', 'sm')} download>
          <Download />
          {r.download}
        </a>
        <ShareButton target={{ generationId: outcome.generationId }} />
        <Button size="sm" onClick={onContinue}>
          <Repeat2 />
          {r.continue}
        </Button>
        <Button variant="ghost" size="sm" onClick={onBack}>
          <Undo2 />
          {showing ? r.again : r.title}
        </Button>
      </div>
    </div>
  );
}
