// How long the trash keeps a result, as plain code: the trash cards count down from it in the browser.

export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * Days before a result deleted at `deletedAt` is purged, counted as a calendar counts them (just
 * deleted: 30; two and a half left: 3); 0 when less than a whole day is left.
 */
export function trashDaysLeft(deletedAt: string | Date, now: Date = new Date()): number {
  const left = new Date(deletedAt).getTime() + TRASH_DAYS * DAY_MS - now.getTime();
  return left < DAY_MS ? 0 : Math.ceil(left / DAY_MS);
}
