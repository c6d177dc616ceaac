import type { TeamContext } from '../auth/context';
import { Prisma } from '../db/generated/client';
import { db } from '../runtime';
import { rangeBounds } from './period';
import { spendScope, type SpendRange } from './spend';
import { wallClock } from '../time/zoned';
import { csvStream } from '../csv';

const BATCH = 2000;
const HEADER = ['time', 'date', 'time_zone', 'kind', 'model', 'member', 'email', 'generation_id', 'prompt', 'amount', 'currency'];

/**
 * The settled ledger of a period as CSV (UTF-8 with a BOM so spreadsheet apps read Chinese right),
 * streamed in keyset-ordered batches: memory stays flat however long the period. Members get
 * their own lines only, as on the dashboard.
 */
export async function ledgerCsv(ctx: TeamContext, range: SpendRange): Promise<ReadableStream<Uint8Array>> {
  const prisma = await db();
  const { timeZone } = ctx.team;
  const { scope } = spendScope(ctx);
  const bounds = await rangeBounds(prisma, range, timeZone);
  const local = wallClock(timeZone);
  let after: { occurredAt: Date; id: string } | null = null;

  return csvStream(HEADER, async () => {
    const where: Prisma.LedgerEntryWhereInput = {
      teamId: ctx.team.id,
      status: 'settled',
      ...(scope === 'mine' ? { userId: ctx.user.id } : {}),
      occurredAt: { gte: bounds.from, lt: bounds.to },
      ...(after ? { OR: [{ occurredAt: { gt: after.occurredAt } }, { occurredAt: after.occurredAt, id: { gt: after.id } }] } : {}),
    };
    const rows = await prisma.ledgerEntry.findMany({
      where,
      orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }],
      take: BATCH,
      select: {
        id: true,
        occurredAt: true,
        kind: true,
        model: true,
        amount: true,
        currency: true,
        generationId: true,
        user: { select: { name: true, email: true } },
        generation: { select: { prompt: true } },
      },
    });
    after = rows.at(-1) ?? after;
    return rows.map((r) => {
      const time = local.format(r.occurredAt);
      return [
        time,
        time.slice(0, 10),
        timeZone,
        r.kind,
        r.model,
        r.user.name,
        r.user.email,
        r.generationId ?? '',
        (r.generation?.prompt ?? '').slice(0, 2000),
        r.amount.toFixed(4),
        r.currency,
      ];
    });
  });
}
