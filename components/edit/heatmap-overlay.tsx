'use client';

import { useEffect, useRef, type CSSProperties } from 'react';
import { heatmapPixels } from '@/lib/edits/heatmap-pixels';
import type { MaskGuardView } from '@/lib/edits/results';

/**
 * The mask guard's heat map laid over a result: a canvas of one pixel a cell, fitted as the result
 * is (object-contain: the map has the result's shape), smoothed so the cells read as areas.
 */
export function HeatmapOverlay({ heatmap, style }: { heatmap: MaskGuardView['heatmap']; style?: CSSProperties }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const pixels = heatmapPixels(heatmap);
    const context = canvas.current?.getContext('2d');
    if (pixels && context) context.putImageData(new ImageData(pixels, heatmap.width, heatmap.height), 0, 0);
  }, [heatmap]);
  return (
    <canvas
      ref={canvas}
      width={heatmap.width}
      height={heatmap.height}
      aria-hidden
      data-testid="heatmap"
      className="pointer-events-none absolute inset-0 h-full w-full object-contain"
      style={style}
    />
  );
}
