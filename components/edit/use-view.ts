'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface View {
  zoom: number;
  x: number;
  y: number;
}

const MIN_ZOOM = 0.02;
const MAX_ZOOM = 16;
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

  const fitView = useCallback((): View => {
    const zoom = Math.min((size.width - 2 * PAD) / width, (size.height - 2 * PAD) / height);
    const z = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
    return { zoom: z, x: (size.width - width * z) / 2, y: (size.height - height * z) / 2 };
  }, [size, width, height]);

  useEffect(() => {
    // Sync with the measured box: a fitted view follows it.
    if (fitted.current && size.width > 0) setViewState(fitView());
  }, [fitView, size.width]);

  const setView = useCallback((v: View) => {
    fitted.current = false;
    setViewState(v);
  }, []);

  const fit = useCallback(() => {
    fitted.current = true;
    setViewState(fitView());
  }, [fitView]);

  const actual = useCallback(() => {
    fitted.current = false;
    setViewState({ zoom: 1, x: (size.width - width) / 2, y: (size.height - height) / 2 });
  }, [size, width, height]);

  const zoomBy = useCallback(
    (factor: number, cx = size.width / 2, cy = size.height / 2) => {
      fitted.current = false;
      setViewState((v) => {
        const zoom = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, v.zoom * factor));
        const k = zoom / v.zoom;
        return { zoom, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k };
      });
    },
    [size],
  );

  return { size, view, setView, fit, actual, zoomBy };
}
