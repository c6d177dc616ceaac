import { thumbnailKey, type ThumbnailWidth } from './thumbnail';
import { videoPosterKey } from './video-poster';
import type { BlobStore } from '../storage';
import { PREVIEW_WIDTH } from './preview-url';

/** Result files Atelier keeps: images it can resize and MP4 videos it can take a frame of. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const VIDEO_TYPES = ['video/mp4'];

/** The stored key of a small WebP of an image, or of a video's poster frame (made on first ask, then kept); null for any other file. */
export async function previewKey(store: BlobStore, asset: { storageKey: string; contentType: string }, width: ThumbnailWidth): Promise<string | null> {
  if (IMAGE_TYPES.includes(asset.contentType)) return thumbnailKey(store, asset.storageKey, width);
  if (VIDEO_TYPES.includes(asset.contentType)) return videoPosterKey(store, asset.storageKey, width);
  return null;
}

/**
 * Makes a result's preview as it is stored, so that no viewer waits for it. Not fatal: a preview
 * that could not be made now is made on its first view instead.
 */
export async function makePreview(store: BlobStore, asset: { id: string; storageKey: string; contentType: string }): Promise<void> {
  await previewKey(store, asset, PREVIEW_WIDTH).catch((error: unknown) =>
    console.warn(`[assets] no preview for ${asset.id} yet (made on first view):`, (error as Error).message),
  );
}
