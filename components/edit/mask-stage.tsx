'use client';

import type Konva from 'konva';
import { createRef, type RefObject } from 'react';
import { Circle, Ellipse, Group, Image as KonvaImage, Layer, Line, Rect, Stage } from 'react-konva';
import type { View } from '@/lib/view/view-math';
import type { MaskCanvasProps } from './mask-ops';

/** The Konva nodes the mask tools draw on directly (no React render per pointer move). */
export interface StageNodes {
  maskLayerRef: RefObject<Konva.Layer | null>;
  /** What a tool is drawing, until it is committed as one operation. */
  lineRef: RefObject<Konva.Line | null>;
  rectRef: RefObject<Konva.Rect | null>;
  ellipseRef: RefObject<Konva.Ellipse | null>;
  /** The brush's outline under the pointer. */
  cursorRef: RefObject<Konva.Circle | null>;
}

export const stageNodes = (): StageNodes => ({
  maskLayerRef: createRef(),
  lineRef: createRef(),
  rectRef: createRef(),
  ellipseRef: createRef(),
  cursorRef: createRef(),
});

interface Props extends Pick<MaskCanvasProps, 'image' | 'width' | 'height' | 'masking' | 'opacity' | 'color' | 'radius'> {
  nodes: StageNodes;
  size: { width: number; height: number };
  view: View;
  /** The mask as a coloured canvas at the image's size. */
  overlay: HTMLCanvasElement | null;
}

/** The image, the mask over it (clipped to the image) and the brush cursor, at the view's pan and zoom. */
export function MaskStage({
  nodes: { maskLayerRef, lineRef, rectRef, ellipseRef, cursorRef },
  size,
  view,
  image,
  width,
  height,
  overlay,
  masking,
  opacity,
  color,
  radius,
}: Props) {
  const placed = { x: view.x, y: view.y, scaleX: view.zoom, scaleY: view.zoom };
  return (
    <Stage width={size.width} height={size.height} listening={false}>
      <Layer listening={false} imageSmoothingEnabled={view.zoom < 2}>
        <KonvaImage image={image} x={view.x} y={view.y} width={width * view.zoom} height={height * view.zoom} />
      </Layer>
      <Layer ref={maskLayerRef} listening={false} opacity={masking ? opacity : 0} imageSmoothingEnabled={view.zoom < 2}>
        <Group {...placed} clipX={0} clipY={0} clipWidth={width} clipHeight={height}>
          {overlay && <KonvaImage image={overlay} width={width} height={height} />}
          <Line ref={lineRef} visible={false} stroke={color} lineCap="round" lineJoin="round" perfectDrawEnabled={false} />
          <Rect ref={rectRef} visible={false} fill={color} perfectDrawEnabled={false} />
          <Ellipse ref={ellipseRef} visible={false} radiusX={1} radiusY={1} fill={color} perfectDrawEnabled={false} />
        </Group>
      </Layer>
      <Layer listening={false}>
        <Group {...placed}>
          <Circle ref={cursorRef} visible={false} radius={radius} stroke="#ffffff" strokeWidth={1.5 / view.zoom} shadowColor="#000" shadowBlur={2} />
        </Group>
      </Layer>
    </Stage>
  );
}
