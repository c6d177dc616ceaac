import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { maskWeights } from './engines/edit/mask';
import { createRng, decodeRaw, encodePng, hashSeed } from './engines/pixels/raw';

// The fault knob SERVICE_LEAKY_MODELS (`leakyModels` in PUT /v1/admin/knobs): a model that leaks
// outside the mask and answers at its own size, as some hosted models do. After the engine has
// made the exact edit, a share of the pixels the mask keeps (all pixels, without a mask) is moved
// by a clearly visible amount, then the picture may be stretched to the model's own size.

export interface LeakyModel {
  /** The share (0..1) of the pixels where the mask is 0 that change. */
  fraction: number;
  /** The size the model answers at, whatever was asked; unset: the asked size. */
  size?: { width: number; height: number };
}

const side = z.int().min(64).max(4096);
export const leakyModelSchema = z.object({ fraction: z.number().min(0).max(1), size: z.object({ width: side, height: side }).optional() });

const ENTRY = /^([^=\s]+)=([\d.]+)(?::(\d+)x(\d+))?$/;

/** `model=fraction[:WxH],…`, e.g. `atelier-edit-fast=0.3:1024x1024`; throws on an entry it cannot read. */
export function parseLeakyModels(value: string | undefined): Record<string, LeakyModel> {
  const out: Record<string, LeakyModel> = {};
  const entries = (value ?? '').split(',').map((entry) => entry.trim());
  for (const entry of entries.filter(Boolean)) {
    const match = ENTRY.exec(entry);
    const parsed = match
      ? leakyModelSchema.safeParse({ fraction: Number(match[2]), ...(match[3] ? { size: { width: Number(match[3]), height: Number(match[4]) } } : {}) })
      : null;
    if (!parsed?.success) throw new Error(`leaky model "${entry}": expected model=fraction[:WxH], the fraction from 0 to 1, each side from 64 to 4096`);
    out[match![1]] = parsed.data;
  }
  return out;
}

/** The edit's PNG as the leaky model answers it: leaked outside `mask` (the request's, if any), then resized. */
export async function leak(png: Buffer, mask: Uint8Array | null, model: LeakyModel, seed: number): Promise<Buffer> {
  if (model.fraction === 0) return model.size ? stretch(sharp(png), model.size) : png;
  const img = await decodeRaw(png);
  const weights = mask ? maskWeights(await decodeRaw(sharp(mask).resize(img.width, img.height, { fit: 'fill', kernel: 'nearest' }))) : null;
  perturb(img.data, weights, model.fraction, createRng(hashSeed('leak', seed)));
  return model.size ? stretch(sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }), model.size) : encodePng(img);
}

const stretch = (image: Sharp, size: { width: number; height: number }) =>
  image.resize(size.width, size.height, { fit: 'fill' }).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();

/**
 * Moves each colour channel of about `fraction` of the pixels whose weight is 0 (of every pixel
 * without weights) by 40 to 79 levels, towards the middle so that nothing clips: any such pixel
 * then differs from the exact one by more than 12 in every channel, and no other pixel changes.
 * The pixels are picked by geometric gaps between hits (a Bernoulli draw per pixel, at one random
 * number per hit): a 4096² picture costs one pass over its bytes.
 */
export function perturb(data: Buffer, weights: Uint8Array | null, fraction: number, rng: () => number): void {
  const logMiss = Math.log1p(-fraction);
  const gap = () => (fraction >= 1 ? 0 : Math.floor(Math.log(1 - rng()) / logMiss));
  let skip = gap();
  for (let p = 0, i = 0; i < data.length; p++, i += 4) {
    if (weights && weights[p] !== 0) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    const amount = 40 + Math.floor(rng() * 40);
    for (let c = i; c < i + 3; c++) data[c] = data[c] < 128 ? data[c] + amount : data[c] - amount;
    skip = gap();
  }
}
