// POST /edit/run: the edit studio runs one edit (multipart); DELETE /edit/run?request=<id> cancels it.
// A route handler rather than a server action: actions run one at a time, so a cancel could not overtake.
import { AppError, withTeam } from '@/lib/auth/action';
import { cancel, track } from '@/lib/edits/in-flight';
import { editRequestSchema, runEdit } from '@/lib/edits/run-edit';
import { z } from 'zod';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', async (ctx, request) => {
  const form = await request.formData().catch(() => {
    throw new AppError('invalid_input', 'Expected a multipart form.');
  });
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => v !== ''));
  const parsed = editRequestSchema.safeParse(fields);
  if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'Please check the form.');
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  request.signal.addEventListener('abort', onAbort);
  const untrack = track(ctx.user.id, parsed.data.requestId, controller);
  try {
    return Response.json(await runEdit(ctx, parsed.data, controller.signal));
  } finally {
    untrack();
    request.signal.removeEventListener('abort', onAbort);
  }
});

export const DELETE = withTeam('member', async (ctx, request) => {
  const id = z.uuid().safeParse(new URL(request.url).searchParams.get('request'));
  if (!id.success) throw new AppError('invalid_input', 'Which edit? Expected ?request=<id>.');
  return Response.json({ cancelled: cancel(ctx.user.id, id.data) });
});
