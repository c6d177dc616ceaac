import { readFile } from 'node:fs/promises';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { withDecodeBudget } from './decode-gate';
import { decodeHeic } from './heic';
import { UPRIGHT, exifOrientation, heifTransforms, turnsSideways } from './orientation';

/**
 * How much of a damaged file a decode forgives: nothing (libvips' warnings too, as sharp advises for
 * untrusted input). At 'truncated', a 293-byte JPEG whose header claimed 8192×8192 decoded to a
 * grey picture of that size: libjpeg only warns when the data ends before the picture does.
 */
export const UNTRUSTED = 'warning' as const;

/**
 * Photos as cameras and phones write them, made into what the service takes: upright (EXIF
 * orientation applied), sRGB, 8 bits a channel, PNG/JPEG/WebP, and at a size it accepts.
 */

export type PhotoFormat = 'png' | 'jpeg' | 'webp' | 'heic';

export const CONTENT_TYPES: Record<PhotoFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', heic: 'image/heic' };

export interface PhotoHeader {
  format: PhotoFormat;
  /** As displayed, after the EXIF orientation; a HEIC's as stored (its turns are known once decoded). */
  width: number;
  height: number;
  /** Pixels the decoder holds. */
  pixels: number;
  /** What the service could not take as it is; empty: the file goes as it came. */
  conversions: ('orientation' | 'cmyk' | '16-bit' | 'heic')[];
  alpha: boolean;
  /** A HEIC's EXIF orientation tag, applied only if the container has no turns of its own (heicUpright). */
  heicExifOrientation: number;
}

/** A photo's header, read without decoding its pixels; null when it is none of the formats. */
export async function readHeader(input: string | Buffer): Promise<PhotoHeader | null> {
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  const format: PhotoFormat | null = meta.format === 'heif' ? (meta.compression === 'hevc' ? 'heic' : null) : ((meta.format as PhotoFormat) ?? null);
  if (!format || !(format in CONTENT_TYPES) || !meta.width || !meta.height) return null;
  // sharp reads a HEIF's EXIF but not its tag; libheif applies irot/imir itself (heicUpright).
  const orientation = format === 'heic' ? 1 : (meta.orientation ?? 1);
  const sideways = turnsSideways(orientation);
  const conversions: PhotoHeader['conversions'] = [];
  if (format === 'heic') conversions.push('heic');
  if (orientation !== 1) conversions.push('orientation');
  if (meta.space === 'cmyk') conversions.push('cmyk');
  if (meta.depth && meta.depth !== 'uchar' && meta.depth !== 'char') conversions.push('16-bit');
  return {
    format,
    width: sideways ? meta.height : meta.width,
    height: sideways ? meta.width : meta.height,
    pixels: meta.width * meta.height,
    conversions,
    alpha: Boolean(meta.hasAlpha),
    heicExifOrientation: format === 'heic' ? exifOrientation(meta.exif) : 1,
  };
}

export interface Converted {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/**
 * The photo decoded upright in sRGB at 8 bits (at `size` when given, exactly; within `fit` px a
 * side when given), encoded for the
 * service: PNG where it had alpha or was a PNG (lossless, unless that is over `maxBytes`), else a
 * JPEG at quality 92. `kernel: 'nearest'` keeps a mask's values. One photo's pixels at a time count
 * against the process's decode budget.
 */
export async function convertPhoto(
  input: string | Buffer,
  header: PhotoHeader,
  options: { fit?: number; size?: { width: number; height: number }; kernel?: 'nearest' | 'lanczos3'; maxBytes: number },
): Promise<Converted> {
  return withDecodeBudget(header.pixels, async () => {
    let image =
      header.format === 'heic'
        ? await heicUpright(input, header.heicExifOrientation)
        : sharp(input, { failOn: UNTRUSTED, limitInputPixels: false }).autoOrient();
    image = image.toColourspace('srgb');
    const kernel = options.kernel ?? 'lanczos3';
    if (options.size) image = image.resize(options.size.width, options.size.height, { fit: 'fill', kernel });
    else if (options.fit) image = image.resize(options.fit, options.fit, { fit: 'inside', withoutEnlargement: true, kernel });
    if (header.alpha || header.format === 'png') {
      const png = await image.clone().png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
      if (png.data.length <= options.maxBytes || header.alpha) return converted(png, 'image/png');
    }
    return converted(await image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer({ resolveWithObject: true }), 'image/jpeg');
  });
}

const converted = ({ data, info }: { data: Buffer; info: OutputInfo }, contentType: string): Converted => ({
  bytes: data,
  contentType,
  width: info.width,
  height: info.height,
});

/** A HEIC's pixels upright: libheif's own turns, else the EXIF tag (files without irot/imir). */
async function heicUpright(input: string | Buffer, exifTag: number): Promise<Sharp> {
  const bytes = typeof input === 'string' ? await readFile(input) : input;
  const raw = await decodeHeic(bytes);
  let image = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } });
  if (!heifTransforms(bytes)) {
    const { rotate, flop } = UPRIGHT[exifTag];
    // A raw input has no tag of its own, so the turn is explicit; sharp mirrors after turning.
    if (rotate) image = sharp(await image.rotate(rotate).raw().toBuffer(), { raw: rawAfterTurn(raw, rotate) });
    if (flop) image = image.flop();
  }
  return image;
}

const rawAfterTurn = (raw: { width: number; height: number }, rotate: number) => ({
  width: rotate === 90 || rotate === 270 ? raw.height : raw.width,
  height: rotate === 90 || rotate === 270 ? raw.width : raw.height,
  channels: 4 as const,
});
