'use client';

import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Placed } from '@/lib/edits/canvas';
import { useI18n } from '../i18n-provider';
import { Button } from '../ui/button';

const ZOOMS = [1, 1.5, 2, 3, 4, 6, 8];

/**
 * The original and the result in one frame, split by a slider; zoom enlarges both together and the
 * frame scrolls. Both are fitted to the same box, so an upscaled result lines up with its original;
 * after an outpainting (`canvas`) the original sits where it was placed on the result's canvas.
 */
export function BeforeAfter({
  before,
  after,
  canvas,
  original,
}: {
  before: string;
  after: string;
  canvas?: Placed | null;
  /** The original's size, needed with `canvas`. */
  original?: { width: number; height: number };
}) {
  const { t } = useI18n();
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState(1);
  const step = (dir: 1 | -1) => setZoom((z) => ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(z) + dir))]);
  return (
    <div className="relative h-full w-full" data-testid="before-after">
      <div className="absolute inset-0 overflow-auto">
        <div className="relative" style={{ width: `${zoom * 100}%`, height: `${zoom * 100}%` }}>
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
          />
          <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.25)]" style={{ left: `${split}%` }} />
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
