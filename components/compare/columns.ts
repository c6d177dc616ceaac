import type { BoardColumn } from '@/lib/comparisons/queries';

/**
 * One column per model on wide screens (at least three tracks, so one or two models do not blow
 * their images up to half the page), two on tablets, one on phones.
 */
export function columnsClass(count: number): string {
  const wide = count >= 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3';
  return `grid grid-cols-1 gap-4 ${count > 1 ? 'sm:grid-cols-2' : ''} ${wide}`;
}

/** A column as shown: as the board ran (version 0) or one of its reruns. */
export function shownColumn(column: BoardColumn, version: number): Omit<BoardColumn, 'versions'> {
  return version > 0 ? (column.versions[version - 1]?.column ?? column) : column;
}
