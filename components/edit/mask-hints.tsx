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

/** Keyboard hints for a mouse, gestures for a finger or a pen. */
export function MaskHints({ touch }: { touch: boolean }) {
  const { t } = useI18n();
  return (
    <p className="text-xs text-ink-subtle" data-testid="mask-hints">
      {touch ? t.edit.mask.touchHints : t.edit.mask.shortcuts}
    </p>
  );
}
