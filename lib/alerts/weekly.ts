import { Prisma } from '../db/generated/client';
import type { AlertChannel } from '../db/generated/enums';
import { localToday } from '../ledger/period';
import { db } from '../runtime';
import { recordAlert } from './record';

// The weekly spend summary: the week before, Monday to Sunday in the team's time zone, sent at the
// first evaluation of the Monday after (once per channel, however many workers evaluate). A week is
// summarised only if it ended after the summary was turned on: turning it on mid-week sends that
// week's, not the one before.

export interface SpendLine {
  label: string;
  amount: string;
  /** Charges (ledger lines). */
  count: number;
}

export interface WeeklySummary {
  team: string;
  /** The week's local dates, Monday and Sunday. */
  from: string;
  to: string;
  total: string;
  count: number;
  /** The week before it, for comparison. */
  previous: string;
  /** The five costliest models and members, most spent first. */
  byModel: SpendLine[];
  byMember: SpendLine[];
}

const DAY_MS = 86_400_000;
const dateAt = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The local dates of the last whole week (Monday to Sunday) before `now` in a time zone. */
export function lastWeek(timeZone: string, now: Date): { from: string; to: string } {
  const today = localToday(timeZone, now);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = dateAt(today, -sinceMonday - 7);
  return { from, to: dateAt(from, 6) };
}

const money = (amount: Prisma.Decimal | string) => new Prisma.Decimal(amount).toFixed(2);

/** One week's settled spend from the daily rollup: total, the week before, top models and members. */
async function summarise(teamId: string, team: string, week: { from: string; to: string }): Promise<WeeklySummary> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<Array<{ grouping: number; model: string | null; name: string | null; amount: Prisma.Decimal; n: number }>>`
    SELECT GROUPING(d.model, d."userId")::int AS grouping, d.model, u.name, sum(d.amount) AS amount, sum(d.lines)::int AS n
    FROM "LedgerDay" d JOIN "User" u ON u.id = d."userId"
    WHERE d."teamId" = ${teamId}::uuid AND d.day BETWEEN ${week.from}::date AND ${week.to}::date
    GROUP BY GROUPING SETS ((d.model), (d."userId", u.name), ())
    HAVING sum(d.lines) > 0`;
  const [previous] = await prisma.$queryRaw<Array<{ amount: Prisma.Decimal }>>`
    SELECT coalesce(sum(amount), 0) AS amount FROM "LedgerDay"
    WHERE "teamId" = ${teamId}::uuid AND day BETWEEN ${dateAt(week.from, -7)}::date AND ${dateAt(week.from, -1)}::date`;
  // GROUPING() sets a bit for each column NOT in the row's grouping set (model=2, member=1).
  const top = (bits: number, label: (row: (typeof rows)[number]) => string) =>
    rows
      .filter((row) => row.grouping === bits)
      .map((row) => ({ label: label(row), amount: money(row.amount), count: row.n }))
      .sort((a, b) => Number(b.amount) - Number(a.amount) || a.label.localeCompare(b.label))
      .slice(0, 5);
  const total = rows.find((row) => row.grouping === 0b11);
  return {
    team,
    ...week,
    total: money(total?.amount ?? '0'),
    count: total?.n ?? 0,
    previous: money(previous.amount),
    byModel: top(0b01, (row) => row.model!),
    byMember: top(0b10, (row) => row.name!),
  };
}

/** Records last week's summary if it is due and not yet recorded; returns the ids of alerts this call wrote. */
export async function evaluateWeeklySummary(
  team: { id: string; name: string; timeZone: string },
  summarySince: Date | null,
  channels: AlertChannel[],
  now: Date,
): Promise<string[]> {
  if (!summarySince || channels.length === 0) return [];
  const week = lastWeek(team.timeZone, now);
  if (week.to < localToday(team.timeZone, summarySince)) return [];
  const prisma = await db();
  const sent = await prisma.alertEvent.count({ where: { teamId: team.id, rule: 'weekly', period: week.from }, take: 1 });
  if (sent > 0) return [];
  const payload = await summarise(team.id, team.name, week);
  return recordAlert({ teamId: team.id, rule: 'weekly', subject: 'team', threshold: 0, period: week.from, channels, payload });
}
