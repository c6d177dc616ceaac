// GET /api/library/{id}/similar?take=12: the team's results nearest in look to one, for the item page's "More like this".
import { z } from 'zod';
import { idParams, withTeam } from '@/lib/auth/route';
import { AppError } from '@/lib/errors';
import { SIMILAR_TAKE, similarResults } from '@/lib/library/similar';

export const dynamic = 'force-dynamic';

const similarQuery = z.object({ take: z.coerce.number().int().min(1).max(48).default(SIMILAR_TAKE) });

export const GET = withTeam('member', { params: idParams, query: similarQuery }, async (ctx, { params, query }) => {
  const items = await similarResults(ctx, params.id, { take: query.take });
  if (!items) throw new AppError('not_found', 'Not found.');
  return Response.json({ items }, { headers: { 'cache-control': 'private, no-store' } });
});
