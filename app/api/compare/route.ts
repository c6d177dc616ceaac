// POST /api/compare: runs a comparison board, for the board page (a route, not an action, so that
// the browser's cancel aborts the upstream call through request.signal).
import { withTeam } from '@/lib/auth/action';
import { runBoard } from '@/lib/comparisons/run-board';
import { boardInputSchema, fieldErrors } from '@/lib/comparisons/schema';

export const dynamic = 'force-dynamic';
export const maxDuration = 120;

export const POST = withTeam('member', async (ctx, request) => {
  const parsed = boardInputSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return Response.json({ error: { code: 'invalid_input', message: 'Please check the highlighted fields.', fields: fieldErrors(parsed.error) } }, { status: 400 });
  }
  const board = await runBoard(ctx, parsed.data, request.signal);
  return Response.json(board, { status: 201 });
});
