'use client';

import type Konva from 'konva';
import { Maximize, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage } from 'react-konva';
import type { MaskDoc, Stroke } from '@/lib/edits/mask-strokes';
import { Button } from '../ui/button';
import { useView, type View } from './use-view';

export const MASK_COLOR = '#ff2d6f';

export interface MaskEditorProps {
  image: HTMLImageElement;
  /** The image's natural size: strokes are kept in these coordinates. */
  width: number;
  height: number;
  doc: MaskDoc;
  /** Mask tools on (the mask kinds); otherwise the image can only be zoomed and panned. */
  masking: boolean;
  mode: Stroke['mode'];
  radius: number;
  feather: number;
  opacity: number;
  onStroke: (stroke: Stroke) => void;
  labels: { canvas: string; fit: string; actual: string; zoomIn: string; zoomOut: string };
}

const compositeFor = (mode: Stroke['mode'], inverted: boolean) => ((mode === 'paint') !== inverted ? 'source-over' : 'destination-out');

/**
 * The image with its mask as a coloured overlay. Strokes are drawn by Konva on screen only; the
 * mask the service gets is redrawn from the same strokes at full size (lib/edits/mask-export.ts).
 */
export default function MaskEditor(props: MaskEditorProps) {
  const { image, width, height, doc, masking, mode, radius, feather, opacity, onStroke, labels } = props;
  const box = useRef<HTMLDivElement>(null);
  const maskLayer = useRef<Konva.Layer>(null);
  const liveLine = useRef<Konva.Line>(null);
  const cursor = useRef<Konva.Circle>(null);
  const stroke = useRef<{ id: number; points: number[] } | null>(null);
  const pan = useRef<{ id: number; x: number; y: number } | null>(null);
  const space = useRef(false);
  const [grabbing, setGrabbing] = useState<'grab' | 'grabbing' | null>(null);
  const { size, view, setView, fit, actual, zoomBy } = useView(box, width, height);

  const toImage = useCallback((event: { clientX: number; clientY: number }, v: View) => {
    const rect = box.current!.getBoundingClientRect();
    return [(event.clientX - rect.left - v.x) / v.zoom, (event.clientY - rect.top - v.y) / v.zoom] as const;
  }, []);

  // Space held = hand tool, as in every image editor; not while typing in a field.
  useEffect(() => {
    const typing = (e: KeyboardEvent) => e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable]');
    const down = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || typing(e)) return;
      e.preventDefault();
      space.current = true;
      setGrabbing((g) => g ?? 'grab');
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
  }, []);

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

  // The overlay shows the feather as a CSS blur of the on-screen layer, but not while a stroke is
  // drawn: without a GPU that blur costs frames (bench/mask-editor).
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
    c.visible(masking && !space.current);
    c.getLayer()?.batchDraw();
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (pan.current || stroke.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    if (space.current || e.button === 1 || !masking) {
      pan.current = { id: e.pointerId, x: e.clientX - view.x, y: e.clientY - view.y };
      setGrabbing('grabbing');
      return;
    }
    if (e.button !== 0) return;
    const [x, y] = toImage(e, view);
    stroke.current = { id: e.pointerId, points: [x, y, x, y] };
    previewFeather(false);
    const line = liveLine.current!;
    line.points(stroke.current.points);
    line.strokeWidth(radius * 2);
    line.globalCompositeOperation(compositeFor(mode, doc.inverted));
    line.visible(true);
    maskLayer.current?.batchDraw();
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    moveCursor(e);
    if (pan.current?.id === e.pointerId) {
      setView({ zoom: view.zoom, x: e.clientX - pan.current.x, y: e.clientY - pan.current.y });
      return;
    }
    const s = stroke.current;
    if (s?.id !== e.pointerId) return;
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const ev of events.length ? events : [e.nativeEvent]) {
      const [x, y] = toImage(ev, view);
      const lx = s.points[s.points.length - 2];
      const ly = s.points[s.points.length - 1];
      // Points closer than a screen pixel add nothing but work.
      if (Math.hypot(x - lx, y - ly) * view.zoom >= 1) s.points.push(x, y);
    }
    liveLine.current!.points(s.points);
    maskLayer.current?.batchDraw();
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (pan.current?.id === e.pointerId) {
      pan.current = null;
      setGrabbing(space.current ? 'grab' : null);
    }
    const s = stroke.current;
    if (s?.id !== e.pointerId) return;
    stroke.current = null;
    previewFeather(true);
    const points = s.points.length > 4 ? s.points.slice(2) : s.points;
    onStroke({ mode, radius, points: points.map((v) => Math.round(v * 100) / 100) });
  };

  // Once the committed stroke is in the document, the live line is redundant.
  useEffect(() => {
    if (!stroke.current && liveLine.current) {
      liveLine.current.visible(false);
      maskLayer.current?.batchDraw();
    }
  }, [doc]);

  const cursorStyle = grabbing ?? (masking ? 'none' : 'grab');
  return (
    <div className="relative h-full w-full">
      <div
        ref={box}
        role="img"
        aria-label={labels.canvas}
        data-testid="mask-canvas"
        className="absolute inset-0 touch-none overflow-hidden select-none"
        style={{ cursor: cursorStyle }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
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
            <Layer ref={maskLayer} listening={false} opacity={masking ? opacity : 0}>
              <Group x={view.x} y={view.y} scaleX={view.zoom} scaleY={view.zoom} clipX={0} clipY={0} clipWidth={width} clipHeight={height}>
                {doc.inverted && <Rect width={width} height={height} fill={MASK_COLOR} />}
                {doc.strokes.map((s, i) => (
                  <Line
                    key={i}
                    points={s.points}
                    stroke={MASK_COLOR}
                    strokeWidth={s.radius * 2}
                    lineCap="round"
                    lineJoin="round"
                    globalCompositeOperation={compositeFor(s.mode, doc.inverted)}
                    perfectDrawEnabled={false}
                  />
                ))}
                <Line ref={liveLine} visible={false} stroke={MASK_COLOR} lineCap="round" lineJoin="round" perfectDrawEnabled={false} />
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
        <span className="w-12 text-center text-xs text-ink-muted tabular-nums" aria-live="polite">
          {Math.round(view.zoom * 100)}%
        </span>
        <Button variant="ghost" size="sm" onClick={() => zoomBy(1.25)} aria-label={labels.zoomIn} title={labels.zoomIn}>
          <Plus />
        </Button>
        <Button variant="ghost" size="sm" onClick={fit} title={labels.fit}>
          <Maximize />
          {labels.fit}
        </Button>
        <Button variant="ghost" size="sm" onClick={actual}>
          {labels.actual}
        </Button>
      </div>
    </div>
  );
}
