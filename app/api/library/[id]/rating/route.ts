// POST /api/library/{id}/rating { stars: 1..5 | null }: the member's own stars for a result; answers the team's average.
import { idParams, withTeam } from '@/lib/auth/route';
import { rateResult, ratingSchema } from '@/lib/review/winners';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', { params: idParams, body: ratingSchema }, async (ctx, { params, body }) =>
  Response.json(await rateResult(ctx, params.id, body.stars)),
);
