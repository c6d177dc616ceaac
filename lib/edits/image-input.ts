import sharp from 'sharp';
import { AppError } from '../errors';
import { EDIT_LIMITS } from './limits';

export interface CheckedImage {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

const FORMATS: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The server's own check of what the browser already checked: format by content, bytes, sides. */
export async function checkImage(bytes: Uint8Array, what: 'image' | 'mask'): Promise<CheckedImage> {
  const label = what === 'image' ? 'The image' : 'The mask';
  if (bytes.length > EDIT_LIMITS.maxBytes) throw new AppError('invalid_input', `${label} is larger than 20 MB.`);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new AppError('invalid_input', `${label} is not a PNG, JPEG or WebP file.`);
  }
  const contentType = meta.format ? FORMATS[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) throw new AppError('invalid_input', `${label} is not a PNG, JPEG or WebP file.`);
  if (Math.max(meta.width, meta.height) > EDIT_LIMITS.maxSide) {
    throw new AppError('invalid_input', `${label} is ${meta.width}×${meta.height}; at most 4096 px a side.`);
  }
  return { bytes, contentType, width: meta.width, height: meta.height };
}
