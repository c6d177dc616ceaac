import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors';
import { sniffType } from '../storage/sniff';
import { EDIT_LIMITS } from './limits';

export interface CheckedImage {
  /** The file's bytes: read from disk on demand for an upload, in memory for a stored asset. */
  data: Blob;
  contentType: string;
  width: number;
  height: number;
}

const FORMATS: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** A file's first 16 bytes (its signature). */
async function headOf(input: string | Buffer): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, 16);
  const file = await open(input);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The server's own check of what the browser already checked: format by content, bytes, sides,
 * and then a full decode, so that a truncated or corrupt file is refused here (400) instead of by
 * the service (502) after an asset and a generation were written. `source` is an uploaded file's
 * path or a stored asset's bytes.
 */
export async function checkImage(source: string | Uint8Array, what: 'image' | 'mask'): Promise<CheckedImage> {
  const label = what === 'image' ? 'The image' : 'The mask';
  // Each refusal also as the service words it, for the API (decisions.md row 2).
  const refusal = (message: string, reason: 'notAnImage' | 'imageFormat' | 'imageTooLarge' | 'imageTooHeavy') =>
    new AppError('invalid_input', message, { reason, param: what });
  const unreadable = () => refusal(`${label} is not a complete PNG, JPEG or WebP file: it could not be decoded.`, 'imageFormat');
  const input = typeof source === 'string' ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  const head = await headOf(input);
  // Not an image at all is the wrong type of file (415); an empty or broken one a bad request (400).
  if (head.length > 0 && !sniffType(head)) throw refusal(`${label} is not a PNG, JPEG or WebP file.`, 'notAnImage');
  // The header first, whatever its size (reading it decodes nothing), so a photo over 4096 px a side
  // is refused for its size; then never more pixels than the largest image the service takes.
  const options = { failOn: 'truncated', limitInputPixels: EDIT_LIMITS.maxSide * EDIT_LIMITS.maxSide } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const contentType = meta.format ? FORMATS[meta.format] : undefined;
  if (!contentType || !meta.width || !meta.height) throw refusal(`${label} is not a PNG, JPEG or WebP file.`, 'notAnImage');
  if (Math.max(meta.width, meta.height) > EDIT_LIMITS.maxSide) {
    throw refusal(`${label} is ${meta.width}×${meta.height}; at most ${EDIT_LIMITS.maxSide} px a side.`, 'imageTooLarge');
  }
  try {
    await sharp(input, options).stats(); // decodes every pixel, streaming: a broken file fails here
  } catch {
    throw unreadable();
  }
  const data = typeof source === 'string' ? await openAsBlob(source, { type: contentType }) : new Blob([new Uint8Array(source)], { type: contentType });
  if (data.size > EDIT_LIMITS.maxBytes) throw refusal(`${label} is larger than 20 MB.`, 'imageTooHeavy');
  return { data, contentType, width: meta.width, height: meta.height };
}
