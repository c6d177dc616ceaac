// POST /api/comments/{thread id}/resolve { resolved }: resolves a thread, or reopens it.
import { z } from 'zod';
import { idParams, withTeam } from '@/lib/auth/route';
import { resolveThread } from '@/lib/review/comments';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', { params: idParams, body: z.object({ resolved: z.boolean() }) }, async (ctx, { params, body }) => {
  await resolveThread(ctx, params.id, body.resolved);
  return Response.json({ ok: true });
});
