// POST /edit/source: the studio opens a photo it cannot edit as it is (HEIC, over 4096 px a side):
// made upright and fitted on the server, kept as a team asset, answered with its id and sizes.
import { withTeam } from '@/lib/auth/route';
import { prepareSource, sourceRequestSchema } from '@/lib/edits/source';
import { receiveEditUpload } from '@/lib/edits/upload';
import { invalidInput } from '@/lib/errors';

export const dynamic = 'force-dynamic';

export const POST = withTeam('member', { form: sourceRequestSchema }, async (ctx, _input, request) => {
  const upload = await receiveEditUpload(request);
  try {
    const parsed = sourceRequestSchema.safeParse(upload.files);
    if (!parsed.success) throw invalidInput(parsed.error, { message: parsed.error.issues[0]?.message ?? 'Choose a photo to open.' });
    return Response.json(await prepareSource(ctx, parsed.data.image));
  } finally {
    await upload.dispose();
  }
});
