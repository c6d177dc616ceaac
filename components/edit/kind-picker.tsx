'use client';

import { Eraser, ImageUp, Palette, PencilRuler, Plus, Wallpaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { EDIT_KINDS, needsMask, type EditKind } from '@/lib/edits/kinds';
import { useI18n } from '../i18n-provider';
import { cn } from '../ui/cn';

const ICONS: Record<EditKind, ReactNode> = {
  background: <Wallpaper />,
  style: <Palette />,
  upscale: <ImageUp />,
  local: <PencilRuler />,
  remove: <Eraser />,
  add: <Plus />,
};

interface Props {
  value: EditKind;
  onChange: (kind: EditKind) => void;
  disabled?: boolean;
  /** Kinds the chosen model cannot do, with the reason: greyed, not chosen. */
  refusals?: Partial<Record<EditKind, string>>;
}

/**
 * The six kinds of edit as radio cards, each named; the chosen one's description under them (every
 * one's on hover). A kind the chosen model cannot do is greyed with its reason.
 */
export function KindPicker({ value, onChange, disabled, refusals = {} }: Props) {
  const { t } = useI18n();
  const refusedNow = refusals[value];
  const greyed = new Map<string, EditKind[]>();
  for (const kind of EDIT_KINDS) {
    const reason = refusals[kind];
    if (kind !== value && reason) greyed.set(reason, [...(greyed.get(reason) ?? []), kind]);
  }
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-[13px] font-medium text-ink">{t.edit.kinds.label}</legend>
      <div className="grid grid-cols-2 gap-2">
        {EDIT_KINDS.map((kind) => {
          const text = t.edit.kinds[kind];
          const active = kind === value;
          const refused = refusals[kind];
          return (
            <label
              key={kind}
              title={refused ?? text.hint}
              data-refused={refused ? '' : undefined}
              className={cn(
                'flex flex-col gap-1 rounded-control border px-2.5 py-2 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
                active ? 'border-accent bg-accent-soft' : 'border-line bg-surface',
                refused ? 'cursor-not-allowed opacity-50' : 'cursor-pointer',
                !active && !refused && 'hover:bg-subtle',
              )}
            >
              <input
                type="radio"
                name="edit-kind"
                value={kind}
                checked={active}
                disabled={Boolean(refused) && !active}
                onChange={() => onChange(kind)}
                className="sr-only"
              />
              <span
                className={cn(
                  // Wraps: a name with a long word ("modification") keeps its line and the mask badge goes under it.
                  'flex flex-wrap items-start gap-1.5 text-[13px] leading-tight font-medium [&_svg]:mt-px [&_svg]:size-3.5 [&_svg]:shrink-0',
                  active ? 'text-accent-soft-ink' : 'text-ink',
                )}
              >
                {ICONS[kind]}
                <span className="flex-1">{text.name}</span>
                {needsMask(kind) && (
                  <span className="shrink-0 rounded-full bg-subtle px-1.5 text-[10px] leading-4 font-normal text-ink-muted">{t.edit.kinds.maskBadge}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <p
        className={cn('text-[12px] leading-snug', refusedNow ? 'text-warning' : 'text-ink-muted')}
        data-testid="kind-hint"
        role={refusedNow ? 'alert' : undefined}
      >
        {refusedNow ?? t.edit.kinds[value].hint}
      </p>
      {/* Why the others are greyed, said once per reason (the hover says it per card too). */}
      {greyed.size > 0 && (
        <ul className="grid gap-0.5 text-[12px] leading-snug text-ink-muted" data-testid="kind-refusals">
          {[...greyed].map(([reason, kinds]) => (
            <li key={reason}>
              <span className="font-medium">{kinds.map((kind) => t.edit.kinds[kind].name).join(t.edit.kinds.listSeparator)}</span>: {reason}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
