// fal through the AI SDK (`@ai-sdk/fal`, which calls fal's synchronous `POST {baseUrl}/{app}`):
// FLUX.1 [schnell] at fal's preset sizes, and FLUX.1 [pro] Fill for masked edits (a greyscale mask,
// white = fill, sent with the image as data URIs). The SDK downloads the result URLs at once.
import { createFal } from '@ai-sdk/fal';
import { APICallError, generateImage, type GenerateImageResult } from 'ai';
import { ProviderFailure, type ModelCapabilities, type ProviderDefinition } from './types';
import { asPng, openMask, parseJson, redact, retryAfterSeconds } from './wire';

/** fal's `image_size` presets (square_hd, square, portrait_4_3, portrait_16_9, landscape_4_3, landscape_16_9), sent as width and height. */
const SIZES = ['1024x1024', '512x512', '768x1024', '576x1024', '1024x768', '1024x576'];

const fill: ModelCapabilities = {
  kind: 'edit',
  // Fill answers at the input's size. fal documents no largest size: 2048 px is our bound.
  sizes: null,
  maxSide: 2048,
  maxN: 1,
  transparency: false,
  seed: true,
  mask: 'white',
  editKinds: ['local', 'remove', 'add'],
};

export const fal: ProviderDefinition = {
  id: 'fal',
  name: 'fal',
  baseUrl: 'https://fal.run',
  keyEnv: 'FAL_KEY',
  models: {
    'fal-ai/flux/schnell': { kind: 'image', sizes: SIZES, maxN: 4, transparency: false, seed: true },
    'fal-ai/flux-pro/v1/fill': fill,
  },
  adapter({ baseUrl, apiKey }) {
    const provider = createFal({ apiKey, baseURL: baseUrl });
    const endpoint = (model: string) => `${baseUrl.replace(/\/+$/, '')}/${model}`;
    return {
      async generate(call) {
        const result = await generateImage({
          model: provider.image(call.model),
          prompt: call.prompt,
          n: call.n,
          // The SDK asks fal for one image per call by default: n calls with one seed would make n copies.
          maxImagesPerCall: call.n,
          size: `${call.width}x${call.height}`,
          seed: call.seed,
          providerOptions: { fal: { outputFormat: 'png' } },
          maxRetries: 0,
          abortSignal: call.signal,
        }).catch((error) => failed(error, call.signal, endpoint(call.model), apiKey));
        refusedIfNsfw(result);
        return Promise.all(result.images.map((file) => asPng(file.uint8Array, 'fal')));
      },
      async edit(call) {
        // Fill needs a mask: without one (an addition placed nowhere in particular) the whole picture is open.
        const mask = call.mask ?? (await openMask(call.width, call.height));
        // No `size`: Fill answers at the input's size and its schema has no image_size.
        const result = await generateImage({
          model: provider.image(call.model),
          prompt: { text: call.prompt, images: [call.image], mask },
          seed: call.seed,
          providerOptions: { fal: { outputFormat: 'png' } },
          maxRetries: 0,
          abortSignal: call.signal,
        }).catch((error) => failed(error, call.signal, endpoint(call.model), apiKey));
        refusedIfNsfw(result);
        return asPng(result.images[0].uint8Array, 'fal');
      },
    };
  },
};

/** FLUX's safety checker answers black pictures flagged in `has_nsfw_concepts`, which the SDK puts in each file's metadata. */
function refusedIfNsfw(result: GenerateImageResult) {
  if (result.images.some((file) => file.providerMetadata?.fal?.nsfw === true)) {
    throw new ProviderFailure('content_policy', "fal's safety checker flagged the picture as NSFW.");
  }
}

/**
 * fal's failures in decisions.md row 19's terms. Model errors are `{detail: [{type, msg}]}` (a content
 * refusal is typed `content_policy_violation`), request errors `{detail: "…"}`. Only the app's own
 * endpoint speaks for the key: a result URL that fails (expired, 403) is a provider error.
 */
function failed(error: unknown, signal: AbortSignal, endpoint: string, apiKey: string): never {
  const scrub = (text: string) => redact(text, apiKey);
  if (signal.aborted) throw new ProviderFailure('timeout', 'fal did not answer in time.');
  if (error instanceof ProviderFailure) throw error;
  if (!APICallError.isInstance(error)) throw new ProviderFailure('provider_error', scrub(`fal failed: ${(error as Error).message}`));
  if (error.url !== endpoint) throw new ProviderFailure('provider_error', `fal's result file could not be downloaded (HTTP ${error.statusCode ?? '?'}).`);
  const detail = parseJson(error.responseBody)?.detail;
  const errors: Array<{ type?: string; msg?: string }> = Array.isArray(detail) ? detail : [];
  const message = scrub(typeof detail === 'string' ? detail : errors.map((e) => e.msg).join('; ') || error.message);
  if (error.statusCode === 429)
    throw new ProviderFailure('rate_limited', `fal is rate limiting: ${message}`, retryAfterSeconds(error.responseHeaders?.['retry-after']));
  if (error.statusCode === 401 || error.statusCode === 403) throw new ProviderFailure('provider_auth', `fal refused the operator's key: ${message}`);
  if (errors.some((e) => e.type === 'content_policy_violation')) throw new ProviderFailure('content_policy', message);
  throw new ProviderFailure('provider_error', `fal answered ${error.statusCode ?? 'an error'}: ${message}`);
}
