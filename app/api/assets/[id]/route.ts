// GET /api/assets/{id}: a team's archived file, for its members only (images and ranged video);
// `?w=256|512|1024` answers a small WebP of an image instead (made once, then stored).
import { serveAsset } from '@/lib/assets/serve-asset';
import { currentUser } from '@/lib/auth/context';
import { errorResponse } from '@/lib/errors';
import { db } from '@/lib/runtime';
import { isUuid } from '@/lib/ids';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const user = await currentUser();
    if (!user) return Response.json({ error: { code: 'unauthenticated', message: 'Please sign in.' } }, { status: 401 });
    const prisma = await db();
    // Any team the user belongs to, not only the active one; for everyone else the asset does not exist.
    const asset = isUuid(id)
      ? await prisma.asset.findFirst({ where: { id, team: { memberships: { some: { userId: user.id } } } } })
      : null;
    if (!asset) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    // Content-addressed by id: the bytes behind an asset never change.
    return await serveAsset(request, asset, { cacheControl: 'private, max-age=31536000, immutable' });
  } catch (error) {
    return errorResponse(error);
  }
}

export { GET as HEAD };
