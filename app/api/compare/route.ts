// POST /api/compare: runs a comparison board, for the board page (a route, not an action, so that
// the browser's cancel aborts the upstream call through request.signal).
import { withTeam } from '@/lib/auth/route';
import { runBoard } from '@/lib/comparisons/run-board';
import { boardInputSchema } from '@/lib/comparisons/schema';

export const dynamic = 'force-dynamic';
export const maxDuration = 120;

export const POST = withTeam('member', { body: boardInputSchema }, async (ctx, { body }, request) => {
  const { id } = await runBoard(ctx, body, request.signal);
  return Response.json({ id }, { status: 201 });
});
