// GET /api/assets/{id}: a team's archived file, for its members only (images and ranged video);
// `?w=256|512|1024` answers a small WebP of an image instead (made once, then stored).
import { blobStore } from '@/lib/assets/store';
import { IMAGE_TYPES } from '@/lib/assets/archive';
import { isThumbnailWidth, thumbnailKey } from '@/lib/assets/thumbnail';
import { currentUser } from '@/lib/auth/context';
import { errorResponse } from '@/lib/errors';
import { db } from '@/lib/runtime';
import { serveBlob } from '@/lib/storage';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    const user = await currentUser();
    if (!user) return Response.json({ error: { code: 'unauthenticated', message: 'Please sign in.' } }, { status: 401 });
    const prisma = await db();
    // Any team the user belongs to, not only the active one; for everyone else the asset does not exist.
    const asset = /^[0-9a-f-]{36}$/i.test(id)
      ? await prisma.asset.findFirst({ where: { id, team: { memberships: { some: { userId: user.id } } } } })
      : null;
    if (!asset) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    const search = new URL(request.url).searchParams;
    const width = Number(search.get('w'));
    if (search.has('w') && isThumbnailWidth(width) && IMAGE_TYPES.includes(asset.contentType)) {
      const key = await thumbnailKey(blobStore(), asset.storageKey, width);
      if (key) return await serveBlob(request, blobStore(), key, { contentType: 'image/webp', cacheControl: 'private, max-age=31536000, immutable' });
    }
    const download = search.get('download') === '1';
    return await serveBlob(request, blobStore(), asset.storageKey, {
      contentType: asset.contentType,
      // Content-addressed by id: the bytes behind an asset never change.
      cacheControl: 'private, max-age=31536000, immutable',
      filename: download ? `atelier-${asset.id.slice(0, 8)}.${asset.contentType.split('/')[1]}` : undefined,
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export { GET as HEAD };
