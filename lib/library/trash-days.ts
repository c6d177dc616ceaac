// How long the trash keeps a result, as plain code: the trash cards count down from it in the browser.

export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whole days before a result deleted at `deletedAt` is purged: 0 when less than a day is left. */
export function trashDaysLeft(deletedAt: string | Date, now: Date = new Date()): number {
  const left = new Date(deletedAt).getTime() + TRASH_DAYS * DAY_MS - now.getTime();
  return Math.max(0, Math.floor(left / DAY_MS));
}
