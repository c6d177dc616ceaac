'use client';

import type { EditModel } from '@/lib/edits/edit-models';
import { estimateEdit } from '@/lib/edits/edit-estimate';
import type { EditKind } from '@/lib/edits/kinds';
import { MAX_EDIT_RESULTS } from '@/lib/edits/results';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';
import { refusalText } from './kind-refusals';
import { Segmented } from '../ui/segmented';

const select = 'focus-ring h-9 w-full rounded-control border border-line bg-surface px-2.5 text-sm text-ink disabled:opacity-55';
const COUNTS = Array.from({ length: MAX_EDIT_RESULTS }, (_, i) => String(i + 1));

interface Props {
  models: EditModel[];
  model: string;
  variants: number;
  /** The edit board's models, or null for one model. */
  board: string[] | null;
  /** The kind of edit chosen: a board model that cannot do it is greyed with the reason. */
  kind: EditKind;
  /** The output size the run is priced at ("WxH"), or '' before a picture is in. */
  size: string;
  onModel: (model: string) => void;
  onVariants: (n: number) => void;
  /** "Compare models" on (with the models to start from) or off. */
  onBoard: (models: string[] | null) => void;
  onToggleModel: (model: string) => void;
}

/**
 * Who answers and how many times: one model and 1 to 4 variants of it, or ("Compare models") an
 * edit board of 2 to 4 models, once each (the two do not combine); and what the run is estimated at.
 */
export function ModelOptions({ models, model, variants, board, kind, size, onModel, onVariants, onBoard, onToggleModel }: Props) {
  const { t } = useI18n();
  const f = t.edit.form;
  // The reference engines' tiers are ours to name; a provider's model is named with its provider instead.
  const quality = (m: EditModel) => (m.provider ? `${m.id} · ${m.provider}` : `${m.hd ? f.hd : f.standard} · ${m.id}`);
  const refusal = (m: EditModel) => refusalText(m, kind, t.edit);
  // The board starts from the chosen model and the next one in the list.
  const firstBoard = () => [model, ...models.map((m) => m.id).filter((id) => id !== model)].slice(0, 2);
  return (
    <div className="grid gap-3">
      {board ? (
        <fieldset className="grid gap-1.5" data-testid="board-models">
          <legend className="mb-1.5 text-[13px] font-medium text-ink">{f.models}</legend>
          <div className="grid grid-cols-2 gap-x-3 gap-y-1">
            {models.map((m) => {
              const picked = board.includes(m.id);
              const refused = refusal(m);
              return (
                <label
                  key={m.id}
                  title={refused ?? quality(m)}
                  data-refused={refused ? '' : undefined}
                  className={cn(
                    'flex min-w-0 items-center gap-1.5 text-[13px] text-ink',
                    refused && !picked ? 'cursor-not-allowed opacity-50' : 'cursor-pointer',
                  )}
                >
                  <input
                    type="checkbox"
                    checked={picked}
                    disabled={!picked && (board.length >= MAX_EDIT_RESULTS || Boolean(refused))}
                    onChange={() => onToggleModel(m.id)}
                    className="size-4 shrink-0 accent-[var(--accent)]"
                  />
                  <span className="grid min-w-0 leading-tight">
                    <span className="truncate">{m.id}</span>
                    {m.provider && <span className="truncate text-[11px] text-ink-muted">{m.provider}</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <label className="grid gap-1.5 text-[13px] font-medium text-ink">
          {f.model}
          <select className={select} value={model} onChange={(e) => onModel(e.target.value)}>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {quality(m)}
                {refusal(m) ? ` — ${t.edit.kinds.refused.short}` : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="flex items-end justify-between gap-3">
        <div className="w-40 shrink-0" title={board ? f.notBoth : f.resultsHint}>
          <Segmented
            label={f.results}
            value={String(board ? 1 : variants)}
            options={COUNTS.map((n) => ({ value: n, label: n }))}
            onChange={(n) => onVariants(Number(n))}
            disabled={Boolean(board)}
          />
        </div>
        <label
          className={cn('flex h-9 min-w-0 items-center gap-1.5 text-[13px] text-ink', variants > 1 ? 'opacity-55' : 'cursor-pointer')}
          title={variants > 1 ? f.notBoth : f.compareHint}
        >
          <input
            type="checkbox"
            role="switch"
            checked={Boolean(board)}
            disabled={variants > 1 || models.length < 2}
            onChange={(e) => onBoard(e.target.checked ? firstBoard() : null)}
            className="size-4 shrink-0 accent-[var(--accent)]"
            data-testid="compare-models"
          />
          <span className="truncate">{f.compareModels}</span>
        </label>
      </div>
      <EstimateLine models={models} chosen={board ?? [model]} size={size} n={board ? 1 : variants} />
    </div>
  );
}

/** "Estimate ≈ ¥0.30 (¥0.10 × 3)": the list prices of what the run sends. */
function EstimateLine({ models, chosen, size, n }: { models: EditModel[]; chosen: string[]; size: string; n: number }) {
  const { t, locale } = useI18n();
  const f = t.edit.form;
  if (!size || chosen.length === 0) return null;
  const estimate = estimateEdit(models, chosen, size, n);
  if (estimate.total === null && estimate.unknown.length === 0) return null;
  return (
    <p className="text-[13px] text-ink-muted" data-testid="edit-estimate" data-amount={estimate.total ?? ''}>
      {f.estimate}:{' '}
      {estimate.total !== null && (
        <>
          <span className="font-semibold text-ink tabular-nums">≈ {formatCny(estimate.total, locale)}</span>
          {estimate.each !== null && n > 1 && (
            <span className="ml-1 tabular-nums">({format(f.estimateEach, { each: formatCny(estimate.each, locale), n })})</span>
          )}
        </>
      )}
      {estimate.unknown.length > 0 && <span className="ml-2 text-xs text-warning">{format(f.estimateUnknown, { models: estimate.unknown.join(', ') })}</span>}
    </p>
  );
}
