'use client';

import { LIMITS } from '@/lib/comparisons/limits';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';
import { useBoardRunner } from './board-runner';
import { useFieldError } from './use-field-error';

export interface ModelOption {
  id: string;
  description?: string;
}

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
            const full = !checked && form.models.length >= LIMITS.maxModels;
            return (
              <label
                key={model.id}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 rounded-control border px-3 py-2 transition-colors',
                  checked ? 'border-accent bg-accent-soft/60' : 'border-line hover:border-line-strong',
                  full && 'cursor-not-allowed opacity-50',
                )}
              >
                <input type="checkbox" className="mt-0.5 accent-[var(--accent)]" checked={checked} disabled={full} onChange={() => toggleModel(model.id)} />
                <span className="grid min-w-0">
                  <span className="truncate text-sm font-medium text-ink">{model.id}</span>
                  {model.description && <span className="truncate text-xs text-ink-muted">{model.description}</span>}
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
