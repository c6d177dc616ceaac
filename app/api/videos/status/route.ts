// GET /api/videos/status?ids=a,b,c: live state of the active team's videos, polled by the video pages.
import { z } from 'zod';
import { withTeam } from '@/lib/auth/route';
import { videoStatuses } from '@/lib/videos/queries';

export const dynamic = 'force-dynamic';

const query = z.object({
  ids: z
    .string()
    .default('')
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid()).max(100, 'Expected ids=<uuid>,<uuid>,… (at most 100).')),
});

export const GET = withTeam('member', { query }, async (ctx, { query: { ids } }) => {
  // Scoped by the team of the session: an id of another team simply is not in the answer.
  return Response.json({ videos: await videoStatuses(ctx, ids) }, { headers: { 'cache-control': 'no-store' } });
});
