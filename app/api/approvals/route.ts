// GET /api/approvals?list=waiting|decided|mine: held requests (waiting and decided: owners and admins; mine: anyone's own).
import { z } from 'zod';
import { withTeam } from '@/lib/auth/route';
import { listApprovals } from '@/lib/approvals/requests';

export const dynamic = 'force-dynamic';

const listQuery = z.object({ list: z.enum(['waiting', 'decided', 'mine']).default('mine') });

export const GET = withTeam('member', { query: listQuery }, async (ctx, { query }) =>
  Response.json({ requests: await listApprovals(ctx, query.list) }, { headers: { 'cache-control': 'private, no-store' } }),
);
