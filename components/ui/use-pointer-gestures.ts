'use client';

import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { panBy, pinchView, spanOf, zoomAbout, type Point, type Span, type View, type ZoomLimits } from '@/lib/view/view-math';

type Pointer = ReactPointerEvent<HTMLElement>;

/** What the pointers that neither pan nor pinch do (the studio's mask tools). */
export interface PointerTool {
  /** A drag of the tool's is under way: another pointer starts nothing. */
  busy: () => boolean;
  down: (e: Pointer) => void;
  move: (e: Pointer) => void;
  /** A pointer lifted or cancelled (`e.type` tells which). */
  up: (e: Pointer) => void;
  /** A second finger landed: whatever the first began is dropped. */
  cancel: () => void;
}

export interface GestureOptions {
  /** The view on screen: where a pinch starts from. */
  view: () => View;
  /** Applies a pan, a pinch or a wheel zoom to the view it changes. */
  update: (change: (view: View) => View) => void;
  limits: ZoomLimits;
  /** The zoom factor of a wheel's deltaY. */
  wheelZoom: (deltaY: number) => number;
  /** Whether the pointer just pressed pans; otherwise it is the tool's, if there is one. */
  pans: (e: Pointer) => boolean;
  /** Every move that is not a pinch (a brush cursor follows it). */
  hover?: (e: Pointer) => void;
  tool?: PointerTool;
}

const clientOf = (e: { clientX: number; clientY: number }): Point => ({ x: e.clientX, y: e.clientY });
const inBox = ({ centre, distance }: Span, box: DOMRect): Span => ({ centre: { x: centre.x - box.left, y: centre.y - box.top }, distance });

/**
 * Pan, pinch and wheel zoom of a view, handled once for every canvas of the app: a pointer that
 * pans drags the view, two fingers pinch it (whatever else they were doing), the wheel zooms about
 * the pointer. Spread `handlers` on each element that takes gestures and give it `wheelRef` (a
 * non-passive listener, so the page does not scroll instead).
 */
export function usePointerGestures(options: GestureOptions) {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const touches = useRef(new Map<number, Point>());
  const pinch = useRef<{ a: number; b: number; from: Span; start: View } | null>(null);
  const pan = useRef<{ id: number; at: Point } | null>(null);
  const [panning, setPanning] = useState(false);
  const { view, update, limits, pans, hover, tool } = options;

  const onPointerDown = (e: Pointer) => {
    if (e.pointerType === 'touch') {
      touches.current.set(e.pointerId, clientOf(e));
      if (touches.current.size === 2) {
        tool?.cancel();
        pan.current = null;
        setPanning(false);
        const [[a, pa], [b, pb]] = [...touches.current.entries()];
        pinch.current = { a, b, from: spanOf(pa, pb), start: view() };
        return;
      }
      if (touches.current.size > 2) return;
    }
    if (pan.current || pinch.current || tool?.busy()) return;
    if (pans(e)) {
      e.currentTarget.setPointerCapture(e.pointerId);
      pan.current = { id: e.pointerId, at: clientOf(e) };
      setPanning(true);
    } else if (tool) {
      e.currentTarget.setPointerCapture(e.pointerId);
      tool.down(e);
    }
  };

  const onPointerMove = (e: Pointer) => {
    if (e.pointerType === 'touch' && touches.current.has(e.pointerId)) {
      touches.current.set(e.pointerId, clientOf(e));
      const p = pinch.current;
      if (p) {
        const pa = touches.current.get(p.a);
        const pb = touches.current.get(p.b);
        if (!pa || !pb) return;
        const box = e.currentTarget.getBoundingClientRect();
        update(() => pinchView(p.start, inBox(p.from, box), inBox(spanOf(pa, pb), box), limits));
        return;
      }
    }
    hover?.(e);
    const held = pan.current;
    if (held?.id === e.pointerId) {
      pan.current = { id: held.id, at: clientOf(e) };
      update((v) => panBy(v, e.clientX - held.at.x, e.clientY - held.at.y));
      return;
    }
    tool?.move(e);
  };

  const onPointerUp = (e: Pointer) => {
    if (touches.current.delete(e.pointerId) && pinch.current) {
      if (e.pointerId === pinch.current.a || e.pointerId === pinch.current.b) pinch.current = null;
      return;
    }
    if (pan.current?.id === e.pointerId) {
      pan.current = null;
      setPanning(false);
      return;
    }
    tool?.up(e);
  };

  const wheelRef = useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      const { update, wheelZoom, limits } = latest.current;
      update((v) => zoomAbout(v, wheelZoom(e.deltaY), { x: e.clientX - box.left, y: e.clientY - box.top }, limits));
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, []);

  return {
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
    wheelRef,
    /** A pointer is dragging the view. */
    panning,
    /** Two fingers are on it. */
    pinching: () => pinch.current !== null,
  };
}
