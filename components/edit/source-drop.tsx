'use client';

import { ImageUp } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { buttonClass } from '../ui/button';

/** The empty canvas: pick, drop or paste an image. */
export function SourceDrop({ error, onFile }: { error: string | null; onFile: (file: File | null) => void }) {
  const { t } = useI18n();
  return (
    <label className="group grid h-full cursor-pointer place-items-center p-6 text-center" data-testid="source-drop">
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/heic,image/heif,.heic,.heif"
        className="sr-only"
        aria-label={t.edit.input.choose}
        onChange={(e) => {
          onFile(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      <span className="grid max-w-sm justify-items-center gap-3 rounded-card border-2 border-dashed border-line-strong bg-surface/80 px-8 py-10 transition-colors group-hover:border-accent">
        <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent-soft-ink [&_svg]:size-6">
          <ImageUp />
        </span>
        <span className="text-sm font-medium text-ink">{t.edit.input.drop}</span>
        <span className="text-xs leading-relaxed text-ink-muted">{t.edit.input.limits}</span>
        <span className={buttonClass('primary', 'sm')}>{t.edit.input.choose}</span>
        {error && (
          <span role="alert" className="text-[13px] text-danger">
            {error}
          </span>
        )}
      </span>
    </label>
  );
}
