import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { BlobStore } from '../storage';

/** Widths a thumbnail may have: a few, so that each is made once and kept. */
export const THUMBNAIL_WIDTHS = [256, 512, 1024] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

export const isThumbnailWidth = (value: number): value is ThumbnailWidth => (THUMBNAIL_WIDTHS as readonly number[]).includes(value);

/** Where the WebP of a stored image at `width` is kept. */
export const thumbnailName = (storageKey: string, width: ThumbnailWidth) => `${storageKey}.w${width}.webp`;

/**
 * The key of a WebP of the image at most `width` wide, made on first request (streamed from the
 * original through sharp) and stored beside it, so later requests serve it like any blob.
 */
export async function thumbnailKey(store: BlobStore, storageKey: string, width: ThumbnailWidth): Promise<string | null> {
  const key = thumbnailName(storageKey, width);
  if (await store.head(key)) return key;
  const original = await store.get(storageKey);
  if (!original) return null;
  const resized = Readable.fromWeb(original.body as never).pipe(sharp().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }));
  await store.put(key, resized, { contentType: 'image/webp' });
  return key;
}
