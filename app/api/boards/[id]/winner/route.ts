// POST /api/boards/{id}/winner { outputId | null, column? }: an owner or admin marks (or clears) the board's winner or a column's.
import { idParams, withTeam } from '@/lib/auth/route';
import { markWinner, winnerSchema } from '@/lib/review/winners';
import { boardReview } from '@/lib/review/view';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', { params: idParams, body: winnerSchema }, async (ctx, { params, body }) => {
  await markWinner(ctx, params.id, body);
  return Response.json(await boardReview(ctx, params.id));
});
