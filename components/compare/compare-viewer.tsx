'use client';

import { Columns2, Minus, Plus, Scan, SplitSquareHorizontal, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

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

/** Pan and zoom, shared by every pane: image pixels at (x, y) on screen scaled by `scale` (1 = fitted). */
interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN = 1;
const MAX = 16;
const IDENTITY: View = { scale: 1, x: 0, y: 0 };

/** Keeps the zoomed image covering its pane: no panning past an edge. */
function clampView(view: View, width: number, height: number): View {
  const scale = Math.min(MAX, Math.max(MIN, view.scale));
  const minX = width - width * scale;
  const minY = height - height * scale;
  return { scale, x: Math.min(0, Math.max(minX, view.x)), y: Math.min(0, Math.max(minY, view.y)) };
}

/** Zooms by `factor` about a point of the pane (px, py), which stays where it is. */
function zoomAbout(view: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX, Math.max(MIN, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

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
  const drag = useRef<{ x: number; y: number } | null>(null);
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
      view.current = clampView(next, width, height);
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        const { scale, x, y } = view.current;
        const transform = `translate3d(${x}px, ${y}px, 0) scale(${scale})`;
        for (const img of root.current?.querySelectorAll<HTMLElement>('[data-viewer-image]') ?? []) img.style.transform = transform;
        setZoom((z) => (z === scale ? z : scale));
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
    apply(zoomAbout(view.current, factor, width / 2, height / 2));
  };

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

  const onWheel = (e: React.WheelEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    apply(zoomAbout(view.current, Math.exp(-e.deltaY / 500), e.clientX - box.left, e.clientY - box.top));
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.x;
    const dy = e.clientY - drag.current.y;
    drag.current = { x: e.clientX, y: e.clientY };
    apply({ ...view.current, x: view.current.x + dx, y: view.current.y + dy });
  };
  const endDrag = () => void (drag.current = null);

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
    onWheel,
    onPointerDown,
    onPointerMove,
    onPointerUp: endDrag,
    onPointerCancel: endDrag,
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
          <button type="button" className={tool} onClick={() => zoomCentre(0.8)} disabled={zoom <= MIN} aria-label={labels.zoomOut} title={labels.zoomOut}>
            <Minus />
          </button>
          <span className="w-12 text-center text-xs text-white/75 tabular-nums" data-testid="viewer-zoom">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className={tool} onClick={() => zoomCentre(1.25)} disabled={zoom >= MAX} aria-label={labels.zoomIn} title={labels.zoomIn}>
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
