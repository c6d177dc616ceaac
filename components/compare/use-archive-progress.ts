'use client';

import { useEffect, useState } from 'react';
import type { BoardColumn, BoardImage } from '@/lib/comparisons/queries';

const FIRST_POLL_MS = 1000;
const MAX_POLL_MS = 10_000;

/**
 * The board's columns with their images kept current while any is being archived: polls the
 * board's small images route (every second at first, then less often) and stops when none is left.
 */
export function useArchiveProgress(boardId: string, columns: BoardColumn[]): BoardColumn[] {
  const [latest, setLatest] = useState<Record<string, BoardImage>>({});
  // What the page was rendered with is replaced only by news: an image never goes back to "archiving".
  const current = columns.map((column) => ({
    ...column,
    images: column.images.map((image) => (image.state === 'archiving' && latest[image.outputId] ? latest[image.outputId] : image)),
  }));
  const archiving = current.some((c) => c.images.some((i) => i.state === 'archiving'));

  useEffect(() => {
    if (!archiving) return;
    let timer: ReturnType<typeof setTimeout>;
    let delay = FIRST_POLL_MS;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`/api/compare/${boardId}/images`, { cache: 'no-store' });
        if (response.ok) {
          const { images } = (await response.json()) as { images: BoardImage[] };
          if (stopped) return;
          setLatest(Object.fromEntries(images.map((i) => [i.outputId, i])));
          if (!images.some((i) => i.state === 'archiving')) return;
        }
      } catch {
        // Offline for a moment: try again later.
      }
      if (stopped) return;
      delay = Math.min(MAX_POLL_MS, delay * 1.25);
      timer = setTimeout(poll, delay);
    };
    timer = setTimeout(poll, delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [boardId, archiving]);

  return current;
}
