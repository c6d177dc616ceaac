import sharp from 'sharp';
import { asksForCutout, type EditKind } from './edit-kind';
import { asksToExtend, localEdit } from './local-edit';
import { blendByMask, maskWeights } from './mask';
import { removeAndFill, type FillMode } from './patch-inpaint';
import { decodeRaw, encodePng, toSharp, type RawImage } from '../pixels/raw';
import { segmentForeground } from './segment';
import { applyStyle, pickStyle } from './style';
import { renderBackdrop, renderElements } from '../generate/text-to-image';
import { upscale } from './upscale';
import { withGrain } from './variation';

export interface EditJob {
  kind: EditKind;
  quality: 'standard' | 'hd';
  /** The share of each side the model works at (1: full size); the result is scaled back to size. */
  workScale: number;
  fill: FillMode;
  prompt: string;
  image: Uint8Array;
  mask: Uint8Array | null;
  width: number;
  height: number;
  seed: number;
  /** 0 for the seed the service derived from the inputs; else what varies the seedless operations (variation.ts). */
  variation: number;
}

/** Kinds whose operation may draw nothing from the seed: another seed lays another grain on them. */
const GRAINED: ReadonlySet<EditKind> = new Set(['local', 'remove', 'style', 'upscale']);

const decodeFailure = (what: string) =>
  Object.assign(new Error(`The ${what} could not be decoded: it is truncated or corrupt.`), {
    code: 'unsupported_image_format',
    status: 400,
  });

async function decodeStrict(bytes: Uint8Array, what: string): Promise<RawImage> {
  try {
    return await decodeRaw(sharp(bytes, { failOn: 'truncated', limitInputPixels: 4096 * 4096 }));
  } catch {
    throw decodeFailure(what);
  }
}

/** Composites `top` (straight alpha) over `bottom` at the same size. */
function over(bottom: RawImage, top: RawImage, alpha?: Float32Array): RawImage {
  const out = Buffer.from(bottom.data);
  const t = top.data;
  for (let p = 0, i = 0; i < out.length; p++, i += 4) {
    const a = alpha ? alpha[p] * (t[i + 3] / 255) : t[i + 3] / 255;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) out[i + c] = Math.round(t[i + c] * a + out[i + c] * (1 - a));
    out[i + 3] = Math.round(255 * a + out[i + 3] * (1 - a));
  }
  return { data: out, width: bottom.width, height: bottom.height };
}

/** The image's colours with `alpha` (0..1 per pixel) as its alpha channel, times any alpha it had. */
function withAlpha(img: RawImage, alpha: Float32Array): RawImage {
  const out = Buffer.from(img.data);
  for (let p = 0; p < alpha.length; p++) out[p * 4 + 3] = Math.round(alpha[p] * out[p * 4 + 3]);
  return { data: out, width: img.width, height: img.height };
}

async function editAtOriginalSize(img: RawImage, job: EditJob, weights: Uint8Array | null): Promise<RawImage> {
  const teleaRadius = job.quality === 'hd' ? 7 : 5;
  switch (job.kind) {
    case 'background': {
      const subject = await segmentForeground(img);
      if (asksForCutout(job.prompt)) return withAlpha(img, subject);
      const backdrop = await renderBackdrop({ prompt: job.prompt, width: img.width, height: img.height, seed: job.seed });
      return over(backdrop, img, subject);
    }
    case 'style':
      return applyStyle(img, pickStyle(job.prompt), job.seed);
    case 'upscale':
      return upscale(img, img.width, img.height, job.quality);
    case 'local':
      // Outpainting: the scene grows into the new area as a removal fills a hole, from around it.
      if (weights && asksToExtend(job.prompt)) return removeAndFill(img, weights, job.seed, teleaRadius, job.fill);
      return localEdit(img, job.prompt, job.seed, job.variation);
    case 'remove': {
      // Anything the mask touches is hole; the feathered rim then blends fill and original.
      // Wide holes get texture copied from around them; thin ones go to Telea, whose wider
      // window for hd still smooths a little better. An exemplar model copies texture into thin ones too.
      return removeAndFill(img, weights!, job.seed, teleaRadius, job.fill);
    }
    case 'add': {
      const { layer } = await renderElements({ prompt: job.prompt, width: img.width, height: img.height, seed: job.seed, image: img });
      return over(img, layer);
    }
  }
}

/** A plain (bilinear) resize, as a model working below full size scales its result back. */
async function resize(img: RawImage, width: number, height: number): Promise<RawImage> {
  return decodeRaw(toSharp(img).resize(width, height, { fit: 'fill', kernel: 'linear' }));
}

/** The size a model works at: `workScale` of each side, unless that leaves too little to edit. */
function workSize(img: RawImage, workScale: number): { width: number; height: number } | null {
  const width = Math.round(img.width * workScale);
  const height = Math.round(img.height * workScale);
  return workScale < 1 && Math.min(width, height) >= 32 ? { width, height } : null;
}

/**
 * The edit at the original size. A model with a work scale edits a reduced copy (the mask reduced
 * alike) and scales the result back up, so what it touched comes out softer; the mask blend
 * afterwards is at full size, so pixels where the mask is 0 still come back unchanged.
 */
async function edited(original: RawImage, job: EditJob, weights: Uint8Array | null, mask: RawImage | null): Promise<RawImage> {
  const work = workSize(original, job.workScale);
  if (!work) return grained(await editAtOriginalSize(original, job, weights), job);
  const small = await resize(original, work.width, work.height);
  const smallWeights = mask ? maskWeights(await resize(mask, work.width, work.height)) : null;
  const result = grained(await editAtOriginalSize(small, job, smallWeights), job);
  return resize(result, original.width, original.height);
}

const grained = (img: RawImage, job: EditJob) => (GRAINED.has(job.kind) ? withGrain(img, job.variation) : img);

/** One edit, start to finish: decode, edit, weight by the mask, resize to the requested size, encode. */
export async function runEdit(job: EditJob): Promise<Buffer> {
  const original = await decodeStrict(job.image, 'image');
  const resized = job.width !== original.width || job.height !== original.height;
  if (job.kind === 'upscale' && !job.mask && resized) {
    const work = workSize(original, job.workScale);
    const source = work ? await resize(original, work.width, work.height) : original;
    return encodePng(grained(await upscale(source, job.width, job.height, job.quality), job));
  }
  const mask = job.mask ? await decodeStrict(job.mask, 'mask') : null;
  const weights = mask ? maskWeights(mask) : null;
  let result = await edited(original, job, weights, mask);
  if (weights) result = blendByMask(original, result, weights);
  if (resized) result = await upscale(result, job.width, job.height, job.quality);
  return encodePng(result);
}
