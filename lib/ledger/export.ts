import type { TeamContext } from '../auth/context';
import { Prisma } from '../db/generated/client';
import { db } from '../runtime';
import { rangeBounds } from './period';
import { spendScope, type SpendRange } from './spend';
import { wallClock } from '../time/zoned';
import { csvCell } from '../csv';

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
  const encoder = new TextEncoder();
  let after: { occurredAt: Date; id: string } | null = null;
  let started = false;

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${HEADER.join(',')}\r\n`));
        return;
      }
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
      if (rows.length === 0) return controller.close();
      after = rows[rows.length - 1];
      const text = rows
        .map((r) => {
          const time = local.format(r.occurredAt);
          const cells = [
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
          return cells.map(csvCell).join(',');
        })
        .join('\r\n');
      controller.enqueue(encoder.encode(`${text}\r\n`));
    },
  });
}
