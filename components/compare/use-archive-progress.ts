'use client';

import { useQuery } from '@tanstack/react-query';
import type { BoardColumn, BoardImage } from '@/lib/comparisons/queries';
import { getJson } from '../server-state';

const FIRST_POLL_MS = 1000;
const MAX_POLL_MS = 10_000;

const archiving = (images: BoardImage[]) => images.some((i) => i.state === 'archiving');

/**
 * The board's columns with their images kept current while any is being archived: polls the
 * board's small images route (every second at first, then less often) and stops when none is left.
 */
export function useArchiveProgress(boardId: string, columns: BoardColumn[]): BoardColumn[] {
  const rendered = columns.flatMap((c) => [...c.images, ...c.versions.flatMap((v) => v.column.images)]);
  const { data } = useQuery({
    // A new version of a column brings new images: a query of their own, polled from the start.
    queryKey: ['board', boardId, 'images', rendered.length],
    queryFn: ({ signal }) => getJson<{ images: BoardImage[] }>(`/api/compare/${boardId}/images`, { signal }),
    enabled: archiving(rendered),
    // What the page was rendered with counts as fresh: the first ask is a second later.
    initialData: { images: rendered },
    staleTime: FIRST_POLL_MS,
    refetchInterval: (query) =>
      archiving(query.state.data?.images ?? []) ? Math.min(MAX_POLL_MS, FIRST_POLL_MS * 1.25 ** query.state.dataUpdateCount) : false,
  });
  const latest = new Map(data.images.map((image) => [image.outputId, image]));
  // What the page was rendered with is replaced only by news: an image never goes back to "archiving".
  const fresh = (images: BoardImage[]) => images.map((image) => (image.state === 'archiving' ? (latest.get(image.outputId) ?? image) : image));
  return columns.map((column) => ({
    ...column,
    images: fresh(column.images),
    versions: column.versions.map((version) => ({ ...version, column: { ...version.column, images: fresh(version.column.images) } })),
  }));
}
