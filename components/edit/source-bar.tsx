'use client';

import { Expand, ImagePlus, X } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import type { Source } from './load-image';

interface Props {
  source: Source;
  /** The outpainting toggle is offered (not while a result is shown). */
  canExtend: boolean;
  extending: boolean;
  running: boolean;
  onExtend: () => void;
  onStopExtending: () => void;
  onFile: (file: File | null) => void;
}

/** Above the canvas: the picture's name and size, outpainting on or off, and another picture. */
export function SourceBar({ source, canExtend, extending, running, onExtend, onStopExtending, onFile }: Props) {
  const { t } = useI18n();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-[13px] text-ink-muted">
      <span className="truncate" data-testid="source-info">
        {(source.kind === 'file' ? source.file.name : source.name) || t.edit.result.title} · {source.width}×{source.height}
      </span>
      {canExtend && (
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-pressed={extending}
          onClick={extending ? onStopExtending : onExtend}
          disabled={running}
          data-testid="extend-toggle"
        >
          {extending ? <X /> : <Expand />}
          {extending ? t.edit.extend.close : t.edit.extend.button}
        </Button>
      )}
      <label className="cursor-pointer">
        <input type="file" accept="image/png,image/jpeg,image/webp,image/heic,image/heif,.heic,.heif" className="sr-only" onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
        <span className="inline-flex items-center gap-1.5 rounded-control px-2 py-1 text-ink-muted hover:bg-subtle hover:text-ink [&_svg]:size-4">
          <ImagePlus />
          {t.edit.input.replace}
        </span>
      </label>
    </div>
  );
}
