import { Prisma } from '../db/generated/client';

type Client = Pick<Prisma.TransactionClient, '$queryRaw'>;

// Ledger times are stored as UTC in `timestamp` columns; days and months are cut in the team's
// IANA time zone. These fragments do the conversion inside PostgreSQL, which knows every zone's
// rules (daylight saving included), so JavaScript never guesses an offset.

/** Local midnight at the start of a `YYYY-MM-DD` date, as a stored (UTC) timestamp. */
export const localDayStart = (date: string, timeZone: string) => Prisma.sql`((${date}::date::timestamp AT TIME ZONE ${timeZone}) AT TIME ZONE 'UTC')`;

/**
 * A period of local dates (both ends included) as UTC instants: from local midnight of `from` to
 * local midnight after `to`. Read back as ISO text: the stored timestamps are UTC, and a driver
 * must not guess a zone for them.
 */
export async function rangeBounds(client: Client, range: { from: string; to: string }, timeZone: string): Promise<{ from: Date; to: Date }> {
  const iso = (at: Prisma.Sql) => Prisma.sql`to_char(${at}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const [bounds] = await client.$queryRaw<Array<{ from: string; to: string }>>`
    SELECT ${iso(localDayStart(range.from, timeZone))} AS "from", ${iso(Prisma.sql`${localDayStart(range.to, timeZone)} + interval '1 day'`)} AS "to"`;
  return { from: new Date(bounds.from), to: new Date(bounds.to) };
}

/** The first local date of the current month (offset 0) or of a month before it (-1, ...). */
export const localMonthFirstDay = (timeZone: string, offset = 0) =>
  Prisma.sql`(date_trunc('month', now() AT TIME ZONE ${timeZone}) + make_interval(months => ${offset}::int))::date`;

/** Today's date in a time zone, `YYYY-MM-DD`. */
export function localToday(timeZone: string, now = new Date()): string {
  // en-CA formats dates as ISO (YYYY-MM-DD).
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Every date from `from` to `to` inclusive (`YYYY-MM-DD`), so days without spend still appear. */
export function eachDate(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`); day.setUTCDate(day.getUTCDate() + 1)) {
    dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
