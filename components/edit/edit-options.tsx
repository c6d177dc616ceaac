'use client';

import { WandSparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { promptFitsKind, promptTemplates, sizeOptions, type EditKind } from '@/lib/edits/kinds';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { PromptCounter } from '../prompt-counter';

interface Props {
  kind: EditKind;
  prompt: string;
  onPrompt: (prompt: string) => void;
  /** Which model answers, and how many times (model-options.tsx). */
  modelControls: ReactNode;
  dims: { width: number; height: number } | null;
  /** The dims are an outpainting's new canvas, not the image's. */
  extending?: boolean;
  size: string;
  onSize: (size: string) => void;
  /** Why the edit cannot be sent yet, or null. */
  blocked: string | null;
  pending: boolean;
  onSubmit: () => void;
}

const select = 'focus-ring h-9 w-full rounded-control border border-line bg-surface px-2.5 text-sm text-ink disabled:opacity-55';

export function EditOptions({ kind, prompt, onPrompt, modelControls, dims, extending, size, onSize, blocked, pending, onSubmit }: Props) {
  const { t, locale } = useI18n();
  // The templates in the reader's language: the service reads the Chinese ones as the same kinds.
  const templates = promptTemplates(locale);
  const f = t.edit.form;
  const id = useId();
  const sizes = dims ? sizeOptions(kind, dims.width, dims.height) : [];
  const original = dims ? `${dims.width}x${dims.height}` : '';
  const fits = !prompt.trim() || promptFitsKind(kind, prompt);
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-prompt`} className="text-[13px] font-medium text-ink">
            {f.prompt}
          </label>
          <span className="flex gap-3">
            {kind === 'background' && !extending && (
              <button type="button" className="text-xs text-accent hover:underline" onClick={() => onPrompt(templates.cutout)}>
                {f.cutoutTemplate}
              </button>
            )}
            <button
              type="button"
              className="text-xs text-accent hover:underline"
              onClick={() => onPrompt(extending ? t.edit.extend.template : templates.kinds[kind])}
            >
              {f.template}
            </button>
          </span>
        </div>
        <textarea
          id={`${id}-prompt`}
          value={prompt}
          onChange={(e) => onPrompt(e.target.value)}
          rows={3}
          className="focus-ring min-h-20 resize-y rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-subtle"
          aria-describedby={`${id}-prompt-hint`}
        />
        <p id={`${id}-prompt-hint`} className={fits ? 'text-xs text-ink-subtle' : 'text-xs text-warning'}>
          {fits ? f.promptHint : kind === 'local' ? f.mismatchLocal : format(f.mismatch, { words: f.words[kind] })}
        </p>
        <PromptCounter prompt={prompt} />
      </div>
      <div className="grid gap-3">
        {modelControls}
        <label className="grid gap-1.5 text-[13px] font-medium text-ink">
          {f.size}
          <select className={select} value={size} onChange={(e) => onSize(e.target.value)} disabled={sizes.length < 2}>
            {sizes.length === 0 && <option value="">—</option>}
            {sizes.map((s) => (
              <option key={s} value={s}>
                {format(extending ? t.edit.extend.canvasSize : s === original ? f.original : f.doubled, { size: s.replace('x', '×') })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid gap-1.5">
        <Button size="lg" onClick={onSubmit} disabled={Boolean(blocked)} pending={pending} title={blocked ?? undefined} data-testid="edit-submit">
          {!pending && <WandSparkles />}
          {f.submit}
        </Button>
        {blocked && (
          <p className="text-xs text-ink-muted" data-testid="submit-reason">
            {blocked}
          </p>
        )}
      </div>
    </div>
  );
}
