'use client';

import { useEffect, useRef } from 'react';
import { isTypingText } from './mask-ops';

interface Keys {
  enabled: boolean;
  undo: () => void;
  redo: () => void;
  brush: (direction: 1 | -1) => void;
}

/**
 * Mask shortcuts: Ctrl/⌘+Z undo, Shift+Ctrl/⌘+Z (or Ctrl+Y) redo, [ and ] brush size, whichever
 * control has focus (a kind's radio just chosen, a slider, a button), but not while typing text.
 */
export function useStudioKeys(keys: Keys) {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      const k = latest.current;
      if (!k.enabled) return;
      if (isTypingText(e)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) k.redo();
        else k.undo();
      } else if (mod && key === 'y') {
        e.preventDefault();
        k.redo();
      } else if (!mod && (e.key === '[' || e.key === ']')) {
        e.preventDefault();
        k.brush(e.key === ']' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, []);
}
