// GET /api/library/{id}/review: a result's review panel (state, stars, threads, whom one may mention),
// polled while it is open; POST { state }: sets its review state (verdicts are owners' and admins').
import { idParams, withTeam } from '@/lib/auth/route';
import { reviewStateSchema, setResultState } from '@/lib/review/states';
import { resultReview } from '@/lib/review/view';

export const dynamic = 'force-dynamic';

const noStore = { 'cache-control': 'private, no-store' };

export const GET = withTeam('member', { params: idParams }, async (ctx, { params }) => Response.json(await resultReview(ctx, params.id), { headers: noStore }));

export const POST = withTeam('member', { params: idParams, body: reviewStateSchema }, async (ctx, { params, body }) =>
  Response.json(await setResultState(ctx, params.id, body.state)),
);
