'use client';

import { useEffect } from 'react';

/**
 * Marks the page live once React has hydrated it (`<html data-hydrated>`): before that a click on a
 * server-rendered button does nothing. Browser tests wait on it rather than clicking again.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
