// GET /api/compare/{id}/images: a board's images and how far their archiving is, polled by the board page while any is pending.
import { idParams, withTeam } from '@/lib/auth/route';
import { AppError } from '@/lib/errors';
import { getBoardImages } from '@/lib/comparisons/queries';

export const dynamic = 'force-dynamic';

export const GET = withTeam('member', { params: idParams }, async (ctx, { params }) => {
  const images = await getBoardImages(ctx, params.id);
  if (!images) throw new AppError('not_found', 'Not found.');
  return Response.json({ images }, { headers: { 'cache-control': 'private, no-store' } });
});
