// POST /api/compare: runs a comparison board, for the board page (a route, not an action, so that
// the browser's cancel aborts the upstream call through request.signal).
import { withTeam } from '@/lib/auth/route';
import { runBoard } from '@/lib/comparisons/run-board';
import { boardInputSchema } from '@/lib/comparisons/schema';
import { isHeld } from '@/lib/generations/approval-gate';

export const dynamic = 'force-dynamic';
export const maxDuration = 120;

export const POST = withTeam('member', { body: boardInputSchema }, async (ctx, { body }, request) => {
  const run = await runBoard(ctx, body, request.signal);
  // Held for an owner's or admin's approval: accepted, not run; the board page says so.
  if (isHeld(run)) return Response.json(run, { status: 202 });
  return Response.json({ id: run.id }, { status: 201 });
});
