import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { atLeast } from '../auth/roles';
import { Prisma } from '../db/generated/client';
import type { GenerationKind } from '../db/generated/enums';
import { db } from '../runtime';
import { eachDate, localMonthFirstDay, rangeBounds } from './period';

/** A real calendar date from 1970 to 2999: 2026-02-30 is refused, not rolled over into March, and year 0 never reaches the database. */
const date = z
  .string()
  .regex(/^(19[7-9]\d|2\d{3})-\d{2}-\d{2}$/)
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(d);
  }, 'date');
/** Local dates, both ends included; at most a year and a day. */
export const spendRangeSchema = z
  .object({ from: date, to: date })
  .refine((r) => r.from <= r.to, 'rangeOrder')
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= 366 * 86_400_000, 'rangeLength');
export type SpendRange = z.infer<typeof spendRangeSchema>;

export const KINDS: GenerationKind[] = ['edit', 'comparison', 'video'];

export interface DaySpend {
  date: string;
  edit: string;
  comparison: string;
  video: string;
}
export interface Slice {
  key: string;
  label: string;
  amount: string;
  count: number;
}
export interface TopGeneration {
  id: string;
  kind: GenerationKind;
  prompt: string;
  amount: string;
  createdAt: string;
  by: string;
}
export interface SpendReport {
  range: SpendRange;
  timeZone: string;
  /** 'team' for owners and admins; members see only what they spent. */
  scope: 'team' | 'mine';
  total: string;
  count: number;
  thisMonth: string;
  lastMonth: string;
  days: DaySpend[];
  byModel: Slice[];
  byMember: Slice[];
  byKind: Slice[];
  /** Spend through each API key and through the studio (key `studio`); empty when the team has no keys. */
  byKey: Slice[];
  /**
   * Edits and boards of the range cut off by a restart before the service answered: nothing was
   * charged here, but the service may have billed them, so they are shown apart.
   */
  interrupted: number;
  top: TopGeneration[];
}

/** A period as UTC instants (rangeBounds). */
type Bounds = { from: Date; to: Date };

/** One API key's spend, or the studio's (`studio`): the dashboard's key filter. */
export const keyFilterSchema = z.union([z.literal('studio'), z.uuid()]);
export type KeyFilter = z.infer<typeof keyFilterSchema>;

/** Who may see what: the whole team for owners and admins, one's own spend otherwise. */
export function spendScope(ctx: TeamContext): { scope: 'team' | 'mine'; where: Prisma.Sql } {
  const seeAll = atLeast(ctx.role, 'admin');
  const where = seeAll ? Prisma.sql`"teamId" = ${ctx.team.id}::uuid` : Prisma.sql`"teamId" = ${ctx.team.id}::uuid AND "userId" = ${ctx.user.id}::uuid`;
  return { scope: seeAll ? 'team' : 'mine', where };
}

interface GroupRow {
  grouping: number;
  day: string | null;
  kind: GenerationKind | null;
  model: string | null;
  userId: string | null;
  amount: Prisma.Decimal;
  n: number;
}

/**
 * Everything the cost dashboard shows, from the settled spend rolled up per local day
 * (`LedgerDay`, days cut in the team's time zone): one pass over the range grouped four ways at
 * once (day × kind, kind, model, member, total), the two month totals, and the costliest
 * generations of the range.
 */
export async function spendReport(ctx: TeamContext, range: SpendRange, key?: KeyFilter): Promise<SpendReport> {
  const prisma = await db();
  const { timeZone } = ctx.team;
  const { scope, where } = spendScope(ctx);
  // The daily rollup does not know keys: filtered by one, the same sums come from its ledger lines.
  const source = key
    ? Prisma.sql`(
        SELECT ((l."occurredAt" AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone})::date AS day, l.kind, l.model, l."userId", l."teamId", l.amount, 1 AS lines
        FROM "LedgerEntry" l JOIN "Generation" g ON g.id = l."generationId"
        WHERE l."teamId" = ${ctx.team.id}::uuid AND l.status = 'settled' AND ${key === 'studio' ? Prisma.sql`g."apiKeyId" IS NULL` : Prisma.sql`g."apiKeyId" = ${key}::uuid`}
      ) AS keyed`
    : Prisma.sql`"LedgerDay"`;

  // The range as instants, asked once and awaited by the two readers that need it.
  const bounds = rangeBounds(prisma, range, timeZone);
  const [groups, [months], top, byKey, interrupted] = await Promise.all([
    prisma.$queryRaw<GroupRow[]>`
      SELECT GROUPING(day, kind, model, "userId")::int AS grouping, to_char(day, 'YYYY-MM-DD') AS day, kind, model, "userId"::text AS "userId",
             sum(amount) AS amount, sum(lines)::int AS n
      FROM ${source} WHERE ${where} AND day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY GROUPING SETS ((day, kind), (kind), (model), ("userId"), ())
      HAVING sum(lines) > 0 -- a day whose lines were all taken back keeps a zero row
    `,
    prisma.$queryRaw<Array<{ thisMonth: Prisma.Decimal; lastMonth: Prisma.Decimal }>>`
      SELECT coalesce(sum(amount) FILTER (WHERE day >= ${localMonthFirstDay(timeZone)}), 0) AS "thisMonth",
             coalesce(sum(amount) FILTER (WHERE day < ${localMonthFirstDay(timeZone)}), 0) AS "lastMonth"
      FROM ${source} WHERE ${where} AND day >= ${localMonthFirstDay(timeZone, -1)}`,
    topGenerations(ctx, scope, bounds, key),
    spendByKey(ctx, scope, bounds),
    interruptedRuns(ctx, scope, bounds, key),
  ]);

  // GROUPING() sets a bit for each column NOT in the row's grouping set (day=8, kind=4, model=2, userId=1).
  const set = (bits: number) => groups.filter((g) => g.grouping === bits);
  const byDay = new Map<string, DaySpend>(eachDate(range.from, range.to).map((d) => [d, { date: d, edit: '0', comparison: '0', video: '0' }]));
  for (const row of set(0b0011)) {
    const day = byDay.get(row.day!);
    if (day) day[row.kind!] = money(row.amount);
  }
  const [total] = set(0b1111);
  const names = await userNames(set(0b1110).map((g) => g.userId!));

  return {
    range,
    timeZone,
    scope,
    total: money(total?.amount ?? 0),
    count: total?.n ?? 0,
    thisMonth: money(months.thisMonth),
    lastMonth: money(months.lastMonth),
    days: [...byDay.values()],
    byModel: slices(
      set(0b1101),
      (g) => g.model!,
      (g) => g.model!,
    ),
    byMember: slices(
      set(0b1110),
      (g) => g.userId!,
      (g) => names.get(g.userId!) ?? '—',
    ),
    byKind: slices(
      set(0b1011),
      (g) => g.kind!,
      (g) => g.kind!,
    ),
    byKey,
    top,
    interrupted,
  };
}

/** How many generations started in the range a restart cut off (ledger/sweep.ts marks them). */
async function interruptedRuns(ctx: TeamContext, scope: 'team' | 'mine', range: Promise<Bounds>, key?: KeyFilter): Promise<number> {
  const bounds = await range;
  return (await db()).generation.count({
    where: {
      teamId: ctx.team.id,
      ...(scope === 'mine' ? { userId: ctx.user.id } : {}),
      ...(key ? { apiKeyId: key === 'studio' ? null : key } : {}),
      status: 'failed',
      errorCode: 'interrupted',
      createdAt: { gte: bounds.from, lt: bounds.to },
    },
  });
}

/**
 * Settled spend of the range per API key, the studio's as `studio`. Read from the ledger lines of
 * the range (the daily rollup does not know keys), and only for a team that has made a key.
 */
async function spendByKey(ctx: TeamContext, scope: 'team' | 'mine', range: Promise<Bounds>): Promise<Slice[]> {
  const prisma = await db();
  if ((await prisma.apiKey.count({ where: { teamId: ctx.team.id }, take: 1 })) === 0) return [];
  const bounds = await range;
  const rows = await prisma.$queryRaw<Array<{ key: string; label: string; amount: Prisma.Decimal; n: number }>>`
    SELECT coalesce(k.id::text, 'studio') AS key, coalesce(k.name, 'studio') AS label, sum(l.amount) AS amount, count(*)::int AS n
    FROM "LedgerEntry" l JOIN "Generation" g ON g.id = l."generationId" LEFT JOIN "ApiKey" k ON k.id = g."apiKeyId"
    WHERE l."teamId" = ${ctx.team.id}::uuid AND l.status = 'settled' AND l."occurredAt" >= ${bounds.from} AND l."occurredAt" < ${bounds.to}
      ${scope === 'mine' ? Prisma.sql`AND l."userId" = ${ctx.user.id}::uuid` : Prisma.empty}
    GROUP BY k.id, k.name`;
  return rows.map((r) => ({ key: r.key, label: r.label, amount: money(r.amount), count: r.n })).sort(bySpend);
}

/** Most spent first, then by name. */
const bySpend = (a: Slice, b: Slice) => Number(b.amount) - Number(a.amount) || a.label.localeCompare(b.label);

/** The ten costliest generations started in the range (walks the team's cost index, newest data first). */
async function topGenerations(ctx: TeamContext, scope: 'team' | 'mine', range: Promise<Bounds>, key?: KeyFilter): Promise<TopGeneration[]> {
  const prisma = await db();
  const bounds = await range;
  const rows = await prisma.generation.findMany({
    where: {
      teamId: ctx.team.id,
      ...(scope === 'mine' ? { userId: ctx.user.id } : {}),
      ...(key ? { apiKeyId: key === 'studio' ? null : key } : {}),
      costTotal: { gt: 0 },
      createdAt: { gte: bounds.from, lt: bounds.to },
    },
    orderBy: [{ costTotal: 'desc' }, { createdAt: 'desc' }],
    take: 10,
    select: { id: true, kind: true, prompt: true, costTotal: true, createdAt: true, user: { select: { name: true } } },
  });
  return rows.map((g) => ({ id: g.id, kind: g.kind, prompt: g.prompt, amount: money(g.costTotal!), createdAt: g.createdAt.toISOString(), by: g.user.name }));
}

function slices(rows: GroupRow[], key: (g: GroupRow) => string, label: (g: GroupRow) => string): Slice[] {
  return rows.map((g) => ({ key: key(g), label: label(g), amount: money(g.amount), count: g.n })).sort(bySpend);
}

/** Exact decimal text, trailing zeros trimmed ("0.1200" → "0.12", "3.0000" → "3"). */
function money(value: Prisma.Decimal | number | string): string {
  return new Prisma.Decimal(value).toFixed(4).replace(/\.?0+$/, '');
}

/** Names by user id; people who have left the team keep their name on what they spent. */
async function userNames(userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const prisma = await db();
  const users = await prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } });
  return new Map(users.map((u) => [u.id, u.name]));
}
