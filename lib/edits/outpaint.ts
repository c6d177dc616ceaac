import sharp from 'sharp';
import { AppError } from '../errors';
import { extensionProblem, placement, type Extension } from './canvas';
import type { CheckedImage } from './image-input';

const MESSAGES = {
  smaller: 'The new canvas must be at least as large as the image on both sides.',
  same: 'The new canvas is the size of the image: make it larger on at least one side.',
  side: 'The new canvas is at most 4096 px a side.',
} as const;

/**
 * What an outpainting sends: the original on a larger canvas at its anchor (the new area continues
 * its edge pixels, a start the service paints over) and the mask, white over the new area and black,
 * unfeathered, over the original, so that the original's pixels come back unchanged.
 */
export async function extendCanvas(image: CheckedImage, extension: Extension): Promise<{ image: CheckedImage; mask: CheckedImage }> {
  const problem = extensionProblem(image, extension);
  if (problem) throw new AppError('invalid_input', MESSAGES[problem], { reason: 'outputSize', param: 'size' });
  const { left, top } = placement(image, extension);
  const { width, height } = extension;
  const padded = await sharp(Buffer.from(await image.data.arrayBuffer()))
    .extend({ left, top, right: width - image.width - left, bottom: height - image.height - top, extendWith: 'copy' })
    .png()
    .toBuffer();
  const mask = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: image.width, height: image.height, channels: 3, background: '#000000' } }, left, top }])
    .toColourspace('b-w')
    .png()
    .toBuffer();
  const png = (bytes: Buffer): CheckedImage => ({ data: new Blob([new Uint8Array(bytes)], { type: 'image/png' }), contentType: 'image/png', width, height });
  return { image: png(padded), mask: png(mask) };
}
