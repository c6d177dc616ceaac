// GET /api/videos/status?ids=a,b,c: live state of the active team's videos, polled by the video pages.
import { z } from 'zod';
import { withTeam } from '@/lib/auth/action';
import { videoStatuses } from '@/lib/videos/queries';

export const dynamic = 'force-dynamic';

const idsSchema = z
  .string()
  .transform((value) => [...new Set(value.split(',').filter(Boolean))])
  .pipe(z.array(z.uuid()).max(100));

export const GET = withTeam('member', async (ctx, request) => {
  const parsed = idsSchema.safeParse(new URL(request.url).searchParams.get('ids') ?? '');
  if (!parsed.success) return Response.json({ error: { code: 'invalid_input', message: 'Expected ids=<uuid>,<uuid>,… (at most 100).' } }, { status: 400 });
  // Scoped by the team of the session: an id of another team simply is not in the answer.
  const videos = await videoStatuses(ctx, parsed.data);
  return Response.json({ videos }, { headers: { 'cache-control': 'no-store' } });
});
