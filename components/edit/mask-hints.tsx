'use client';

import { useState, useSyncExternalStore } from 'react';
import { useI18n } from '../i18n-provider';

/** A finger or a pen is the main pointer (until the canvas sees which one the user draws with). */
const COARSE = '(pointer: coarse)';
const isCoarsePointer = () => window.matchMedia(COARSE).matches;
function watchCoarsePointer(onChange: () => void) {
  const query = window.matchMedia(COARSE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the user draws by touch: what the canvas last saw, else what the device's main pointer is. */
export function useTouchFirst() {
  const coarsePointer = useSyncExternalStore(watchCoarsePointer, isCoarsePointer, () => false);
  const [touchUsed, setTouchUsed] = useState<boolean | null>(null);
  return [touchUsed ?? coarsePointer, setTouchUsed] as const;
}

/** Keyboard hints for a mouse, gestures for a finger or a pen; how to draw a polygon while that tool is on. */
export function MaskHints({ touch, polygon }: { touch: boolean; polygon: boolean }) {
  const { t } = useI18n();
  const m = t.edit.mask;
  return (
    <p className="text-xs lg:truncate text-ink-subtle" data-testid="mask-hints" title={polygon ? m.polygonHint : undefined}>
      {polygon ? m.polygonHint : touch ? m.touchHints : m.shortcuts}
    </p>
  );
}
