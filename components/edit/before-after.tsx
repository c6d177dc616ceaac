'use client';

import { ChevronsLeftRight, Minus, Plus } from 'lucide-react';
import { useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import type { Placed } from '@/lib/edits/canvas';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';

const ZOOMS = [1, 1.5, 2, 3, 4, 6, 8];

/**
 * The original and the result in one frame, split by a divider dragged on the image (mouse, pen or
 * finger) or moved with the range below (keyboard); zoom enlarges both together and the frame scrolls. Both are fitted to the same box, so an upscaled result lines up with its original;
 * after an outpainting (`canvas`) the original sits where it was placed on the result's canvas.
 */
export function BeforeAfter({
  before,
  after,
  canvas,
  original,
  onAfterSize,
  overlay,
}: {
  before: string;
  after: string;
  canvas?: Placed | null;
  /** The original's size, needed with `canvas`. */
  original?: { width: number; height: number };
  /** The after image's own size, once decoded. */
  onAfterSize?: (size: { width: number; height: number }) => void;
  /** Laid over the after image, clipped as it is (`clip`: its CSS clip-path): the mask guard's heat map. */
  overlay?: (clip: string) => ReactNode;
}) {
  const { t } = useI18n();
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useDividerDrag(frame, setSplit);
  const step = (dir: 1 | -1) => setZoom((z) => ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(z) + dir))]);
  return (
    <div className="relative h-full w-full" data-testid="before-after">
      <div className="absolute inset-0 overflow-auto">
        {/* Unzoomed, a drag anywhere moves the divider; zoomed, the frame pans and the handle moves it. */}
        <div
          ref={frame}
          className={cn('relative select-none', zoom === 1 && 'cursor-ew-resize touch-none')}
          style={{ width: `${zoom * 100}%`, height: `${zoom * 100}%` }}
          data-testid="before-after-frame"
          {...(zoom === 1 ? drag : {})}
        >
          {/* Each side clipped to its half, so a transparent result shows the checkerboard, not the original. */}
          {canvas && original ? (
            // The result's canvas, fitted as the result is (object-contain = meet), the original at its place on it.
            <svg
              viewBox={`0 0 ${canvas.width} ${canvas.height}`}
              preserveAspectRatio="xMidYMid meet"
              className="absolute inset-0 h-full w-full"
              style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
              role="img"
              aria-label={t.edit.result.before}
            >
              <image href={before} x={canvas.left} y={canvas.top} width={original.width} height={original.height} />
            </svg>
          ) : (
            // eslint-disable-next-line @next/next/no-img-element -- team assets behind auth, not optimisable
            <img
              src={before}
              alt={t.edit.result.before}
              className="absolute inset-0 h-full w-full object-contain"
              style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
              draggable={false}
            />
          )}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={after}
            alt={t.edit.result.after}
            className="absolute inset-0 h-full w-full object-contain"
            style={{ clipPath: `inset(0 0 0 ${split}%)` }}
            draggable={false}
            onLoad={(e) => onAfterSize?.({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          />
          {overlay?.(`inset(0 0 0 ${split}%)`)}
          <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.25)]" style={{ left: `${split}%` }} />
          <div
            className="absolute inset-y-0 z-10 grid w-10 -translate-x-1/2 cursor-ew-resize touch-none place-items-center"
            style={{ left: `${split}%` }}
            aria-hidden
            {...(zoom === 1 ? {} : drag)}
          >
            <span className="grid size-8 place-items-center rounded-full bg-white text-ink shadow-[0_1px_4px_rgba(0,0,0,0.35)] [&_svg]:size-4">
              <ChevronsLeftRight />
            </span>
          </div>
        </div>
      </div>
      <span className="absolute top-2 left-2 rounded bg-black/55 px-1.5 py-0.5 text-[11px] font-medium text-white">{t.edit.result.before}</span>
      <span className="absolute top-2 right-2 rounded bg-black/55 px-1.5 py-0.5 text-[11px] font-medium text-white">{t.edit.result.after}</span>
      <div className="absolute inset-x-2 bottom-2 flex items-center gap-2 rounded-control bg-surface/90 p-1 pl-3 shadow-card backdrop-blur">
        <input
          type="range"
          min={0}
          max={100}
          value={split}
          onChange={(e) => setSplit(Number(e.target.value))}
          aria-label={t.edit.result.compare}
          className="min-w-0 flex-1 accent-[var(--accent)]"
        />
        <Button variant="ghost" size="sm" onClick={() => step(-1)} disabled={zoom === 1} aria-label={t.edit.mask.zoomOut}>
          <Minus />
        </Button>
        <span className="w-10 text-center text-xs text-ink-muted tabular-nums">{zoom * 100}%</span>
        <Button variant="ghost" size="sm" onClick={() => step(1)} disabled={zoom === ZOOMS[ZOOMS.length - 1]} aria-label={t.edit.mask.zoomIn}>
          <Plus />
        </Button>
      </div>
    </div>
  );
}

/** Press on the image to put the divider there, drag to move it; the frame's own box gives the percentage. */
function useDividerDrag(frame: RefObject<HTMLDivElement | null>, setSplit: (split: number) => void) {
  const dragging = useRef<number | null>(null);
  const place = (e: PointerEvent) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setSplit(Math.round(Math.max(0, Math.min(100, ((e.clientX - box.left) / box.width) * 100)) * 10) / 10);
  };
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0 || dragging.current !== null) return;
      e.preventDefault();
      dragging.current = e.pointerId;
      // A drag that leaves the frame still moves the divider (to its end), until the pointer lifts.
      try {
        e.currentTarget.setPointerCapture(e.pointerId);
      } catch {
        // A pointer the browser no longer tracks: the drag still follows the moves the frame sees.
      }
      place(e);
    },
    onPointerMove: (e: PointerEvent) => {
      if (dragging.current === e.pointerId) place(e);
    },
    onPointerUp: (e: PointerEvent) => {
      if (dragging.current === e.pointerId) dragging.current = null;
    },
    onPointerCancel: (e: PointerEvent) => {
      if (dragging.current === e.pointerId) dragging.current = null;
    },
  };
}
