// PATCH /api/comments/{id}: its author changes a comment's words and mentions; DELETE: its author (or an owner or admin) deletes it.
import { idParams, withTeam } from '@/lib/auth/route';
import { deleteComment, editComment, editCommentSchema } from '@/lib/review/comments';

export const dynamic = 'force-dynamic';

export const PATCH = withTeam('member', { params: idParams, body: editCommentSchema }, async (ctx, { params, body }) => {
  await editComment(ctx, params.id, body);
  return Response.json({ ok: true });
});

export const DELETE = withTeam('member', { params: idParams }, async (ctx, { params }) => {
  await deleteComment(ctx, params.id);
  return Response.json({ ok: true });
});
