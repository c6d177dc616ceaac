// POST /edit/run: the edit studio runs one edit (multipart); DELETE /edit/run?request=<id> cancels it.
// A route handler rather than a server action: actions run one at a time, so a cancel could not overtake.
import { AppError, withTeam } from '@/lib/auth/action';
import { cancel, track } from '@/lib/edits/in-flight';
import { editRequestSchema, runEdit } from '@/lib/edits/run-edit';
import { receiveEditUpload } from '@/lib/edits/upload';
import { z } from 'zod';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', async (ctx, request) => {
  // The files stream to temporary files (server.ts has capped the body at 42 MB); deleted at the end.
  const upload = await receiveEditUpload(request);
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  try {
    const fields = Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== ''));
    const parsed = editRequestSchema.safeParse({ ...fields, ...upload.files });
    if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'Please check the form.');
    request.signal.addEventListener('abort', onAbort);
    const untrack = track(ctx.user.id, parsed.data.requestId, controller);
    try {
      return Response.json(await runEdit(ctx, parsed.data, controller.signal));
    } finally {
      untrack();
    }
  } finally {
    request.signal.removeEventListener('abort', onAbort);
    await upload.dispose();
  }
});

export const DELETE = withTeam('member', async (ctx, request) => {
  const id = z.uuid().safeParse(new URL(request.url).searchParams.get('request'));
  if (!id.success) throw new AppError('invalid_input', 'Which edit? Expected ?request=<id>.');
  return Response.json({ cancelled: cancel(ctx.user.id, id.data) });
});
