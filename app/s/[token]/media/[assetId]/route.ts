// GET /s/{token}/media/{assetId}: one file of a shared result, for anyone holding a live link
// (the public share page's images and video); `?w=` thumbnails and `?download=1` as in /api/assets,
// a download named by the link's title and the file's place and model.
import { serveAsset } from '@/lib/assets/serve-asset';
import { errorResponse } from '@/lib/errors';
import { resolveSharedAsset, sharedDownloadName } from '@/lib/share';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ token: string; assetId: string }> }) {
  try {
    const { token, assetId } = await params;
    const asset = await resolveSharedAsset(token, assetId);
    if (!asset) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    const download = new URL(request.url).searchParams.get('download') === '1';
    const downloadName = download ? ((await sharedDownloadName(token, assetId, asset.contentType)) ?? undefined) : undefined;
    // Revalidated on every use (the ETag makes that a cheap 304), so a revoked or expired link
    // stops serving at once; nothing is cached publicly.
    const response = await serveAsset(request, asset, { cacheControl: 'private, no-cache', downloadName });
    response.headers.set('x-robots-tag', 'noindex');
    return response;
  } catch (error) {
    return errorResponse(error);
  }
}

export { GET as HEAD };
