'use client';

import type { MaskDoc } from '@/lib/edits/mask-doc';
import { exportMaskPng } from '@/lib/edits/mask-export';
import { isPng, maskConvention, maskFromPixels, selectsNothing, type MaskConvention } from '@/lib/edits/mask-import';
import type { EditDictionary } from '@/lib/i18n/dictionaries/edit.en';
import { format } from '@/lib/i18n';

type Size = { width: number; height: number };

/**
 * A mask made elsewhere, as this image's mask bytes and the convention it was read by; refused (with
 * a message) unless it is a PNG at the image's size that selects something.
 */
export async function readMaskFile(file: File, image: Size, m: EditDictionary['mask']): Promise<{ data: Uint8Array; readBy: MaskConvention }> {
  if (!isPng(new Uint8Array(await file.arrayBuffer()))) throw new Error(m.importBad);
  const bitmap = await createImageBitmap(file, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' }).catch(() => {
    throw new Error(m.importBad);
  });
  if (bitmap.width !== image.width || bitmap.height !== image.height) {
    throw new Error(format(m.importSize, { mask: `${bitmap.width}×${bitmap.height}`, image: `${image.width}×${image.height}` }));
  }
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0);
  const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const readBy = maskConvention(pixels);
  const data = maskFromPixels(pixels, readBy);
  if (selectsNothing(data)) throw new Error(m.importEmpty);
  return { data, readBy };
}

/** The mask as the service would get it: greyscale, white = edit, at the image's natural size. */
export async function maskBlob(image: Size, mask: MaskDoc, feather: number): Promise<Blob> {
  const png = await exportMaskPng(image.width, image.height, mask, feather);
  return new Blob([png as BlobPart], { type: 'image/png' });
}

/** Saves the mask as `mask-<w>x<h>.png`. */
export async function downloadMask(image: Size, mask: MaskDoc, feather: number) {
  const url = URL.createObjectURL(await maskBlob(image, mask, feather));
  const link = document.createElement('a');
  link.href = url;
  link.download = `mask-${image.width}x${image.height}.png`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
