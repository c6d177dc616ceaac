'use client';

import { ANCHORS, ASPECTS, canvasFor, extensionProblem, type Anchor, type Extension } from '@/lib/edits/canvas';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';

const field = 'focus-ring h-9 w-full rounded-control border border-line bg-surface px-2.5 text-sm text-ink tabular-nums';

/** The new canvas of an outpainting: a shape (or width and height), and where the image sits on it. */
export function ExtendOptions({ image, value, onChange }: { image: { width: number; height: number }; value: Extension; onChange: (next: Extension) => void }) {
  const { t } = useI18n();
  const x = t.edit.extend;
  const problem = extensionProblem(image, value);
  const side = (name: 'width' | 'height', label: string) => (
    <label className="grid gap-1.5 text-[13px] font-medium text-ink">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={image[name]}
        max={4096}
        value={value[name]}
        onChange={(e) => onChange({ ...value, [name]: Math.round(Number(e.target.value) || 0) })}
        className={field}
      />
    </label>
  );
  return (
    <section className="grid gap-3" aria-label={x.title} data-testid="extend-options">
      <div className="grid gap-1">
        <h2 className="text-[13px] font-medium text-ink">{x.title}</h2>
        <p className="text-xs text-ink-muted">{x.hint}</p>
      </div>
      <div className="grid gap-1.5">
        <span className="text-[13px] font-medium text-ink">{x.aspect}</span>
        <div className="flex flex-wrap gap-1.5">
          {ASPECTS.map(([name, ratio]) => {
            const size = canvasFor(image, ratio);
            const active = size !== null && size.width === value.width && size.height === value.height;
            return (
              <button
                key={name}
                type="button"
                disabled={!size}
                aria-pressed={active}
                onClick={() => size && onChange({ ...value, ...size })}
                className={cn(
                  'focus-ring h-8 rounded-control border px-2.5 text-xs tabular-nums disabled:opacity-40',
                  active ? 'border-accent bg-accent-soft text-accent-soft-ink' : 'border-line bg-surface text-ink hover:bg-subtle',
                )}
              >
                {name}
              </button>
            );
          })}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {side('width', x.width)}
        {side('height', x.height)}
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-[13px] font-medium text-ink">{x.anchor}</legend>
        <div className="grid w-fit grid-cols-3 gap-1" role="radiogroup" aria-label={x.anchor}>
          {ANCHORS.map((anchor: Anchor) => (
            <button
              key={anchor}
              type="button"
              role="radio"
              aria-checked={value.anchor === anchor}
              aria-label={x.anchors[anchor]}
              title={x.anchors[anchor]}
              onClick={() => onChange({ ...value, anchor })}
              className={cn(
                'focus-ring grid size-8 place-items-center rounded-control border',
                value.anchor === anchor ? 'border-accent bg-accent' : 'border-line bg-surface hover:bg-subtle',
              )}
            >
              <span className={cn('size-2 rounded-full', value.anchor === anchor ? 'bg-white' : 'bg-ink-subtle')} />
            </button>
          ))}
        </div>
      </fieldset>
      {problem && (
        <p className="text-xs text-warning" data-testid="extend-problem">
          {format(x.problems[problem], { size: `${image.width}×${image.height}` })}
        </p>
      )}
    </section>
  );
}
