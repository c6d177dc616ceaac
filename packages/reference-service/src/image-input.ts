import sharp from 'sharp';
import { ServiceError, invalid } from './errors';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;

export interface ImageInput {
  bytes: Uint8Array;
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
}

/** The format by its magic bytes, never by the file name or the declared type. */
function sniff(b: Uint8Array): ImageInput['format'] | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/**
 * Checks an uploaded image (or mask) by its header only: format, byte size and dimensions.
 * A PNG that claims 50000x50000 is refused here, before anything tries to decode it.
 */
export async function inspectImage(value: FormDataEntryValue | null, field: 'image' | 'mask'): Promise<ImageInput | null> {
  if (value === null) return null;
  if (typeof value === 'string') {
    throw invalid('unsupported_image_format', `"${field}" must be a file upload, not a text field.`, field);
  }
  if (value.size === 0) throw invalid('unsupported_image_format', `The ${field} file is empty.`, field);
  if (value.size > MAX_IMAGE_BYTES) {
    throw new ServiceError(413, 'image_too_large', `The ${field} is larger than 20 MB.`, field);
  }
  const bytes = new Uint8Array(await value.arrayBuffer());
  const format = sniff(bytes);
  if (!format) {
    throw new ServiceError(415, 'unsupported_image_format', `The ${field} must be a PNG, JPEG or WebP image.`, field);
  }
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw invalid('unsupported_image_format', `The ${field} could not be read: it is truncated or corrupt.`, field);
  }
  if (!width || !height) throw invalid('unsupported_image_format', `The ${field} has no readable dimensions.`, field);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw invalid('image_too_large', `The ${field} is ${width}x${height}; at most 4096 pixels a side are accepted.`, field);
  }
  return { bytes, format, width, height };
}
