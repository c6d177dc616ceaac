// The provider layer: a provider-backed model's call made the contract's. Before the call: the size
// (decisions.md row 18: the provider's largest native size of the nearest aspect), the mask in the
// provider's convention, what the model cannot do refused. During: the deadline, one wait on a short
// Retry-After. After: every file in the service's own store at the size asked, every failure in
// row 19's terms.
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import type { EditKind } from '../engines/edit/edit-kind';
import type { EnginePool } from '../engines/pool';
import { ServiceError, invalid } from '../errors';
import type { ProviderBinding } from './registry';
import { ProviderFailure, type MaskConvention, type ModelCapabilities } from './types';
import { asPng } from './wire';

/** A Retry-After this short is waited out once inside the call (when the deadline allows); a longer one is the caller's. */
const WAIT_OUT_RETRY_AFTER_S = 2;

interface Size {
  width: number;
  height: number;
}

/** The size to ask the provider for: its largest native size of the aspect nearest the one asked (row 18). */
export function nativeSize(capabilities: ModelCapabilities, width: number, height: number): Size {
  if (capabilities.sizes === null) {
    // Into [minSide, maxSide]: down when the long side is over, else up when the short side is under.
    const { minSide = 1, maxSide = 4096 } = capabilities;
    const scale = Math.max(width, height) > maxSide ? maxSide / Math.max(width, height) : Math.max(1, minSide / Math.min(width, height));
    const side = (v: number) => Math.min(maxSide, Math.max(minSide, Math.round(v * scale)));
    return { width: side(width), height: side(height) };
  }
  const aspect = Math.log(width / height);
  const sizes = capabilities.sizes.map((s) => {
    const [w, h] = s.split('x').map(Number);
    return { width: w, height: h, off: Math.abs(Math.log(w / h) - aspect) };
  });
  const nearest = Math.min(...sizes.map((s) => s.off));
  const [best] = sizes.filter((s) => s.off - nearest < 1e-9).sort((a, b) => b.width * b.height - a.width * a.height);
  return { width: best.width, height: best.height };
}

/** Refusals before anything runs (row 4): what this model cannot do. */
export function refuseBackground(binding: ProviderBinding, modelId: string, background: string): void {
  if (background === 'transparent' && !binding.capabilities.transparency) {
    throw invalid('invalid_background', `${modelId} (${binding.providerName}) cannot make a transparent background.`, 'background');
  }
}

export function refuseEditKind(binding: ProviderBinding, modelId: string, kind: EditKind, masked: boolean): void {
  const { editKinds = [], mask } = binding.capabilities;
  if (masked && mask === 'none') {
    throw invalid(
      'unsupported_edit_kind',
      `${modelId} (${binding.providerName}) takes no mask: send the edit without one, or pick a model that takes masks.`,
      'mask',
    );
  }
  if (!editKinds.includes(kind)) {
    throw invalid(
      'unsupported_edit_kind',
      `${modelId} (${binding.providerName}) cannot do this kind of edit (${kind}); it does: ${editKinds.join(', ')}.`,
      'prompt',
    );
  }
}

/** A provider's failure as the service answers it (row 19); a batch keeps the code and message in its entry. */
export function serviceErrorOf(failure: ProviderFailure): ServiceError {
  switch (failure.reason) {
    case 'rate_limited': {
      const headers: Record<string, string> = failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) };
      return new ServiceError(429, 'rate_limited', failure.message, null, headers);
    }
    case 'content_policy':
      return new ServiceError(400, 'content_policy', failure.message, 'prompt');
    case 'provider_auth':
      return new ServiceError(502, 'provider_auth', failure.message);
    case 'timeout':
      return new ServiceError(504, 'timeout', failure.message);
    case 'provider_error':
      return new ServiceError(502, 'provider_error', failure.message);
  }
}

/** One call with the deadline as its signal; a short Retry-After is waited out once. */
export async function attempt<T>(providerName: string, deadlineAt: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  for (let waited = false; ; waited = true) {
    const signal = AbortSignal.timeout(Math.max(1, deadlineAt - Date.now()));
    let failure: ProviderFailure;
    try {
      return await call(signal);
    } catch (error) {
      failure =
        error instanceof ProviderFailure
          ? error
          : new ProviderFailure(signal.aborted ? 'timeout' : 'provider_error', `${providerName} failed: ${(error as Error).message}`);
      if (signal.aborted && failure.reason !== 'timeout') failure = new ProviderFailure('timeout', `${providerName} did not answer in time.`);
    }
    const wait = failure.retryAfterSeconds;
    const canWait = failure.reason === 'rate_limited' && !waited && wait !== undefined && wait <= WAIT_OUT_RETRY_AFTER_S;
    if (!canWait || Date.now() + wait * 1000 >= deadlineAt) throw failure;
    await sleep(wait * 1000);
  }
}

/** A provider's picture at the size asked: as it is, scaled down, or up with the service's own upscaler. */
async function toSize(pool: EnginePool, bytes: Buffer, { width, height }: Size, deadlineAt: number): Promise<Buffer> {
  const png = await asPng(bytes, 'The provider');
  const meta = await sharp(png).metadata();
  if (meta.width === width && meta.height === height) return png;
  if (width >= (meta.width ?? 0) && height >= (meta.height ?? 0)) {
    const job = {
      op: 'edit',
      kind: 'upscale',
      quality: 'hd',
      workScale: 1,
      fill: 'auto',
      prompt: 'upscale',
      image: png,
      mask: null,
      width,
      height,
      seed: 0,
      variation: 0,
    } as const;
    return pool.run(job, deadlineAt);
  }
  return sharp(bytes).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).png().toBuffer();
}

export interface ProviderImage {
  png: Buffer;
  /** Known only when the model takes a seed: each image is then its own call with seed + k. */
  seed?: number;
}

export async function providerGenerate(
  pool: EnginePool,
  binding: ProviderBinding,
  request: { prompt: string; width: number; height: number; n: number; seed: number; background: string },
  deadlineAt: number,
): Promise<ProviderImage[]> {
  const { capabilities, adapter, model, providerName } = binding;
  const native = nativeSize(capabilities, request.width, request.height);
  const background = request.background === 'transparent' ? ('transparent' as const) : ('opaque' as const);
  const calls = capabilities.seed
    ? Array.from({ length: request.n }, (_, k) => ({ n: 1, seed: (request.seed + k) % 2 ** 32 }))
    : Array.from({ length: Math.ceil(request.n / capabilities.maxN) }, (_, k) => ({
        n: Math.min(capabilities.maxN, request.n - k * capabilities.maxN),
        seed: undefined,
      }));
  const answers = await Promise.all(
    calls.map(async ({ n, seed }) => {
      const files = await attempt(providerName, deadlineAt, (signal) =>
        adapter.generate({ model, prompt: request.prompt, ...native, n, seed, background, signal }),
      );
      return files.slice(0, n).map((file) => ({ file, seed }));
    }),
  );
  return Promise.all(answers.flat().map(async ({ file, seed }) => ({ png: await toSize(pool, file, request, deadlineAt), seed })));
}

/** Our mask (luminance × alpha = edit weight) in the provider's convention, at the size it renders. */
async function maskFor(convention: MaskConvention, mask: Uint8Array, { width, height }: Size): Promise<Buffer> {
  const weight = sharp(mask).resize(width, height, { fit: 'fill' }).flatten({ background: '#000000' }).greyscale();
  if (convention === 'white') return weight.png().toBuffer();
  // OpenAI's: fully transparent where to edit, opaque where to keep.
  const keep = await weight.negate().raw().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .joinChannel(keep, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

export async function providerEdit(
  pool: EnginePool,
  binding: ProviderBinding,
  request: { prompt: string; kind: EditKind; image: Uint8Array; mask: Uint8Array | null; width: number; height: number; seed: number },
  deadlineAt: number,
): Promise<ProviderImage> {
  const { capabilities, adapter, model, providerName } = binding;
  const original = await sharp(request.image).metadata();
  // The picture is stretched to the native size and the answer back, so each pixel returns where it was.
  const native = nativeSize(capabilities, original.width!, original.height!);
  const image = await sharp(request.image).resize(native.width, native.height, { fit: 'fill' }).png().toBuffer();
  const mask = request.mask && capabilities.mask !== 'none' ? await maskFor(capabilities.mask ?? 'white', request.mask, native) : null;
  const seed = capabilities.seed ? request.seed : undefined;
  const file = await attempt(providerName, deadlineAt, (signal) =>
    adapter.edit!({ model, prompt: request.prompt, kind: request.kind, image, mask, ...native, seed, signal }),
  );
  return { png: await toSize(pool, file, request, deadlineAt), seed };
}
