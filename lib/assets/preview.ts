import { Readable } from 'node:stream';
import sharp from 'sharp';
import { thumbnailKey, thumbnailName, type ThumbnailWidth } from './thumbnail';
import { videoPosterKey } from './video-poster';
import type { BlobStore } from '../storage';
import { PREVIEW_WIDTH } from './preview-url';
import { imageSignature } from '../images/signature';
import { db } from '../runtime';

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
 * Makes a result's preview as it is stored, so that no viewer waits for it, and an image's
 * signature for "more like this". Not fatal: a preview that could not be made now is made on its
 * first view instead, a signature by the backfill (lib/library/similar.ts). A video has no
 * signature: its poster is made from the file by ffmpeg, and "more like this" compares images.
 */
export async function makePreview(store: BlobStore, asset: { id: string; storageKey: string; contentType: string }): Promise<void> {
  const made = IMAGE_TYPES.includes(asset.contentType) ? previewAndSignature(store, asset) : previewKey(store, asset, PREVIEW_WIDTH);
  await made.catch((error: unknown) =>
    console.warn(`[assets] no preview or signature for ${asset.id} yet (made on first view, signed by the backfill):`, (error as Error).message),
  );
}

/** An image's preview and signature from one decode: the original brought to the preview's width, both made from those pixels. */
async function previewAndSignature(store: BlobStore, asset: { id: string; storageKey: string }): Promise<void> {
  const original = await store.get(asset.storageKey);
  if (!original) throw new Error(`stored file ${asset.storageKey} is missing`);
  const decode = sharp().resize({ width: PREVIEW_WIDTH, withoutEnlargement: true }).raw();
  const { data, info } = await Readable.fromWeb(original.body as never)
    .pipe(decode)
    .toBuffer({ resolveWithObject: true });
  const pixels = { data, info: { width: info.width, height: info.height, channels: info.channels } };
  const preview = await sharp(data, { raw: pixels.info }).webp({ quality: 80 }).toBuffer();
  await store.put(thumbnailName(asset.storageKey, PREVIEW_WIDTH), preview, { contentType: 'image/webp', contentLength: preview.length });
  const signature = await imageSignature(pixels);
  await (await db()).asset.update({ where: { id: asset.id }, data: signature });
}
