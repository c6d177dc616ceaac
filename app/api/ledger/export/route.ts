// GET /api/ledger/export?from=YYYY-MM-DD&to=YYYY-MM-DD: the dashboard's "Export CSV" download.
import { withTeam } from '@/lib/auth/action';
import { AppError } from '@/lib/errors';
import { ledgerCsv } from '@/lib/ledger/export';
import { spendRangeSchema } from '@/lib/ledger/spend';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', async (ctx, request) => {
  const search = new URL(request.url).searchParams;
  const range = spendRangeSchema.safeParse({ from: search.get('from'), to: search.get('to') });
  if (!range.success) throw new AppError('invalid_input', 'Give a period as from=YYYY-MM-DD&to=YYYY-MM-DD, at most a year long.');
  const { from, to } = range.data;
  return new Response(await ledgerCsv(ctx, range.data), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="atelier-ledger-${from}-${to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
