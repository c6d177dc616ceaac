'use client';

import { Maximize, Minus, Plus } from 'lucide-react';
import { Button } from '../ui/button';

export interface ZoomLabels {
  fit: string;
  actual: string;
  zoomIn: string;
  zoomOut: string;
}

/** The canvas's zoom: out, the level, in, fit and 100 %. */
export function ZoomControls({
  zoom,
  onZoom,
  onFit,
  onActual,
  labels,
}: {
  zoom: number;
  onZoom: (factor: number) => void;
  onFit: () => void;
  onActual: () => void;
  labels: ZoomLabels;
}) {
  return (
    <div className="absolute right-2 bottom-2 flex items-center gap-1 rounded-control bg-surface/90 p-1 shadow-card backdrop-blur">
      <Button variant="ghost" size="sm" onClick={() => onZoom(1 / 1.25)} aria-label={labels.zoomOut} title={labels.zoomOut}>
        <Minus />
      </Button>
      <span className="w-11 text-center text-xs text-ink-muted tabular-nums" aria-live="polite" data-testid="zoom-level">
        {Math.round(zoom * 100)}%
      </span>
      <Button variant="ghost" size="sm" onClick={() => onZoom(1.25)} aria-label={labels.zoomIn} title={labels.zoomIn}>
        <Plus />
      </Button>
      <Button variant="ghost" size="sm" onClick={onFit} title={labels.fit} aria-label={labels.fit}>
        <Maximize />
        <span className="hidden sm:inline">{labels.fit}</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={onActual} className="max-sm:hidden">
        {labels.actual}
      </Button>
    </div>
  );
}
