'use client';

import { Columns2, Minus, Plus, Scan, SplitSquareHorizontal, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { coverBox, zoomAbout, type View } from '@/lib/view/view-math';
import { usePointerGestures } from '../ui/use-pointer-gestures';

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

/** One zoom for every pane: 1 is the picture fitted, and it never leaves a pane uncovered. */
const LIMITS = { min: 1, max: 16 };
const IDENTITY: View = { zoom: 1, x: 0, y: 0 };
const wheelZoom = (deltaY: number) => Math.exp(-deltaY / 500);

/**
 * 2–4 images full screen, side by side or (two) as a swipe overlay, with one zoom and pan for all:
 * wheel or +/− zooms about the pointer, dragging or the arrow keys pans, 0 resets, S switches the
 * layout, Esc closes. The view is written straight to each image's transform in one animation
 * frame (no React render per move), so panning four 4096² images stays smooth.
 */
export function CompareViewer({ panes, labels, onClose }: { panes: ViewerPane[]; labels: ViewerLabels; onClose: () => void }) {
  const [mode, setMode] = useState<'side' | 'swipe'>('side');
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const root = useRef<HTMLDivElement>(null);
  const view = useRef<View>(IDENTITY);
  const frame = useRef(0);
  const swipe = mode === 'swipe' && panes.length >= 2;
  const shown = swipe ? panes.slice(0, 2) : panes;

  /** The size of one pane (they are all alike). */
  const paneSize = useCallback(() => {
    const pane = root.current?.querySelector<HTMLElement>('[data-pane]');
    return { width: pane?.clientWidth ?? 1, height: pane?.clientHeight ?? 1 };
  }, []);

  const apply = useCallback(
    (next: View) => {
      const { width, height } = paneSize();
      view.current = coverBox(next, { width, height }, LIMITS);
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        const { zoom, x, y } = view.current;
        const transform = `translate3d(${x}px, ${y}px, 0) scale(${zoom})`;
        for (const img of root.current?.querySelectorAll<HTMLElement>('[data-viewer-image]') ?? []) img.style.transform = transform;
        setZoom((z) => (z === zoom ? z : zoom));
      });
    },
    [paneSize],
  );

  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  // Focus inside, and the page behind stays still while the wheel zooms.
  useEffect(() => {
    root.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => void (document.body.style.overflow = overflow);
  }, []);
  // A new layout has new images: give them the current view.
  useEffect(() => apply(view.current), [apply, mode, panes.length]);

  const zoomCentre = (factor: number) => {
    const { width, height } = paneSize();
    apply(zoomAbout(view.current, factor, { x: width / 2, y: height / 2 }, LIMITS));
  };
  const gestures = usePointerGestures({
    view: () => view.current,
    update: (change) => apply(change(view.current)),
    limits: LIMITS,
    wheelZoom,
    pans: (e) => e.button === 0,
  });

  const onKeyDown = (e: React.KeyboardEvent) => {
    const { width, height } = paneSize();
    const step = 0.1;
    const keys: Record<string, () => void> = {
      Escape: onClose,
      '+': () => zoomCentre(1.25),
      '=': () => zoomCentre(1.25),
      '-': () => zoomCentre(0.8),
      '0': () => apply(IDENTITY),
      ArrowLeft: () => apply({ ...view.current, x: view.current.x + width * step }),
      ArrowRight: () => apply({ ...view.current, x: view.current.x - width * step }),
      ArrowUp: () => apply({ ...view.current, y: view.current.y + height * step }),
      ArrowDown: () => apply({ ...view.current, y: view.current.y - height * step }),
      s: () => panes.length >= 2 && setMode((m) => (m === 'side' ? 'swipe' : 'side')),
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
    'data-pane': true,
    ref: gestures.wheelRef,
    ...gestures.handlers,
    className: 'relative min-h-0 min-w-0 cursor-grab touch-none overflow-hidden bg-black/40 active:cursor-grabbing',
  };
  const tool = 'grid size-8 place-items-center rounded-control text-white/85 hover:bg-white/15 hover:text-white disabled:opacity-40 [&_svg]:size-4';

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
      <div className="flex items-center gap-2 px-3 py-2 text-[13px]">
        <h2 className="font-medium">{labels.title}</h2>
        <span className="hidden text-white/55 md:inline">{labels.keys}</span>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            className={tool}
            onClick={() => zoomCentre(0.8)}
            disabled={zoom <= LIMITS.min}
            aria-label={labels.zoomOut}
            title={labels.zoomOut}
          >
            <Minus />
          </button>
          <span className="w-12 text-center text-xs text-white/75 tabular-nums" data-testid="viewer-zoom">
            {Math.round(zoom * 100)}%
          </span>
          <button
            type="button"
            className={tool}
            onClick={() => zoomCentre(1.25)}
            disabled={zoom >= LIMITS.max}
            aria-label={labels.zoomIn}
            title={labels.zoomIn}
          >
            <Plus />
          </button>
          <button type="button" className={tool} onClick={() => apply(IDENTITY)} aria-label={labels.reset} title={labels.reset}>
            <Scan />
          </button>
          {panes.length >= 2 && (
            <button
              type="button"
              className={tool}
              onClick={() => setMode(swipe ? 'side' : 'swipe')}
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
