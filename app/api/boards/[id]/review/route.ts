// GET /api/boards/{id}/review: a board's state, winners, and its results' stars and open threads;
// POST { state }: sets the board's review state (verdicts are owners' and admins').
import { idParams, withTeam } from '@/lib/auth/route';
import { reviewStateSchema, setBoardState } from '@/lib/review/states';
import { boardReview } from '@/lib/review/view';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { params: idParams }, async (ctx, { params }) =>
  Response.json(await boardReview(ctx, params.id), { headers: { 'cache-control': 'private, no-store' } }),
);

export const POST = withTeam('member', { params: idParams, body: reviewStateSchema }, async (ctx, { params, body }) =>
  Response.json(await setBoardState(ctx, params.id, body.state)),
);
