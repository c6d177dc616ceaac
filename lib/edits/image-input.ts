import { openAsBlob } from 'node:fs';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors';
import { EDIT_LIMITS } from './limits';

export interface CheckedImage {
  /** The file's bytes: read from disk on demand for an upload, in memory for a stored asset. */
  data: Blob;
  contentType: string;
  width: number;
  height: number;
}

const FORMATS: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * The server's own check of what the browser already checked: format by content, bytes, sides,
 * and then a full decode, so that a truncated or corrupt file is refused here (400) instead of by
 * the service (502) after an asset and a generation were written. `source` is an uploaded file's
 * path or a stored asset's bytes.
 */
export async function checkImage(source: string | Uint8Array, what: 'image' | 'mask'): Promise<CheckedImage> {
  const label = what === 'image' ? 'The image' : 'The mask';
  const unreadable = () => new AppError('invalid_input', `${label} is not a complete PNG, JPEG or WebP file: it could not be decoded.`);
  const input = typeof source === 'string' ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  // Never more pixels than the largest image the service takes (a forged header cannot make us try).
  const options = { failOn: 'truncated', limitInputPixels: EDIT_LIMITS.maxSide * EDIT_LIMITS.maxSide } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    throw unreadable();
  }
  const contentType = meta.format ? FORMATS[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) throw new AppError('invalid_input', `${label} is not a PNG, JPEG or WebP file.`);
  if (Math.max(meta.width, meta.height) > EDIT_LIMITS.maxSide) {
    throw new AppError('invalid_input', `${label} is ${meta.width}×${meta.height}; at most 4096 px a side.`);
  }
  try {
    await sharp(input, options).stats(); // decodes every pixel, streaming: a broken file fails here
  } catch {
    throw unreadable();
  }
  const data = typeof source === 'string' ? await openAsBlob(source, { type: contentType }) : new Blob([new Uint8Array(source)], { type: contentType });
  if (data.size > EDIT_LIMITS.maxBytes) throw new AppError('invalid_input', `${label} is larger than 20 MB.`);
  return { data, contentType, width: meta.width, height: meta.height };
}
