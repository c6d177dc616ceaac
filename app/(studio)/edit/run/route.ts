// POST /edit/run: the edit studio runs one edit (multipart); DELETE /edit/run?request=<id> cancels it,
// from whichever replica the cancel reaches. A route handler rather than a server action: actions
// run one at a time, so a cancel could not overtake the run.
import { z } from 'zod';
import { withTeam } from '@/lib/auth/route';
import { receiveEditUpload } from '@/lib/edits/upload';
import { editRequestSchema, runEdit } from '@/lib/edits/run-edit';
import { invalidInput } from '@/lib/errors';
import { isHeld } from '@/lib/generations/approval-gate';
import { requestCancel } from '@/lib/generations/cancel';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', { form: editRequestSchema }, async (ctx, _input, request) => {
  // The files stream to temporary files (server.ts has capped the body at 42 MB); deleted at the end.
  const upload = await receiveEditUpload(request);
  try {
    const fields = Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== ''));
    const parsed = editRequestSchema.safeParse({ ...fields, ...upload.files });
    if (!parsed.success) throw invalidInput(parsed.error, { message: parsed.error.issues[0]?.message ?? 'Please check the form.' });
    const outcome = await runEdit(ctx, parsed.data, request.signal);
    // Held for an owner's or admin's approval: accepted, not run; the studio says so.
    return Response.json(outcome, { status: isHeld(outcome) ? 202 : 200 });
  } finally {
    await upload.dispose();
  }
});

const cancelQuery = z.object({ request: z.uuid('Which edit? Expected ?request=<id>.') });

export const DELETE = withTeam('member', { query: cancelQuery }, async (ctx, { query }) => {
  return Response.json({ cancelled: await requestCancel(ctx, query.request) });
});
