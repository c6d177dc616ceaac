'use client';

import type Konva from 'konva';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Bounds } from '@/lib/edits/mask-raster';
import type { MaskRaster } from './use-mask-raster';

/**
 * The overlay: the mask's bytes as the chosen colour's alpha, on a canvas of the image's size,
 * redrawn where the last operation reached (a brush stroke touches a few rows; undo and the
 * whole-mask operations redraw it all).
 */
export function useMaskOverlay(layerRef: RefObject<Konva.Layer | null>, raster: MaskRaster, width: number, height: number, color: string) {
  const [overlay] = useState(() => (typeof document === 'undefined' ? null : document.createElement('canvas')));
  const painted = useRef<{ color: string; data: Uint8Array } | null>(null);
  useEffect(() => {
    if (!overlay) return;
    const full = !painted.current || painted.current.color !== color || painted.current.data !== raster.data || !raster.dirty;
    paintOverlay(overlay, raster.data, width, height, color, full ? null : raster.dirty);
    painted.current = { color, data: raster.data };
    layerRef.current?.batchDraw();
  }, [overlay, layerRef, raster, width, height, color]);
  return overlay;
}

/**
 * The feather shown as a CSS blur of the on-screen mask layer, but not while a tool is drawing:
 * without a GPU that blur costs frames (bench/mask-editor). Returns the switch the tools use.
 */
export function useFeatherPreview(layerRef: RefObject<Konva.Layer | null>, feather: number, zoom: number, size: unknown) {
  const previewFeather = useCallback(
    (on: boolean) => {
      const canvas = layerRef.current?.getNativeCanvasElement();
      if (canvas) canvas.style.filter = on && feather > 0 ? `blur(${Math.max(0.5, (feather * zoom) / 3)}px)` : '';
    },
    [layerRef, feather, zoom],
  );
  useEffect(() => previewFeather(true), [previewFeather, size]);
  return previewFeather;
}

/** The mask's bytes over `dirty` (null: all of them) as `color`, with the byte as alpha (0 stays fully transparent). */
function paintOverlay(canvas: HTMLCanvasElement, data: Uint8Array, width: number, height: number, color: string, dirty: Bounds | null) {
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const bounds = dirty ?? { x: 0, y: 0, width, height };
  if (bounds.width <= 0 || bounds.height <= 0) return;
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(bounds.width, bounds.height);
  const px = new Uint32Array(image.data.buffer);
  const n = parseInt(color.slice(1), 16);
  const rgb = (((n & 0xff) << 16) | (n & 0xff00) | ((n >> 16) & 0xff)) >>> 0; // ABGR, little-endian
  for (let y = 0; y < bounds.height; y++) {
    const from = (bounds.y + y) * width + bounds.x;
    const to = y * bounds.width;
    for (let x = 0; x < bounds.width; x++) {
      const v = data[from + x];
      if (v) px[to + x] = ((v << 24) | rgb) >>> 0;
    }
  }
  ctx.putImageData(image, bounds.x, bounds.y);
}
