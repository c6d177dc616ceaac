'use client';

import { useEffect, useRef } from 'react';

/**
 * A ref whose element is scrolled into view (as little as needed) each time `key` changes: an answer
 * that appears below the fold of a panel that scrolls on its own.
 */
export function useReveal<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  // (Braces: the browser's scrollIntoView may answer a promise, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [key]);
  return ref;
}
