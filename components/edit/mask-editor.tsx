'use client';

import type Konva from 'konva';
import { Maximize, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage, Ellipse } from 'react-konva';
import type { Combine, MaskOp } from '@/lib/edits/mask-doc';
import type { Bounds } from '@/lib/edits/mask-raster';
import { magicWand, type WandOptions } from '@/lib/edits/mask-select';
import { Button } from '../ui/button';
import type { MaskRaster } from './use-mask-raster';
import { useView, type View } from './use-view';

export type MaskTool = 'brush' | 'rect' | 'ellipse' | 'lasso' | 'polygon' | 'wand';

export interface MaskEditorProps {
  image: HTMLImageElement;
  /** The image's natural size: operations are kept in these coordinates. */
  width: number;
  height: number;
  raster: MaskRaster;
  /** Mask tools on (the mask kinds); otherwise the image can only be zoomed and panned. */
  masking: boolean;
  tool: MaskTool;
  combine: Combine;
  radius: number;
  feather: number;
  opacity: number;
  color: string;
  wand: WandOptions;
  onOp: (op: MaskOp) => void;
  /** Which kind of pointer the user draws with, as each touches the canvas (for the hints shown). */
  onPointerKind?: (touch: boolean) => void;
  labels: { canvas: string; fit: string; actual: string; zoomIn: string; zoomOut: string };
}

/** Shift held when a drag starts adds, Alt subtracts, whatever the toolbar says. */
const combineOf = (e: { shiftKey: boolean; altKey: boolean }, chosen: Combine): Combine => (e.altKey ? 'subtract' : e.shiftKey ? 'add' : chosen);
const compositeFor = (combine: Combine) => (combine === 'subtract' ? 'destination-out' : 'source-over');
const MIN_ZOOM = 0.02;
const MAX_ZOOM = 16;
/** A polygon closes when the pointer comes back this near its first point (screen pixels). */
const CLOSE_DISTANCE = 8;

type Drag = { id: number; tool: 'brush' | 'rect' | 'ellipse' | 'lasso'; combine: Combine; points: number[]; radii?: number[] };
type Pinch = { a: number; b: number; distance: number; centre: [number, number]; view: View };

/**
 * The image with its mask as a coloured overlay. The mask is a raster at the image's size (drawn
 * from the operations by lib/edits/mask-raster.ts, the same code that exports it); what a tool is
 * drawing is previewed by Konva on top until it is committed as one operation.
 */
export default function MaskEditor(props: MaskEditorProps) {
  const { image, width, height, raster, masking, tool, combine, radius, feather, opacity, color, wand, onOp, onPointerKind, labels } = props;
  const box = useRef<HTMLDivElement>(null);
  const maskLayer = useRef<Konva.Layer>(null);
  const liveLine = useRef<Konva.Line>(null);
  const liveRect = useRef<Konva.Rect>(null);
  const liveEllipse = useRef<Konva.Ellipse>(null);
  const cursor = useRef<Konva.Circle>(null);
  const drag = useRef<Drag | null>(null);
  const polygon = useRef<{ combine: Combine; points: number[] } | null>(null);
  const pan = useRef<{ id: number; x: number; y: number } | null>(null);
  const touches = useRef(new Map<number, [number, number]>());
  const pinch = useRef<Pinch | null>(null);
  const space = useRef(false);
  const pixels = useRef<ImageData | null>(null);
  const [overlay] = useState(() => (typeof document === 'undefined' ? null : document.createElement('canvas')));
  const [grabbing, setGrabbing] = useState<'grab' | 'grabbing' | null>(null);
  const { size, view, setView, fit, actual, zoomBy } = useView(box, width, height);

  const toImage = useCallback((event: { clientX: number; clientY: number }, v: View) => {
    const rect = box.current!.getBoundingClientRect();
    return [(event.clientX - rect.left - v.x) / v.zoom, (event.clientY - rect.top - v.y) / v.zoom] as const;
  }, []);

  // The overlay: the mask's bytes as the chosen colour's alpha, redrawn where the last operation
  // reached (a brush stroke touches a few rows; undo and the whole-mask operations redraw it all).
  const painted = useRef<{ color: string; data: Uint8Array } | null>(null);
  useEffect(() => {
    if (!overlay) return;
    const full = !painted.current || painted.current.color !== color || painted.current.data !== raster.data || !raster.dirty;
    paintOverlay(overlay, raster.data, width, height, color, full ? null : raster.dirty);
    painted.current = { color, data: raster.data };
    maskLayer.current?.batchDraw();
  }, [overlay, raster, width, height, color]);

  const hideLive = useCallback(() => {
    for (const node of [liveLine.current, liveRect.current, liveEllipse.current]) node?.visible(false);
    maskLayer.current?.batchDraw();
  }, []);
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

  // Space held = hand tool, as in every image editor; Enter closes a polygon, Escape drops it. Not while typing.
  useEffect(() => {
    const typing = (e: KeyboardEvent) => e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable]');
    const down = (e: KeyboardEvent) => {
      if (typing(e)) return;
      if (e.code === 'Space') {
        e.preventDefault();
        space.current = true;
        setGrabbing((g) => g ?? 'grab');
      } else if (e.key === 'Enter' && polygon.current) {
        e.preventDefault();
        closePolygon();
      } else if (e.key === 'Escape' && polygon.current) {
        polygon.current = null;
        hideLive();
      }
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== 'Space') return;
      space.current = false;
      if (!pan.current) setGrabbing(null);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [closePolygon, hideLive]);

  // Wheel zoom around the pointer (a non-passive listener, so the page does not scroll).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      zoomBy(Math.pow(1.0015, -e.deltaY), e.clientX - rect.left, e.clientY - rect.top);
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [zoomBy]);

  // The overlay shows the feather as a CSS blur of the on-screen layer, but not while a tool is
  // drawing: without a GPU that blur costs frames (bench/mask-editor).
  const previewFeather = useCallback(
    (on: boolean) => {
      const canvas = maskLayer.current?.getNativeCanvasElement();
      if (canvas) canvas.style.filter = on && feather > 0 ? `blur(${Math.max(0.5, (feather * view.zoom) / 3)}px)` : '';
    },
    [feather, view.zoom],
  );
  useEffect(() => previewFeather(true), [previewFeather, size]);

  const moveCursor = (event: { clientX: number; clientY: number }) => {
    const c = cursor.current;
    if (!c) return;
    const [x, y] = toImage(event, view);
    c.position({ x, y });
    c.visible(masking && tool === 'brush' && !space.current && !pinch.current);
    c.getLayer()?.batchDraw();
  };

  /** The image's pixels, read once, for the magic wand. */
  const imagePixels = () => {
    if (!pixels.current) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(image, 0, 0, width, height);
      pixels.current = ctx.getImageData(0, 0, width, height);
    }
    return pixels.current;
  };

  const showLive = (d: { tool: Drag['tool'] | 'polygon'; combine: Combine; points: number[] }, pointer?: readonly [number, number]) => {
    const op = compositeFor(d.combine);
    if (d.tool === 'rect' || d.tool === 'ellipse') {
      const [x0, y0, x1, y1] = box2(d.points);
      if (d.tool === 'rect') liveRect.current?.setAttrs({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, visible: true, globalCompositeOperation: op });
      else
        liveEllipse.current?.setAttrs({
          x: (x0 + x1) / 2,
          y: (y0 + y1) / 2,
          radiusX: (x1 - x0) / 2,
          radiusY: (y1 - y0) / 2,
          visible: true,
          globalCompositeOperation: op,
        });
    } else {
      const brush = d.tool === 'brush';
      liveLine.current?.setAttrs({
        points: pointer ? [...d.points, ...pointer] : d.points,
        closed: !brush,
        fill: brush ? undefined : color,
        strokeWidth: brush ? radius * 2 : 0,
        visible: true,
        globalCompositeOperation: op,
      });
    }
    maskLayer.current?.batchDraw();
  };

  const cancelDrawing = () => {
    drag.current = null;
    hideLive();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    onPointerKind?.(e.pointerType !== 'mouse');
    if (e.pointerType === 'touch') {
      touches.current.set(e.pointerId, [e.clientX, e.clientY]);
      if (touches.current.size === 2) {
        // A second finger: pinch and pan; whatever the first finger began is dropped.
        cancelDrawing();
        const [[a, pa], [b, pb]] = [...touches.current.entries()];
        pinch.current = { a, b, distance: Math.hypot(pa[0] - pb[0], pa[1] - pb[1]), centre: mid(pa, pb), view };
        return;
      }
      if (touches.current.size > 2) return;
    }
    if (pan.current || drag.current || pinch.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    if (space.current || e.button === 1 || !masking) {
      pan.current = { id: e.pointerId, x: e.clientX - view.x, y: e.clientY - view.y };
      setGrabbing('grabbing');
      return;
    }
    if (e.button !== 0) return;
    const [x, y] = toImage(e, view);
    if (tool === 'wand') {
      if (x < 0 || y < 0 || x >= width || y >= height) return;
      const data = magicWand(imagePixels().data, width, height, Math.floor(x), Math.floor(y), wand);
      onOp({ type: 'region', combine: combineOf(e, combine), region: { width, height, data } });
      return;
    }
    if (tool === 'polygon') {
      const p = (polygon.current ??= { combine: combineOf(e, combine), points: [] });
      const [fx, fy] = p.points;
      if (p.points.length >= 6 && Math.hypot(fx - x, fy - y) * view.zoom <= CLOSE_DISTANCE) return closePolygon();
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

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'touch' && touches.current.has(e.pointerId)) {
      touches.current.set(e.pointerId, [e.clientX, e.clientY]);
      const p = pinch.current;
      if (p) {
        const pa = touches.current.get(p.a);
        const pb = touches.current.get(p.b);
        if (!pa || !pb) return;
        const rect = box.current!.getBoundingClientRect();
        const zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, p.view.zoom * (Math.hypot(pa[0] - pb[0], pa[1] - pb[1]) / Math.max(1, p.distance))));
        // The image point under the fingers' first centre follows their centre now.
        const [cx, cy] = mid(pa, pb);
        const ix = (p.centre[0] - rect.left - p.view.x) / p.view.zoom;
        const iy = (p.centre[1] - rect.top - p.view.y) / p.view.zoom;
        setView({ zoom, x: cx - rect.left - ix * zoom, y: cy - rect.top - iy * zoom });
        return;
      }
    }
    moveCursor(e);
    if (pan.current?.id === e.pointerId) {
      setView({ zoom: view.zoom, x: e.clientX - pan.current.x, y: e.clientY - pan.current.y });
      return;
    }
    if (polygon.current) {
      showLive({ tool: 'polygon', ...polygon.current }, toImage(e, view));
      return;
    }
    const d = drag.current;
    if (d?.id !== e.pointerId) return;
    const [x, y] = toImage(e, view);
    if (d.tool === 'rect' || d.tool === 'ellipse') {
      d.points = [d.points[0], d.points[1], x, y];
    } else {
      const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
      for (const ev of events.length ? events : [e.nativeEvent]) {
        const [px, py] = toImage(ev, view);
        const lx = d.points[d.points.length - 2];
        const ly = d.points[d.points.length - 1];
        // Points closer than a screen pixel add nothing but work.
        if (Math.hypot(px - lx, py - ly) * view.zoom < 1) continue;
        d.points.push(px, py);
        const pressure = pressureOf(ev);
        if (d.radii && pressure !== null) d.radii.push(radius * pressure);
      }
    }
    showLive(d);
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (touches.current.delete(e.pointerId) && pinch.current) {
      if (e.pointerId === pinch.current.a || e.pointerId === pinch.current.b) pinch.current = null;
      return;
    }
    if (pan.current?.id === e.pointerId) {
      pan.current = null;
      setGrabbing(space.current ? 'grab' : null);
    }
    const d = drag.current;
    if (d?.id !== e.pointerId) return;
    drag.current = null;
    previewFeather(true);
    if (e.type === 'pointercancel') return hideLive();
    const op = operationOf(d, radius);
    if (op) onOp(op);
    else hideLive();
  };

  const cursorStyle = grabbing ?? (!masking ? 'grab' : tool === 'brush' ? 'none' : 'crosshair');
  return (
    <div className="relative h-full w-full">
      <div
        ref={box}
        role="img"
        aria-label={labels.canvas}
        data-testid="mask-canvas"
        data-tool={tool}
        className="absolute inset-0 touch-none overflow-hidden select-none"
        style={{ cursor: cursorStyle }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={() => polygon.current && closePolygon()}
        onPointerLeave={() => {
          cursor.current?.visible(false);
          cursor.current?.getLayer()?.batchDraw();
        }}
      >
        {size.width > 0 && (
          <Stage width={size.width} height={size.height} listening={false}>
            <Layer listening={false} imageSmoothingEnabled={view.zoom < 2}>
              <KonvaImage image={image} x={view.x} y={view.y} width={width * view.zoom} height={height * view.zoom} />
            </Layer>
            <Layer ref={maskLayer} listening={false} opacity={masking ? opacity : 0} imageSmoothingEnabled={view.zoom < 2}>
              <Group x={view.x} y={view.y} scaleX={view.zoom} scaleY={view.zoom} clipX={0} clipY={0} clipWidth={width} clipHeight={height}>
                {overlay && <KonvaImage image={overlay} width={width} height={height} />}
                <Line ref={liveLine} visible={false} stroke={color} lineCap="round" lineJoin="round" perfectDrawEnabled={false} />
                <Rect ref={liveRect} visible={false} fill={color} perfectDrawEnabled={false} />
                <Ellipse ref={liveEllipse} visible={false} radiusX={1} radiusY={1} fill={color} perfectDrawEnabled={false} />
              </Group>
            </Layer>
            <Layer listening={false}>
              <Group x={view.x} y={view.y} scaleX={view.zoom} scaleY={view.zoom}>
                <Circle ref={cursor} visible={false} radius={radius} stroke="#ffffff" strokeWidth={1.5 / view.zoom} shadowColor="#000" shadowBlur={2} />
              </Group>
            </Layer>
          </Stage>
        )}
      </div>
      <div className="absolute right-2 bottom-2 flex items-center gap-1 rounded-control bg-surface/90 p-1 shadow-card backdrop-blur">
        <Button variant="ghost" size="sm" onClick={() => zoomBy(1 / 1.25)} aria-label={labels.zoomOut} title={labels.zoomOut}>
          <Minus />
        </Button>
        <span className="w-11 text-center text-xs text-ink-muted tabular-nums" aria-live="polite" data-testid="zoom-level">
          {Math.round(view.zoom * 100)}%
        </span>
        <Button variant="ghost" size="sm" onClick={() => zoomBy(1.25)} aria-label={labels.zoomIn} title={labels.zoomIn}>
          <Plus />
        </Button>
        <Button variant="ghost" size="sm" onClick={fit} title={labels.fit} aria-label={labels.fit}>
          <Maximize />
          <span className="hidden sm:inline">{labels.fit}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={actual} className="max-sm:hidden">
          {labels.actual}
        </Button>
      </div>
    </div>
  );
}

/** What a finished drag makes: shapes snap to whole pixels, so a rectangle is exactly the pixels it was dragged over. */
function operationOf(d: Drag, radius: number): MaskOp | null {
  if (d.tool === 'rect' || d.tool === 'ellipse') {
    const [x0, y0, x1, y1] = box2(d.points).map(Math.round);
    return { type: 'shape', combine: d.combine, shape: { kind: d.tool, x0, y0, x1, y1 } };
  }
  if (d.tool === 'lasso') return { type: 'shape', combine: d.combine, shape: { kind: 'polygon', points: d.points.slice(2).map(round2) } };
  const trimmed = d.points.length > 4 ? d.points.slice(2) : d.points;
  const radii = d.radii && (d.points.length > 4 ? d.radii.slice(1) : d.radii);
  return { type: 'stroke', combine: d.combine, stroke: { radius, points: trimmed.map(round2), ...(radii ? { radii: radii.map(round2) } : {}) } };
}

/** A pen's pressure as a share of the brush size (never under a tenth); null for a mouse or a finger. */
function pressureOf(e: PointerEvent): number | null {
  return e.pointerType === 'pen' ? Math.max(0.1, Math.min(1, e.pressure || 0.5)) : null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const mid = (a: [number, number], b: [number, number]): [number, number] => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const box2 = ([ax, ay, bx, by]: number[]) => [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];

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
