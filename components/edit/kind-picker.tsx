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

/** The six kinds of edit as radio cards, each named; the chosen one's description under them (every one's on hover). */
export function KindPicker({ value, onChange, disabled }: { value: EditKind; onChange: (kind: EditKind) => void; disabled?: boolean }) {
  const { t } = useI18n();
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-[13px] font-medium text-ink">{t.edit.kinds.label}</legend>
      <div className="grid grid-cols-2 gap-2">
        {EDIT_KINDS.map((kind) => {
          const text = t.edit.kinds[kind];
          const active = kind === value;
          return (
            <label
              key={kind}
              title={text.hint}
              className={cn(
                'flex cursor-pointer flex-col gap-1 rounded-control border px-2.5 py-2 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
                active ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-subtle',
              )}
            >
              <input type="radio" name="edit-kind" value={kind} checked={active} onChange={() => onChange(kind)} className="sr-only" />
              <span
                className={cn(
                  'flex items-start gap-1.5 text-[13px] leading-tight font-medium [&_svg]:mt-px [&_svg]:size-3.5 [&_svg]:shrink-0',
                  active ? 'text-accent-soft-ink' : 'text-ink',
                )}
              >
                {ICONS[kind]}
                <span className="min-w-0 flex-1">{text.name}</span>
                {needsMask(kind) && (
                  <span className="shrink-0 rounded-full bg-subtle px-1.5 text-[10px] leading-4 font-normal text-ink-muted">{t.edit.kinds.maskBadge}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <p className="text-[12px] leading-snug text-ink-muted" data-testid="kind-hint">
        {t.edit.kinds[value].hint}
      </p>
    </fieldset>
  );
}
