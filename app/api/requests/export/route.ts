// GET /api/requests/export?operation=&source=&outcome=: Dashboard → Requests as CSV.
import { withTeam } from '@/lib/auth/route';
import { logScope } from '@/lib/auth/log-scope';
import { requestFiltersSchema, requestsCsv } from '@/lib/request-log/query';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { query: requestFiltersSchema }, async (ctx, { query }) => {
  return new Response(await requestsCsv(logScope(ctx), query), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="atelier-requests-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
