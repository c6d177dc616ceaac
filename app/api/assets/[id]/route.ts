// GET /api/assets/{id}: a team's archived file, for its members only (images and ranged video);
// `?w=256|512|1024` answers a small WebP of an image instead (made once, then stored).
import { serveAsset } from '@/lib/assets/serve-asset';
import { idParams, withUser } from '@/lib/auth/route';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/runtime';

export const dynamic = 'force-dynamic';

export const GET = withUser({ params: idParams }, async (user, { params: { id } }, request) => {
  const prisma = await db();
  // Any team the user belongs to, not only the active one; for everyone else the asset does not exist.
  const asset = await prisma.asset.findFirst({ where: { id, team: { memberships: { some: { userId: user.id } } } } });
  if (!asset) throw new AppError('not_found', 'Not found.');
  // Content-addressed by id: the bytes behind an asset never change.
  return serveAsset(request, asset, { cacheControl: 'private, max-age=31536000, immutable' });
});

export { GET as HEAD };
