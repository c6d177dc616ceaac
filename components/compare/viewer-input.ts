'use client';

import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';

type Pointer = ReactPointerEvent<HTMLElement>;
interface PaneHandlers {
  onPointerDown: (e: Pointer) => void;
  onPointerUp: (e: Pointer) => void;
}

/** A horizontal drag this long (px) at the fitted zoom pages, as a swipe does on a phone. */
const SWIPE_PX = 60;

/**
 * The viewer's keys wherever focus is while it is open: an arrow button that vanishes at the end
 * of the images leaves focus on the page, not in the dialog.
 */
export function useWindowKeys(onKeyDown: (e: KeyboardEvent) => void) {
  const handler = useRef(onKeyDown);
  useEffect(() => {
    handler.current = onKeyDown;
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => handler.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

/**
 * A pane's pointer handlers with a swipe that pages: a horizontal drag when the picture is fitted
 * (`zoom` 1: a drag then has nothing to pan) pages by one; a second finger cancels it.
 */
export function useSwipeToPage<H extends PaneHandlers>(handlers: H, zoom: number, go: (by: number) => void) {
  const from = useRef<{ id: number; x: number; y: number } | null>(null);
  const up = (e: Pointer) => {
    handlers.onPointerUp(e);
    const start = from.current;
    if (!start || start.id !== e.pointerId) return;
    from.current = null;
    const dx = e.clientX - start.x;
    if (e.type === 'pointerup' && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(e.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };
  return {
    ...handlers,
    onPointerDown: (e: Pointer) => {
      from.current = from.current || zoom !== 1 || e.button !== 0 ? null : { id: e.pointerId, x: e.clientX, y: e.clientY };
      handlers.onPointerDown(e);
    },
    onPointerUp: up,
    onPointerCancel: up,
  };
}
