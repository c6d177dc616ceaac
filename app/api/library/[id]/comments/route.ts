// POST /api/library/{id}/comments: a new thread on a result (pinned to a spot, or not), or a reply to one of its threads.
import { idParams, withTeam } from '@/lib/auth/route';
import { addComment, newCommentSchema } from '@/lib/review/comments';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', { params: idParams, body: newCommentSchema }, async (ctx, { params, body }) =>
  Response.json(await addComment(ctx, params.id, body), { status: 201 }),
);
