import { openAsBlob } from 'node:fs';
import { open } from 'node:fs/promises';
import sharp from 'sharp';
import { AppError } from '../errors';
import { convertPhoto, readHeader, UNTRUSTED, type PhotoHeader } from '../images/photo';
import { sniffType } from '../storage/sniff';
import { EDIT_LIMITS } from './limits';

export interface CheckedImage {
  /** The file's bytes: read from disk on demand for an upload, in memory for a stored asset or a converted photo. */
  data: Blob;
  contentType: string;
  width: number;
  height: number;
  /** Set when the photo was made smaller to fit the service: its size as it came (upright). */
  fittedFrom?: { width: number; height: number };
  /** What was done to the file so that the service could take it; empty when it goes as it came. */
  conversions?: PhotoHeader['conversions'];
}

/** What an image may be resized to: fitted within the service's sides, or (a mask) made the fitted image's size. */
export interface ImageOptions {
  /** A photo over 4096 px a side is fitted to 4096 on its long side instead of refused. */
  fit?: boolean;
  /** A mask of the image's size before it was fitted is fitted with it (nearest neighbour: its values stay). */
  fittedImage?: CheckedImage;
}

/** Photos as large as 8192×8192 are read (a 50 MP camera's 8160×6144 is within it). */
const MAX_PIXELS = 8192 * 8192;

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
 * The server's own check of what the browser already checked, and the photo made into what the
 * service takes: format by content, bytes, sides, then a full decode, so that a truncated or
 * corrupt file is refused here (400) instead of by the service (502) after an asset and a
 * generation were written. A file the service could not take as it is (EXIF-turned, CMYK, 16-bit,
 * HEIC, or over 4096 px with `fit`) is converted first, so every later check (the mask's size)
 * sees the upright image. `source` is an uploaded file's path or a stored asset's bytes.
 */
export async function checkImage(source: string | Uint8Array, what: 'image' | 'mask', options: ImageOptions = {}): Promise<CheckedImage> {
  const label = what === 'image' ? 'The image' : 'The mask';
  // Each refusal also as the service words it, for the API (decisions.md row 2).
  const refusal = (message: string, reason: 'notAnImage' | 'imageFormat' | 'imageTooLarge' | 'imageTooHeavy') =>
    new AppError('invalid_input', message, { reason, param: what });
  const unreadable = () => refusal(`${label} is not a complete PNG, JPEG, WebP or HEIC file: it could not be decoded.`, 'imageFormat');
  const input = typeof source === 'string' ? source : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  const head = await headOf(input);
  const sniffed = sniffType(head);
  // Not an image at all is the wrong type of file (415); an empty or broken one a bad request (400).
  if (head.length > 0 && !sniffed?.startsWith('image/')) throw refusal(`${label} is not a PNG, JPEG, WebP or HEIC file.`, 'notAnImage');
  // The header first, whatever its size (reading it decodes nothing).
  let header: PhotoHeader | null;
  try {
    header = await readHeader(input);
  } catch {
    throw unreadable();
  }
  if (!header) throw refusal(`${label} is not a PNG, JPEG, WebP or HEIC file.`, 'notAnImage');
  if (header.pixels > MAX_PIXELS) throw refusal(`${label} is ${header.width}×${header.height}; Atelier reads photos of up to 67 megapixels.`, 'imageTooLarge');

  // A mask of the image's size as it came goes with the image as it was fitted.
  const before = options.fittedImage?.fittedFrom;
  const fitWith = before && header.width === before.width && header.height === before.height ? options.fittedImage : undefined;
  const tooLarge = Math.max(header.width, header.height) > EDIT_LIMITS.maxSide;
  if (tooLarge && !options.fit && !fitWith) {
    throw refusal(
      `${label} is ${header.width}×${header.height}; at most ${EDIT_LIMITS.maxSide} px a side. Send fit=true to have Atelier fit it to ${EDIT_LIMITS.maxSide} px on its long side.`,
      'imageTooLarge',
    );
  }

  if (header.conversions.length === 0 && !tooLarge && !fitWith) {
    try {
      await sharp(input, { failOn: UNTRUSTED, limitInputPixels: MAX_PIXELS }).stats(); // decodes every pixel, streaming: a broken file fails here
    } catch {
      throw unreadable();
    }
    const contentType = sniffed!; // the header was read, so the file has a head
    const data = typeof source === 'string' ? await openAsBlob(source, { type: contentType }) : new Blob([new Uint8Array(source)], { type: contentType });
    if (data.size > EDIT_LIMITS.maxBytes) throw refusal(`${label} is larger than 20 MB.`, 'imageTooHeavy');
    return { data, contentType, width: header.width, height: header.height, conversions: [] };
  }

  let converted;
  try {
    converted = await convertPhoto(input, header, {
      fit: tooLarge ? EDIT_LIMITS.maxSide : undefined,
      size: fitWith ? { width: fitWith.width, height: fitWith.height } : undefined,
      kernel: what === 'mask' ? 'nearest' : 'lanczos3',
      maxBytes: EDIT_LIMITS.maxBytes,
    });
  } catch {
    throw unreadable();
  }
  if (converted.bytes.length > EDIT_LIMITS.maxBytes) throw refusal(`${label} is larger than 20 MB once converted.`, 'imageTooHeavy');
  // A HEIC's header is as stored; its decoded pixels are upright.
  const turned = converted.width > converted.height !== header.width > header.height;
  return {
    data: new Blob([new Uint8Array(converted.bytes)], { type: converted.contentType }),
    contentType: converted.contentType,
    width: converted.width,
    height: converted.height,
    ...(tooLarge || fitWith ? { fittedFrom: turned ? { width: header.height, height: header.width } : { width: header.width, height: header.height } } : {}),
    conversions: header.conversions,
  };
}
