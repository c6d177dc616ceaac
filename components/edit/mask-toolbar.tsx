'use client';

import { Brush, Eraser, FlipHorizontal2, Redo2, Trash2, Undo2, Eye } from 'lucide-react';
import type { Stroke } from '@/lib/edits/mask-strokes';
import { format } from '@/lib/i18n';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';

export interface MaskTools {
  mode: Stroke['mode'];
  /** Brush diameter in image pixels. */
  size: number;
  feather: number;
  opacity: number;
}

interface Props {
  tools: MaskTools;
  maxSize: number;
  onChange: (tools: MaskTools) => void;
  onInvert: () => void;
  onClear: () => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

export const OPACITIES = [0.5, 0.75, 0.25];

export function MaskToolbar({ tools, maxSize, onChange, onInvert, onClear, onUndo, onRedo, canUndo, canRedo }: Props) {
  const { t } = useI18n();
  const m = t.edit.mask;
  const set = (patch: Partial<MaskTools>) => onChange({ ...tools, ...patch });
  const modeButton = (mode: Stroke['mode'], label: string, icon: React.ReactNode) => (
    <Button
      variant={tools.mode === mode ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={tools.mode === mode}
      onClick={() => set({ mode })}
      className={cn(tools.mode === mode && 'text-ink')}
    >
      {icon}
      {label}
    </Button>
  );
  return (
    <div role="toolbar" aria-label={m.tools} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-card bg-surface px-3 py-2 shadow-card">
      <div className="flex items-center gap-1">
        {modeButton('paint', m.brush, <Brush />)}
        {modeButton('erase', m.eraser, <Eraser />)}
      </div>
      <PixelSlider label={m.size} min={2} max={maxSize} value={tools.size} onChange={(size) => set({ size })} className="w-24" />
      <PixelSlider label={m.feather} min={0} max={64} value={tools.feather} onChange={(feather) => set({ feather })} className="w-20" />
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="sm" onClick={onInvert}>
          <FlipHorizontal2 />
          {m.invert}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <Trash2 />
          {m.clear}
        </Button>
        <Button variant="ghost" size="sm" onClick={onUndo} disabled={!canUndo} aria-label={m.undo} title={m.undo}>
          <Undo2 />
        </Button>
        <Button variant="ghost" size="sm" onClick={onRedo} disabled={!canRedo} aria-label={m.redo} title={m.redo}>
          <Redo2 />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          title={m.overlayTitle}
          onClick={() => set({ opacity: OPACITIES[(OPACITIES.indexOf(tools.opacity) + 1) % OPACITIES.length] })}
        >
          <Eye />
          {format(m.overlay, { value: Math.round(tools.opacity * 100) })}
        </Button>
      </div>
    </div>
  );
}

/** A labelled range in pixels with its value beside it. */
function PixelSlider({
  label,
  min,
  max,
  value,
  onChange,
  className,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  className: string;
}) {
  return (
    <label className="flex items-center gap-2 text-xs text-ink-muted">
      {label}
      <input
        type="range"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className={cn('accent-[var(--accent)]', className)}
      />
      <span className="w-10 tabular-nums">{value}px</span>
    </label>
  );
}
