'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { CANVAS_ZOOM, toPicture } from '@/lib/view/view-math';
import { usePointerGestures } from '../ui/use-pointer-gestures';
import { isTyping, type MaskCanvasProps } from './mask-ops';
import { useFeatherPreview, useMaskOverlay } from './mask-overlay';
import { MaskStage, stageNodes } from './mask-stage';
import { useMaskDrawing } from './use-mask-drawing';
import { useView } from './use-view';
import { ZoomControls, type ZoomLabels } from './zoom-controls';

export interface MaskEditorProps extends MaskCanvasProps {
  /** Which kind of pointer the user draws with, as each touches the canvas (for the hints shown). */
  onPointerKind?: (touch: boolean) => void;
  labels: ZoomLabels & { canvas: string };
}

const wheelZoom = (deltaY: number) => Math.pow(1.0015, -deltaY);

/**
 * The image with its mask as a coloured overlay. The mask is a raster at the image's size (drawn
 * from the operations by lib/edits/mask-raster.ts, the same code that exports it); what a tool is
 * drawing is previewed by Konva on top until it is committed as one operation.
 */
export default function MaskEditor(props: MaskEditorProps) {
  const { width, height, raster, masking, tool, color, onPointerKind, labels } = props;
  const box = useRef<HTMLDivElement>(null);
  const [nodes] = useState(stageNodes);
  const hand = useSpaceHand();
  const { size, view, setView, fit, actual, zoomBy } = useView(box, width, height);
  const overlay = useMaskOverlay(nodes.maskLayerRef, raster, width, height, color);
  const previewFeather = useFeatherPreview(nodes.maskLayerRef, props.feather, view.zoom, size);

  const toImage = (event: { clientX: number; clientY: number }) => {
    const rect = box.current!.getBoundingClientRect();
    const at = toPicture({ x: event.clientX - rect.left, y: event.clientY - rect.top }, view);
    return [at.x, at.y] as const;
  };
  const drawing = useMaskDrawing({ ...props, nodes, zoom: view.zoom, toImage, previewFeather });
  const gestures = usePointerGestures({
    view: () => view,
    update: setView,
    limits: CANVAS_ZOOM,
    wheelZoom,
    pans: (e) => hand.held.current || e.button === 1 || !masking,
    hover: (e) => showCursor(e),
    tool: drawing.pointer,
  });
  const { wheelRef } = gestures;
  const boxRef = useCallback(
    (el: HTMLDivElement | null) => {
      box.current = el;
      return wheelRef(el);
    },
    [wheelRef],
  );

  /** The brush's outline follows the pointer, unless the hand or two fingers have it. */
  const showCursor = (event: { clientX: number; clientY: number }) => {
    const c = nodes.cursorRef.current;
    if (!c) return;
    const [x, y] = toImage(event);
    c.position({ x, y });
    c.visible(masking && tool === 'brush' && !hand.held.current && !gestures.pinching());
    c.getLayer()?.batchDraw();
  };
  const hideCursor = () => {
    nodes.cursorRef.current?.visible(false);
    nodes.cursorRef.current?.getLayer()?.batchDraw();
  };

  const cursor = gestures.panning ? 'grabbing' : hand.holding || !masking ? 'grab' : tool === 'brush' ? 'none' : 'crosshair';
  return (
    <div className="relative h-full w-full">
      <div
        ref={boxRef}
        role="img"
        aria-label={labels.canvas}
        data-testid="mask-canvas"
        data-tool={tool}
        className="absolute inset-0 touch-none overflow-hidden select-none"
        style={{ cursor }}
        {...gestures.handlers}
        onPointerDown={(e) => {
          onPointerKind?.(e.pointerType !== 'mouse');
          gestures.handlers.onPointerDown(e);
        }}
        onDoubleClick={() => drawing.drawingPolygon() && drawing.closePolygon()}
        onPointerLeave={hideCursor}
      >
        {size.width > 0 && <MaskStage {...props} nodes={nodes} size={size} view={view} overlay={overlay} />}
      </div>
      <ZoomControls zoom={view.zoom} onZoom={zoomBy} onFit={fit} onActual={actual} labels={labels} />
    </div>
  );
}

/** Space held = the hand tool, as in every image editor (not while typing). */
function useSpaceHand() {
  const held = useRef(false);
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (isTyping(e) || e.code !== 'Space') return;
      e.preventDefault();
      held.current = true;
      setHolding(true);
    };
    const up = (e: KeyboardEvent) => {
      if (e.code !== 'Space') return;
      held.current = false;
      setHolding(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);
  return { held, holding };
}
