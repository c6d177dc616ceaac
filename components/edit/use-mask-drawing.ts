'use client';

import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Combine } from '@/lib/edits/mask-doc';
import { magicWand } from '@/lib/edits/mask-select';
import type { PointerTool } from '../ui/use-pointer-gestures';
import { box2, combineOf, compositeFor, isTyping, operationOf, pressureOf, round2, type Drag, type MaskCanvasProps } from './mask-ops';
import type { StageNodes } from './mask-stage';

/** A polygon closes when the pointer comes back this near its first point (screen pixels). */
const CLOSE_DISTANCE = 8;

type Live = { tool: Drag['tool'] | 'polygon'; combine: Combine; points: number[] };

interface Drawing extends MaskCanvasProps {
  nodes: StageNodes;
  zoom: number;
  /** The image pixel under a pointer. */
  toImage: (event: { clientX: number; clientY: number }) => readonly [number, number];
  previewFeather: (on: boolean) => void;
}

/**
 * The mask tools on the pointer: a brush, rectangle, ellipse or lasso drag, a polygon's clicks
 * (Enter or a double click closes it, Escape drops it), a magic-wand click. What is being drawn is
 * previewed on the stage's live nodes and handed on as one operation when it is finished.
 */
export function useMaskDrawing(options: Drawing) {
  const { nodes, image, width, height, raster, masking, tool, combine, radius, color, wand, zoom, toImage, onOp, previewFeather } = options;
  const drag = useRef<Drag | null>(null);
  const polygon = useRef<{ combine: Combine; points: number[] } | null>(null);
  const pixels = useRef<ImageData | null>(null);
  const { maskLayerRef, lineRef, rectRef, ellipseRef } = nodes;

  const hideLive = useCallback(() => {
    for (const node of [lineRef.current, rectRef.current, ellipseRef.current]) node?.visible(false);
    maskLayerRef.current?.batchDraw();
  }, [maskLayerRef, lineRef, rectRef, ellipseRef]);
  // Once the committed operation is in the raster, its preview is redundant.
  useEffect(() => {
    if (!drag.current && !polygon.current) hideLive();
  }, [raster, hideLive]);
  // Switching tools abandons a polygon in progress.
  useEffect(() => {
    polygon.current = null;
    hideLive();
  }, [tool, masking, hideLive]);

  const closePolygon = useCallback(() => {
    const p = polygon.current;
    polygon.current = null;
    if (p && p.points.length >= 6) onOp({ type: 'shape', combine: p.combine, shape: { kind: 'polygon', points: p.points.map(round2) } });
    else hideLive();
  }, [onOp, hideLive]);

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (isTyping(e) || !polygon.current) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        closePolygon();
      } else if (e.key === 'Escape') {
        polygon.current = null;
        hideLive();
      }
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, [closePolygon, hideLive]);

  const showLive = (d: Live, pointer?: readonly [number, number]) => drawLive(nodes, d, { color, radius }, pointer);
  /** The image's pixels, read once, for the magic wand. */
  const imagePixels = () => (pixels.current ??= readPixels(image, width, height));

  const down = (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    const [x, y] = toImage(e);
    if (tool === 'wand') {
      if (x < 0 || y < 0 || x >= width || y >= height) return;
      const data = magicWand(imagePixels().data, width, height, Math.floor(x), Math.floor(y), wand);
      onOp({ type: 'region', combine: combineOf(e, combine), region: { width, height, data } });
      return;
    }
    if (tool === 'polygon') {
      const p = (polygon.current ??= { combine: combineOf(e, combine), points: [] });
      const [fx, fy] = p.points;
      if (p.points.length >= 6 && Math.hypot(fx - x, fy - y) * zoom <= CLOSE_DISTANCE) return closePolygon();
      p.points.push(x, y);
      previewFeather(false);
      showLive({ tool: 'polygon', ...p });
      return;
    }
    const pressure = pressureOf(e.nativeEvent);
    drag.current = {
      id: e.pointerId,
      tool,
      combine: combineOf(e, combine),
      points: [x, y, x, y],
      radii: pressure === null ? undefined : [radius * pressure, radius * pressure],
    };
    previewFeather(false);
    showLive(drag.current);
  };

  const move = (e: ReactPointerEvent<HTMLElement>) => {
    if (polygon.current) return showLive({ tool: 'polygon', ...polygon.current }, toImage(e));
    const d = drag.current;
    if (d?.id !== e.pointerId) return;
    if (d.tool === 'rect' || d.tool === 'ellipse') {
      const [x, y] = toImage(e);
      d.points = [d.points[0], d.points[1], x, y];
    } else {
      const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
      for (const ev of events.length ? events : [e.nativeEvent]) {
        const [px, py] = toImage(ev);
        const lx = d.points[d.points.length - 2];
        const ly = d.points[d.points.length - 1];
        // Points closer than a screen pixel add nothing but work.
        if (Math.hypot(px - lx, py - ly) * zoom < 1) continue;
        d.points.push(px, py);
        const pressure = pressureOf(ev);
        if (d.radii && pressure !== null) d.radii.push(radius * pressure);
      }
    }
    showLive(d);
  };

  const up = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (d?.id !== e.pointerId) return;
    drag.current = null;
    previewFeather(true);
    if (e.type === 'pointercancel') return hideLive();
    const op = operationOf(d, radius);
    if (op) onOp(op);
    else hideLive();
  };

  const cancel = () => {
    drag.current = null;
    hideLive();
  };

  const pointer: PointerTool = { busy: () => drag.current !== null, down, move, up, cancel };
  return { pointer, closePolygon, drawingPolygon: () => polygon.current !== null };
}

/** What a tool is drawing, on the stage's live nodes (the brush and polygons as a line, the shapes as themselves). */
function drawLive(nodes: StageNodes, d: Live, { color, radius }: { color: string; radius: number }, pointer?: readonly [number, number]) {
  const op = compositeFor(d.combine);
  if (d.tool === 'rect' || d.tool === 'ellipse') {
    const [x0, y0, x1, y1] = box2(d.points);
    if (d.tool === 'rect') nodes.rectRef.current?.setAttrs({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, visible: true, globalCompositeOperation: op });
    else
      nodes.ellipseRef.current?.setAttrs({
        x: (x0 + x1) / 2,
        y: (y0 + y1) / 2,
        radiusX: (x1 - x0) / 2,
        radiusY: (y1 - y0) / 2,
        visible: true,
        globalCompositeOperation: op,
      });
  } else {
    const brush = d.tool === 'brush';
    nodes.lineRef.current?.setAttrs({
      points: pointer ? [...d.points, ...pointer] : d.points,
      closed: !brush,
      fill: brush ? undefined : color,
      strokeWidth: brush ? radius * 2 : 0,
      visible: true,
      globalCompositeOperation: op,
    });
  }
  nodes.maskLayerRef.current?.batchDraw();
}

function readPixels(image: HTMLImageElement, width: number, height: number): ImageData {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(image, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}
