'use client';

import type { BoardModel as ModelOption } from '@/lib/comparisons/catalog';
import { LIMITS } from '@/lib/comparisons/limits';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';
import { useBoardRunner } from './board-runner';
import { useFieldError } from './use-field-error';

export type { BoardModel as ModelOption } from '@/lib/comparisons/catalog';

/** The board's models: one checkbox each, up to four. */
export function ModelPicker({ id, models }: { id: string; models: ModelOption[] }) {
  const { t } = useI18n();
  const c = t.compare;
  const { form, setForm } = useBoardRunner();
  const fieldError = useFieldError();
  const toggleModel = (model: string) =>
    setForm((f) => ({ ...f, models: f.models.includes(model) ? f.models.filter((m) => m !== model) : [...f.models, model] }));
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-models-note`}>
      <legend className="mb-1.5 text-[13px] font-medium text-ink">
        {c.form.models}{' '}
        <span className="font-normal text-ink-muted">
          · {form.models.length}/{LIMITS.maxModels}
        </span>
      </legend>
      {models.length === 0 ? (
        <p className="text-sm text-ink-muted">{c.form.noModels}</p>
      ) : (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {models.map((model) => {
            const checked = form.models.includes(model.id);
            // A model that cannot make the background asked for is greyed with the reason (the service would refuse it).
            const refused = form.background === 'transparent' && model.transparency === false ? c.form.noTransparency : null;
            const full = !checked && (form.models.length >= LIMITS.maxModels || Boolean(refused));
            const can = [model.rendersUpTo && format(c.form.renders, { side: model.rendersUpTo }), model.seed === false && c.form.noSeed].filter(Boolean);
            return (
              <label
                key={model.id}
                title={refused ?? undefined}
                data-refused={refused ? '' : undefined}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 rounded-control border px-3 py-2 transition-colors',
                  checked ? 'border-accent bg-accent-soft/60' : 'border-line hover:border-line-strong',
                  full && 'cursor-not-allowed opacity-50',
                )}
              >
                <input type="checkbox" className="mt-0.5 accent-[var(--accent)]" checked={checked} disabled={full} onChange={() => toggleModel(model.id)} />
                <span className="grid min-w-0">
                  <span className="flex min-w-0 items-baseline gap-1.5">
                    <span className="truncate text-sm font-medium text-ink">{model.id}</span>
                    {model.provider && <span className="shrink-0 rounded-full bg-subtle px-1.5 text-[10px] leading-4 text-ink-muted">{model.provider}</span>}
                  </span>
                  {model.description && <span className="truncate text-xs text-ink-muted">{model.description}</span>}
                  {refused ? (
                    <span className="text-xs text-warning">{refused}</span>
                  ) : (
                    can.length > 0 && <span className="text-xs text-ink-muted">{can.join(' · ')}</span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
      <p
        id={`${id}-models-note`}
        role={fieldError('models') ? 'alert' : undefined}
        className={cn('text-[13px]', fieldError('models') ? 'text-danger' : 'text-ink-muted')}
      >
        {fieldError('models') ?? c.form.modelsHint}
      </p>
    </fieldset>
  );
}
