/**
 * Formats an instant as the wall clock of `timeZone` shows it, `YYYY-MM-DD HH:MM:SS` (Swedish
 * conventions are ISO's, with a space for the T).
 */
export const wallClock = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** How far `timeZone` is ahead of UTC at the instant `at` (ms). */
function offsetAt(timeZone: string, at: number): number {
  const wall = Date.parse(`${wallClock(timeZone).format(new Date(at)).replace(' ', 'T')}Z`);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day (`YYYY-MM-DD`, plus `addDays`) begins in `timeZone`. */
export function zonedDayStart(day: string, timeZone: string, addDays = 0): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`) + addDays * 86_400_000;
  // Twice: the offset at the guess can differ from the one at the answer across a DST change.
  const guess = midnightUtc - offsetAt(timeZone, midnightUtc);
  return new Date(midnightUtc - offsetAt(timeZone, guess));
}
