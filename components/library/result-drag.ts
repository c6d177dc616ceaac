// Results dragged from the grid onto a collection: the ids travel in the drag's data under a type
// of our own, so a drop of anything else (a file, a link from another site) is not taken for them.

const RESULTS = 'application/x-atelier-results';

/** Starts a drag of these results. */
export function dragResults(event: React.DragEvent, ids: string[]): void {
  event.dataTransfer.setData(RESULTS, JSON.stringify(ids));
  event.dataTransfer.effectAllowed = 'copyLink';
}

/** Whether a drag over a target carries results (its data is readable only on drop). */
export const carriesResults = (event: React.DragEvent): boolean => event.dataTransfer.types.includes(RESULTS);

/** The ids a drop carries; none when it is not ours or not well formed. */
export function droppedResults(event: React.DragEvent): string[] {
  try {
    const ids: unknown = JSON.parse(event.dataTransfer.getData(RESULTS) || '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').slice(0, 500) : [];
  } catch {
    return [];
  }
}
