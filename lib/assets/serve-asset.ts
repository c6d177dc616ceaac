import { previewKey } from './preview';
import { blobStore } from './store';
import { isThumbnailWidth } from './thumbnail';
import { serveBlob } from '../storage';

/** What serving needs to know of an Asset row. */
export interface ServableAsset {
  id: string;
  storageKey: string;
  contentType: string;
}

/**
 * The response for one archived file, for a route that has already checked access: `?w=256|512|1024`
 * answers a small WebP of an image, or a poster frame of a video (made once, then stored), `?download=1` an attachment (named `downloadName`, else by its id), and
 * ranges, HEAD and ETags work as for any blob.
 */
export async function serveAsset(
  request: Request,
  asset: ServableAsset,
  { cacheControl, downloadName }: { cacheControl: string; downloadName?: string },
): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const width = Number(search.get('w'));
  const preview = search.has('w') && isThumbnailWidth(width) ? await previewKey(blobStore(), asset, width) : null;
  if (preview) return serveBlob(request, blobStore(), preview, { contentType: 'image/webp', cacheControl });
  const download = search.get('download') === '1';
  return serveBlob(request, blobStore(), asset.storageKey, {
    contentType: asset.contentType,
    cacheControl,
    filename: download ? (downloadName ?? `atelier-${asset.id.slice(0, 8)}.${asset.contentType.split('/')[1]}`) : undefined,
  });
}
