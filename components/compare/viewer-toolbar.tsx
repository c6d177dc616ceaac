'use client';

import { Columns2, Minus, Plus, Scan, Square, SplitSquareHorizontal, X } from 'lucide-react';
import { cn } from '../ui/cn';
import { VIEWER_ZOOM } from './use-shared-view';
import type { ViewerLayout } from './viewer-paging';

export interface ViewerLabels {
  title: string;
  close: string;
  zoomIn: string;
  zoomOut: string;
  reset: string;
  single: string;
  sideBySide: string;
  swipe: string;
  divider: string;
  keys: string;
  previous: string;
  next: string;
  /** One image: "{model} · {n} of {count}". */
  position: string;
  /** Side by side: "Image {n} of {count}". */
  page: string;
  left: string;
  right: string;
}

const tool = 'grid size-8 shrink-0 place-items-center rounded-control text-white/85 hover:bg-white/15 hover:text-white disabled:opacity-40 [&_svg]:size-4';

/** The viewer's top bar: where it is, the layouts (two images or more), zoom out, the zoom, zoom in, reset and close. */
export function ViewerToolbar({
  labels,
  where,
  zoom,
  onZoom,
  onReset,
  layout,
  layouts,
  onLayout,
  onClose,
}: {
  labels: ViewerLabels;
  where: string;
  zoom: number;
  onZoom: (factor: number) => void;
  onReset: () => void;
  layout: ViewerLayout;
  layouts: boolean;
  onLayout: (layout: ViewerLayout) => void;
  onClose: () => void;
}) {
  const choices: Array<[ViewerLayout, string, typeof Square]> = [
    ['single', labels.single, Square],
    ['side', labels.sideBySide, Columns2],
    ['swipe', labels.swipe, SplitSquareHorizontal],
  ];
  return (
    // On a phone the position has a line of its own above the tools, whole.
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-[13px]">
      <h2 className="sr-only">{labels.title}</h2>
      <p data-testid="viewer-position" aria-live="polite" className="min-w-0 basis-full font-medium break-words sm:basis-auto">
        {where}
      </p>
      <span className="hidden min-w-0 truncate text-white/55 xl:inline">{labels.keys}</span>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        {layouts && (
          <div role="group" className="mr-1 flex items-center gap-0.5 rounded-control bg-white/10 p-0.5">
            {choices.map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                className={cn(tool, 'size-7', layout === value && 'bg-white/25 text-white')}
                onClick={() => onLayout(value)}
                aria-pressed={layout === value}
                aria-label={label}
                title={label}
              >
                <Icon />
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          className={tool}
          onClick={() => onZoom(0.8)}
          disabled={zoom <= VIEWER_ZOOM.min}
          aria-label={labels.zoomOut}
          title={labels.zoomOut}
        >
          <Minus />
        </button>
        <span className="hidden w-12 text-center text-xs text-white/75 tabular-nums sm:inline" data-testid="viewer-zoom">
          {Math.round(zoom * 100)}%
        </span>
        <button type="button" className={tool} onClick={() => onZoom(1.25)} disabled={zoom >= VIEWER_ZOOM.max} aria-label={labels.zoomIn} title={labels.zoomIn}>
          <Plus />
        </button>
        <button type="button" className={tool} onClick={onReset} aria-label={labels.reset} title={labels.reset}>
          <Scan />
        </button>
        <button type="button" className={tool} onClick={onClose} aria-label={labels.close} title={labels.close}>
          <X />
        </button>
      </div>
    </div>
  );
}
