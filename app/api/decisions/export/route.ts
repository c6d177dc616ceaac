// GET /api/decisions/export: the team's audit trail of decisions as CSV (owners and admins).
import { withTeam } from '@/lib/auth/route';
import { decisionsCsv } from '@/lib/audit/decisions';

export const dynamic = 'force-dynamic';

export const GET = withTeam('admin', {}, async (ctx) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await decisionsCsv(ctx), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="atelier-decisions-${day}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
