'use client';

import { Play, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { estimateBoard, type Estimate, type PriceTable } from '@/lib/pricing/board';
import { BACKGROUNDS, RESPONSE_FORMATS } from '@/lib/comparisons/limits';
import { IMAGE_SIZES as SIZES } from '@/lib/upstream/defaults';
import { format, formatCny } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { Card, CardBody } from '../ui/card';
import { Field, fieldAria, Input, Select } from '../ui/input';
import { useBoardRunner, type BoardForm } from './board-runner';
import { Segmented } from '../ui/segmented';
import { ModelPicker, type ModelOption } from './model-picker';
import { useFieldError } from './use-field-error';
import { PromptCounter } from '../prompt-counter';

/**
 * The board's settings. Under a finished board (`folded`) they start as one line, so the results
 * come first; the line opens the whole form.
 */
export function CompareForm({ models, prices, folded = false }: { models: ModelOption[]; prices: PriceTable; folded?: boolean }) {
  const { t } = useI18n();
  const c = t.compare;
  const { form, setForm, run, running } = useBoardRunner();
  const [open, setOpen] = useState(!folded);
  const set = <K extends keyof BoardForm>(key: K, value: BoardForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const fieldError = useFieldError();
  const id = useId();

  /** The <select> of a field with a few fixed choices, each shown by its word. */
  const choice = <K extends 'background' | 'responseFormat'>(
    key: K,
    selectId: string,
    choices: readonly BoardForm[K][],
    words: Record<BoardForm[K], string>,
  ) => (
    <Select
      id={selectId}
      value={form[key]}
      onChange={(e) => set(key, e.target.value as BoardForm[K])}
      options={choices.map((value) => ({ value, label: words[value] }))}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  if (!open && !running) return <SettingsSummary onOpen={() => setOpen(true)} />;

  return (
    <Card>
      <CardBody>
        <form onSubmit={submit} className="grid gap-5" noValidate aria-label={c.title}>
          <Field id={`${id}-prompt`} label={c.form.prompt} hint={c.form.promptHint} error={fieldError('prompt')}>
            <textarea
              {...fieldAria(`${id}-prompt`, fieldError('prompt'), true)}
              value={form.prompt}
              onChange={(e) => set('prompt', e.target.value)}
              rows={3}
              placeholder={c.form.promptPlaceholder}
              className="focus-ring min-h-20 w-full resize-y rounded-control border border-line-strong bg-surface px-3 py-2 text-sm text-ink shadow-xs placeholder:text-ink-subtle hover:border-ink-subtle/60 focus-visible:border-accent aria-invalid:border-danger"
            />
            <PromptCounter prompt={form.prompt} />
          </Field>

          <ModelPicker id={id} models={models} />

          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            <Segmented
              label={c.form.size}
              value={form.size}
              options={SIZES.map((size) => ({ value: size, label: size.split('x')[0], note: size === '4096x4096' ? c.form.expensive : undefined }))}
              onChange={(size) => set('size', size)}
            />
            <Segmented
              label={c.form.n}
              value={String(form.n)}
              options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: String(n) }))}
              onChange={(n) => set('n', Number(n))}
            />
            <Field id={`${id}-background`} label={c.form.background} error={fieldError('background')}>
              {choice('background', `${id}-background`, BACKGROUNDS, c.form.backgrounds)}
            </Field>
            <SeedField id={id} />
          </div>

          <details className="group rounded-control border border-line px-3 py-2 text-sm">
            <summary className="cursor-pointer text-[13px] font-medium text-ink-muted select-none">{c.form.advanced}</summary>
            <div className="mt-3 max-w-xs">
              <Field id={`${id}-format`} label={c.form.responseFormat} hint={c.form.responseFormatHint}>
                {choice('responseFormat', `${id}-format`, RESPONSE_FORMATS, c.form.responseFormats)}
              </Field>
            </div>
          </details>

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
            <EstimateLine estimate={estimateBoard(prices, form.models, form.size, form.n)} />
            <Button type="submit" size="lg" pending={running} disabled={models.length === 0}>
              {!running && <Play />}
              {c.form.run}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

/** The folded form: the prompt on one line with the board's settings, and a button to open them. */
function SettingsSummary({ onOpen }: { onOpen: () => void }) {
  const { t } = useI18n();
  const c = t.compare;
  const { form } = useBoardRunner();
  const values = { models: form.models.length, size: form.size, n: form.n, seed: form.seed };
  return (
    <Card>
      <div className="flex items-center gap-3 px-5 py-3" data-testid="board-settings-summary">
        <p className="min-w-0 flex-1 truncate text-sm text-ink" title={form.prompt}>
          {form.prompt}
        </p>
        <p className="hidden shrink-0 text-[13px] text-ink-muted md:block">
          {format(form.seedMode === 'locked' ? c.form.summary : c.form.summaryRandom, values)}
        </p>
        <Button variant="secondary" size="sm" aria-expanded={false} onClick={onOpen}>
          <SlidersHorizontal />
          {c.form.editSettings}
        </Button>
      </div>
    </Card>
  );
}

/** Random or a locked seed, typed as digits. */
function SeedField({ id }: { id: string }) {
  const { t } = useI18n();
  const c = t.compare;
  const { form, setForm } = useBoardRunner();
  const fieldError = useFieldError();
  return (
    <div className="grid gap-1.5">
      <Segmented
        label={c.form.seed}
        value={form.seedMode}
        options={[
          { value: 'random', label: c.form.seedRandom },
          { value: 'locked', label: c.form.seedLocked },
        ]}
        onChange={(seedMode) => setForm((f) => ({ ...f, seedMode }))}
      />
      {form.seedMode === 'locked' && (
        <Input
          {...fieldAria(`${id}-seed`, fieldError('seed'))}
          aria-label={c.form.seed}
          inputMode="numeric"
          value={form.seed}
          onChange={(e) => setForm((f) => ({ ...f, seed: e.target.value.replace(/[^\d]/g, '') }))}
          className="h-9"
        />
      )}
      {fieldError('seed') && (
        <p id={`${id}-seed-error`} role="alert" className="text-[13px] text-danger">
          {fieldError('seed')}
        </p>
      )}
    </div>
  );
}

/** What the board will cost by the list prices (or by what the ledger saw, when that was more). */
function EstimateLine({ estimate }: { estimate: Estimate }) {
  const { t, locale } = useI18n();
  const c = t.compare;
  return (
    <p className="text-sm text-ink-muted" data-testid="estimate" data-amount={estimate.total}>
      {c.form.estimate}: <span className="font-semibold text-ink tabular-nums">≈ {formatCny(estimate.total, locale)}</span>
      {estimate.perModel.some((m) => m.source === 'ledger') && <span className="ml-1 text-xs">({c.form.estimateFromLedger})</span>}
      {estimate.unknown.length > 0 && (
        <span className="ml-2 text-xs text-warning">{format(c.form.estimateUnknown, { models: estimate.unknown.join(', ') })}</span>
      )}
    </p>
  );
}
