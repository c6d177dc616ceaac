'use client';

import { Columns2, Minus, Plus, Scan, SplitSquareHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSharedView, VIEWER_ZOOM } from './use-shared-view';

export interface ViewerPane {
  key: string;
  label: string;
  src: string;
}

export interface ViewerLabels {
  title: string;
  close: string;
  zoomIn: string;
  zoomOut: string;
  reset: string;
  sideBySide: string;
  swipe: string;
  divider: string;
  keys: string;
}

/**
 * 2–4 images full screen, side by side or (two) as a swipe overlay, with one zoom and pan for all
 * (use-shared-view.ts): wheel or +/− zooms about the pointer, dragging or the arrow keys pans, 0
 * resets, S switches the layout, Esc closes.
 */
export function CompareViewer({ panes, labels, onClose }: { panes: ViewerPane[]; labels: ViewerLabels; onClose: () => void }) {
  const [mode, setMode] = useState<'side' | 'swipe'>('side');
  const [split, setSplit] = useState(50);
  const root = useRef<HTMLDivElement>(null);
  const shared = useSharedView(root);
  const { reapply } = shared;
  const swipe = mode === 'swipe' && panes.length >= 2;
  const shown = swipe ? panes.slice(0, 2) : panes;
  const switchMode = panes.length >= 2 ? () => setMode((m) => (m === 'side' ? 'swipe' : 'side')) : undefined;

  // Focus inside, and the page behind stays still while the wheel zooms.
  useEffect(() => {
    root.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => void (document.body.style.overflow = overflow);
  }, []);
  // A new layout has new images: give them the current view.
  useEffect(() => reapply(), [reapply, mode, panes.length]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      Escape: onClose,
      '+': () => shared.zoomCentre(1.25),
      '=': () => shared.zoomCentre(1.25),
      '-': () => shared.zoomCentre(0.8),
      '0': shared.reset,
      ArrowLeft: () => shared.step(0.1, 0),
      ArrowRight: () => shared.step(-0.1, 0),
      ArrowUp: () => shared.step(0, 0.1),
      ArrowDown: () => shared.step(0, -0.1),
      s: () => switchMode?.(),
    };
    const action = keys[e.key];
    if (!action || (e.target instanceof HTMLInputElement && e.key !== 'Escape')) return;
    e.preventDefault();
    action();
  };

  const image = (pane: ViewerPane, clip?: string) => (
    // eslint-disable-next-line @next/next/no-img-element -- full-size team assets behind auth
    <img
      key={pane.key}
      src={pane.src}
      alt={pane.label}
      draggable={false}
      data-viewer-image
      className="absolute inset-0 h-full w-full origin-top-left object-contain select-none"
      style={{ willChange: 'transform', clipPath: clip }}
    />
  );
  const paneProps = {
    ...shared.paneProps,
    className: 'relative min-h-0 min-w-0 cursor-grab touch-none overflow-hidden bg-black/40 active:cursor-grabbing',
  };

  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-label={labels.title}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="compare-viewer"
      className="fixed inset-0 z-50 grid grid-rows-[auto_minmax(0,1fr)] bg-neutral-950 text-white outline-none"
    >
      <ViewerToolbar
        labels={labels}
        zoom={shared.zoom}
        onZoom={shared.zoomCentre}
        onReset={shared.reset}
        swipe={swipe}
        onSwitch={switchMode}
        onClose={onClose}
      />
      {swipe ? (
        <div className="relative grid min-h-0 grid-rows-[minmax(0,1fr)_auto] gap-2 p-2">
          <div {...paneProps}>
            {image(shown[0])}
            {image(shown[1], `inset(0 0 0 ${split}%)`)}
            <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.4)]" style={{ left: `${split}%` }} />
            <span className="absolute top-2 left-2 rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium">{shown[0].label}</span>
            <span className="absolute top-2 right-2 rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium">{shown[1].label}</span>
          </div>
          <input
            type="range"
            min={0}
            max={100}
            value={split}
            onChange={(e) => setSplit(Number(e.target.value))}
            aria-label={labels.divider}
            className="mx-auto w-full max-w-xl accent-white"
          />
        </div>
      ) : (
        <div className="grid min-h-0 gap-2 p-2" style={{ gridTemplateColumns: `repeat(${shown.length}, minmax(0, 1fr))` }}>
          {shown.map((pane) => (
            <div key={pane.key} {...paneProps} data-testid="viewer-pane">
              {image(pane)}
              <span className="pointer-events-none absolute top-2 left-2 rounded bg-black/60 px-1.5 py-0.5 text-[11px] font-medium">{pane.label}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

const tool = 'grid size-8 place-items-center rounded-control text-white/85 hover:bg-white/15 hover:text-white disabled:opacity-40 [&_svg]:size-4';

/** The viewer's top bar: its title and keys, zoom out, the zoom, zoom in, reset, the layout switch (two or more) and close. */
function ViewerToolbar({
  labels,
  zoom,
  onZoom,
  onReset,
  swipe,
  onSwitch,
  onClose,
}: {
  labels: ViewerLabels;
  zoom: number;
  onZoom: (factor: number) => void;
  onReset: () => void;
  swipe: boolean;
  onSwitch?: () => void;
  onClose: () => void;
}) {
  return (
    <div className="flex items-center gap-2 px-3 py-2 text-[13px]">
      <h2 className="font-medium">{labels.title}</h2>
      <span className="hidden text-white/55 md:inline">{labels.keys}</span>
      <div className="ml-auto flex items-center gap-1">
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
        <span className="w-12 text-center text-xs text-white/75 tabular-nums" data-testid="viewer-zoom">
          {Math.round(zoom * 100)}%
        </span>
        <button type="button" className={tool} onClick={() => onZoom(1.25)} disabled={zoom >= VIEWER_ZOOM.max} aria-label={labels.zoomIn} title={labels.zoomIn}>
          <Plus />
        </button>
        <button type="button" className={tool} onClick={onReset} aria-label={labels.reset} title={labels.reset}>
          <Scan />
        </button>
        {onSwitch && (
          <button
            type="button"
            className={tool}
            onClick={onSwitch}
            aria-pressed={swipe}
            aria-label={swipe ? labels.sideBySide : labels.swipe}
            title={swipe ? labels.sideBySide : labels.swipe}
          >
            {swipe ? <Columns2 /> : <SplitSquareHorizontal />}
          </button>
        )}
        <button type="button" className={tool} onClick={onClose} aria-label={labels.close} title={labels.close}>
          <X />
        </button>
      </div>
    </div>
  );
}
