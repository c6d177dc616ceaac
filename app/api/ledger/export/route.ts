// GET /api/ledger/export?from=YYYY-MM-DD&to=YYYY-MM-DD: the dashboard's "Export CSV" download.
import { withTeam } from '@/lib/auth/route';
import { ledgerCsv } from '@/lib/ledger/export';
import { spendRangeSchema } from '@/lib/ledger/spend';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { query: spendRangeSchema }, async (ctx, { query: range }) => {
  return new Response(await ledgerCsv(ctx, range), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="atelier-ledger-${range.from}-${range.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
