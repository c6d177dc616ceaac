// GET /api/edits/{id}/zip: one of the team's edit runs (variants, an edit board) as a streamed ZIP:
// manifest.json, the original and mask, every result and, beside a restored one, the model's own answer.
import { idParams, withTeam } from '@/lib/auth/route';
import { editZip } from '@/lib/edits/edit-zip';
import { AppError } from '@/lib/errors';
import { contentDisposition } from '@/lib/storage';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { params: idParams }, async (ctx, { params: { id } }) => {
  const body = await editZip(ctx, id);
  if (!body) throw new AppError('not_found', 'Not found.');
  return new Response(body, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(`atelier-edit-${id.slice(0, 8)}.zip`),
      'cache-control': 'private, no-store',
    },
  });
});
