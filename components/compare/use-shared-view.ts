'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { coverBox, panBy, zoomAbout, type View } from '@/lib/view/view-math';
import { usePointerGestures } from '../ui/use-pointer-gestures';

/** One zoom for every pane: 1 is the picture fitted, and it never leaves a pane uncovered. */
export const VIEWER_ZOOM = { min: 1, max: 16 };
const IDENTITY: View = { zoom: 1, x: 0, y: 0 };
const wheelZoom = (deltaY: number) => Math.exp(-deltaY / 500);

/**
 * One pan and zoom for every pane under `root` (its `[data-pane]` elements, all alike). The view is
 * written straight to each `[data-viewer-image]`'s transform in one animation frame (no React
 * render per move), so panning four 4096² images stays smooth; only the zoom shown is state.
 */
export function useSharedView(root: RefObject<HTMLElement | null>) {
  const [zoom, setZoom] = useState(1);
  const view = useRef<View>(IDENTITY);
  const frame = useRef(0);

  /** The size of one pane (they are all alike). */
  const paneSize = useCallback(() => {
    const pane = root.current?.querySelector<HTMLElement>('[data-pane]');
    return { width: pane?.clientWidth ?? 1, height: pane?.clientHeight ?? 1 };
  }, [root]);

  const apply = useCallback(
    (next: View) => {
      view.current = coverBox(next, paneSize(), VIEWER_ZOOM);
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        const { zoom, x, y } = view.current;
        const transform = `translate3d(${x}px, ${y}px, 0) scale(${zoom})`;
        for (const img of root.current?.querySelectorAll<HTMLElement>('[data-viewer-image]') ?? []) img.style.transform = transform;
        setZoom((z) => (z === zoom ? z : zoom));
      });
    },
    [root, paneSize],
  );
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const gestures = usePointerGestures({
    view: () => view.current,
    update: (change) => apply(change(view.current)),
    limits: VIEWER_ZOOM,
    wheelZoom,
    pans: (e) => e.button === 0,
  });

  /** The buttons and keys: zoom about the panes' centre, pan by a tenth of a pane, back to fitted. */
  const zoomCentre = (factor: number) => {
    const { width, height } = paneSize();
    apply(zoomAbout(view.current, factor, { x: width / 2, y: height / 2 }, VIEWER_ZOOM));
  };
  const step = (dx: number, dy: number) => {
    const { width, height } = paneSize();
    apply(panBy(view.current, width * dx, height * dy));
  };
  const reset = () => apply(IDENTITY);
  /** Gives new images (a new layout) the current view. */
  const reapply = useCallback(() => apply(view.current), [apply]);

  /** What each pane spreads on itself. */
  const paneProps = { 'data-pane': true, ref: gestures.wheelRef, ...gestures.handlers };
  return { zoom, zoomCentre, step, reset, reapply, paneProps };
}
