/**
 * One column per model on wide screens (at least three tracks, so one or two models do not blow
 * their images up to half the page), two on tablets, one on phones.
 */
export function columnsClass(count: number): string {
  const wide = count >= 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3';
  return `grid grid-cols-1 gap-4 ${count > 1 ? 'sm:grid-cols-2' : ''} ${wide}`;
}
