// GET /api/compare/{id}/images: a board's images and how far their archiving is, polled by the board page while any is pending.
import { withTeam } from '@/lib/auth/action';
import { getBoardImages } from '@/lib/comparisons/queries';
import { isUuid } from '@/lib/ids';

export const dynamic = 'force-dynamic';

export function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return withTeam('member', async (ctx) => {
    const { id } = await params;
    const images = isUuid(id) ? await getBoardImages(ctx, id) : null;
    if (!images) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    return Response.json({ images }, { headers: { 'cache-control': 'private, no-store' } });
  })(request);
}
