'use client';

import { Expand, History, ImagePlus, X } from 'lucide-react';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import type { Source } from './load-image';

interface Props {
  source: Source;
  /** A result is on show instead of the picture: its size (null until its image is decoded). */
  result: { size: { width: number; height: number } | null } | null;
  /** The outpainting toggle is offered (not while a result is shown). */
  canExtend: boolean;
  extending: boolean;
  running: boolean;
  onExtend: () => void;
  onStopExtending: () => void;
  onFile: (file: File | null) => void;
  /** Opens the team's edits (the history panel). */
  onHistory: () => void;
}

/** Above the canvas: the picture's name and size (or the result's while it is shown), outpainting on or off, the history, and another picture. */
export function SourceBar({ source, result, canExtend, extending, running, onExtend, onStopExtending, onFile, onHistory }: Props) {
  const { t } = useI18n();
  // The file on show: the result's own size (an upscale's, an outpainting's canvas), else the picture's.
  const name = result ? t.edit.result.title : (source.kind === 'file' ? source.file.name : source.name) || t.edit.result.title;
  const size = result ? result.size : source;
  return (
    // On a phone the three buttons are icons (named for screen readers), so the bar stays one line.
    <div className="flex flex-wrap items-center justify-between gap-2 text-[13px] text-ink-muted">
      <span className="truncate" data-testid="source-info">
        {name}
        {size && ` · ${size.width}×${size.height}`}
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
          <span className="max-sm:sr-only">{extending ? t.edit.extend.close : t.edit.extend.button}</span>
        </Button>
      )}
      <Button variant="ghost" size="sm" className={canExtend ? undefined : 'ml-auto'} onClick={onHistory} data-testid="history-open">
        <History />
        <span className="max-sm:sr-only">{t.edit.history.title}</span>
      </Button>
      <label className="cursor-pointer">
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/heic,image/heif,.heic,.heif"
          className="sr-only"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        <span className="inline-flex items-center gap-1.5 rounded-control px-2 py-1 text-ink-muted hover:bg-subtle hover:text-ink [&_svg]:size-4">
          <ImagePlus />
          <span className="max-sm:sr-only">{t.edit.input.replace}</span>
        </span>
      </label>
    </div>
  );
}
