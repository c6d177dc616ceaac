// POST /api/compare: runs a comparison board, for the board page (a route, not an action, so that
// the browser's cancel aborts the upstream call through request.signal).
import { withTeam } from '@/lib/auth/route';
import { runBoard } from '@/lib/comparisons/run-board';
import { boardInputSchema } from '@/lib/comparisons/schema';

export const dynamic = 'force-dynamic';
export const maxDuration = 120;

export const POST = withTeam('member', { body: boardInputSchema }, async (ctx, { body }, request) => {
  return Response.json(await runBoard(ctx, body, request.signal), { status: 201 });
});
