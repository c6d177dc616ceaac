import { openAsBlob } from 'node:fs';
import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { sniffType } from '../storage/sniff';
import { storeImage } from './assets';
import { checkImage, type CheckedImage } from './image-input';
import type { UploadedFile } from './upload';

/** The studio's photo form: one file, already on disk (receiveEditUpload). */
export const sourceRequestSchema = z.object({ image: z.object({ path: z.string(), bytes: z.number() }, 'Choose a photo to open.') });

/** A photo made ready to edit: the image the service will get, and the file as it came when they differ. */
export interface PreparedSource {
  assetId: string;
  width: number;
  height: number;
  /** The photo's size before it was fitted to 4096 px, when it was. */
  fittedFrom: { width: number; height: number } | null;
  conversions: NonNullable<CheckedImage['conversions']>;
  /** The file as it came (for download), when the image to edit differs from it. */
  originalAssetId: string | null;
}

/**
 * Opens a photo the browser cannot edit as it is (HEIC, or over 4096 px a side) on the server:
 * upright, sRGB, fitted to 4096 px, kept as a team asset that the studio then edits by id, so the
 * mask is painted on exactly the pixels the service will get. The file as it came is kept too.
 */
export async function prepareSource(ctx: TeamContext, file: UploadedFile): Promise<PreparedSource> {
  const image = await checkImage(file.path, 'image', { fit: true });
  const asset = await storeImage(ctx, image);
  const conversions = image.conversions ?? [];
  const changed = Boolean(image.fittedFrom) || conversions.length > 0;
  let originalAssetId: string | null = null;
  if (changed) {
    const uploaded = await openAsBlob(file.path);
    const contentType = sniffType(new Uint8Array(await uploaded.slice(0, 16).arrayBuffer())) ?? 'application/octet-stream';
    const size = image.fittedFrom ?? image;
    const original = await storeImage(ctx, {
      data: uploaded.slice(0, uploaded.size, contentType),
      contentType,
      width: size.width,
      height: size.height,
    });
    originalAssetId = original.id;
  }
  return { assetId: asset.id, width: image.width, height: image.height, fittedFrom: image.fittedFrom ?? null, conversions, originalAssetId };
}
