'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { actualSize, CANVAS_ZOOM, fitView, zoomAbout, type View } from '@/lib/view/view-math';

export type { View };

const PAD = 16;

/**
 * Zoom and pan of an image of `width`×`height` inside `box`: fitted until the user zooms or pans,
 * refitted when the box resizes meanwhile.
 */
export function useView(box: RefObject<HTMLElement | null>, width: number, height: number) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [view, setViewState] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const fitted = useRef(true);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);

  const fittedView = useCallback(() => fitView(size, { width, height }, PAD, CANVAS_ZOOM), [size, width, height]);

  useEffect(() => {
    // Sync with the measured box: a fitted view follows it.
    if (fitted.current && size.width > 0) setViewState(fittedView());
  }, [fittedView, size.width]);

  /** The user's own view (a pan, a pinch, the wheel): no longer refitted. */
  const setView = useCallback((change: (view: View) => View) => {
    fitted.current = false;
    setViewState(change);
  }, []);

  const fit = useCallback(() => {
    fitted.current = true;
    setViewState(fittedView());
  }, [fittedView]);

  const actual = useCallback(() => {
    fitted.current = false;
    setViewState(actualSize(size, { width, height }));
  }, [size, width, height]);

  /** The zoom buttons: about the box's centre. */
  const zoomBy = useCallback((factor: number) => setView((v) => zoomAbout(v, factor, { x: size.width / 2, y: size.height / 2 }, CANVAS_ZOOM)), [size, setView]);

  return { size, view, setView, fit, actual, zoomBy };
}
