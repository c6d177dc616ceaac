// GET /api/compare/{id}/zip: one of the team's boards as a streamed ZIP (manifest.json, then every
// image), for the board's download button.
import { idParams, withTeam } from '@/lib/auth/route';
import { boardZip } from '@/lib/comparisons/board-zip';
import { AppError } from '@/lib/errors';
import { contentDisposition } from '@/lib/storage';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { params: idParams }, async (ctx, { params: { id } }) => {
  const body = await boardZip(ctx, id);
  if (!body) throw new AppError('not_found', 'Not found.');
  return new Response(body, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(`atelier-board-${id.slice(0, 8)}.zip`),
      'cache-control': 'private, no-store',
    },
  });
});
