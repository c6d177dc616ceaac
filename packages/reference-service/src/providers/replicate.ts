// Replicate through the AI SDK (`@ai-sdk/replicate`): it creates a prediction on an official model
// (`POST {baseUrl}/models/{owner}/{name}/predictions`, `Prefer: wait`), polls `urls.get` until it
// succeeds or fails, and downloads the output URLs at once (Replicate deletes them after an hour).
// FLUX [schnell] takes an aspect ratio, not a size; bria/genfill takes `image` and `mask` (white = fill).
import { createReplicate } from '@ai-sdk/replicate';
import { APICallError, generateImage, InvalidResponseDataError } from 'ai';
import { ProviderFailure, type ModelCapabilities, type ProviderDefinition } from './types';
import { asPng, openMask, parseJson, redact, retryAfterSeconds } from './wire';

/** flux-schnell's aspect ratios and the sizes it renders them at (1 megapixel, replicate/cog-flux). */
const FLUX_ASPECTS: Record<string, string> = {
  '1024x1024': '1:1',
  '1344x768': '16:9',
  '1536x640': '21:9',
  '1216x832': '3:2',
  '832x1216': '2:3',
  '896x1088': '4:5',
  '1088x896': '5:4',
  '896x1152': '3:4',
  '1152x896': '4:3',
  '768x1344': '9:16',
  '640x1536': '9:21',
};

/** Replicate's polling: the SDK's default interval; the layer's deadline (call.signal) ends the wait, not a count. */
const POLLING = { pollIntervalMillis: 500, maxPollAttempts: 1_000_000 };

const genfill: ModelCapabilities = {
  kind: 'edit',
  // Bria answers at the input's size. Replicate documents no largest size: 2048 px is our bound.
  sizes: null,
  maxSide: 2048,
  maxN: 1,
  transparency: false,
  seed: true,
  mask: 'white',
  editKinds: ['local', 'add', 'remove'],
};

export const replicate: ProviderDefinition = {
  id: 'replicate',
  name: 'Replicate',
  baseUrl: 'https://api.replicate.com/v1',
  keyEnv: 'REPLICATE_API_TOKEN',
  models: {
    'black-forest-labs/flux-schnell': { kind: 'image', sizes: Object.keys(FLUX_ASPECTS), maxN: 4, transparency: false, seed: true },
    'bria/genfill': genfill,
  },
  adapter({ baseUrl, apiKey }) {
    const provider = createReplicate({ apiToken: apiKey, baseURL: baseUrl });
    const api = baseUrl.replace(/\/+$/, '');
    return {
      async generate(call) {
        const aspectRatio = FLUX_ASPECTS[`${call.width}x${call.height}`];
        if (!aspectRatio) throw new ProviderFailure('provider_error', `Replicate's ${call.model} has no aspect ratio for ${call.width}x${call.height}.`);
        const result = await generateImage({
          model: provider.image(call.model),
          prompt: call.prompt,
          n: call.n,
          // The SDK asks for one image per prediction by default: n predictions with one seed would make n copies.
          maxImagesPerCall: call.n,
          aspectRatio: aspectRatio as `${number}:${number}`,
          seed: call.seed,
          providerOptions: { replicate: { ...POLLING, output_format: 'png' } },
          maxRetries: 0,
          abortSignal: call.signal,
        }).catch((error) => failed(error, call.signal, api, apiKey));
        return Promise.all(result.images.map((file) => asPng(file.uint8Array, 'Replicate')));
      },
      async edit(call) {
        // genfill needs a mask: without one (an addition placed nowhere in particular) the whole picture is open.
        const mask = call.mask ?? (await openMask(call.width, call.height));
        const result = await generateImage({
          model: provider.image(call.model),
          prompt: { text: call.prompt, images: [call.image], mask },
          seed: call.seed,
          providerOptions: { replicate: POLLING },
          maxRetries: 0,
          abortSignal: call.signal,
        }).catch((error) => failed(error, call.signal, api, apiKey));
        return asPng(result.images[0].uint8Array, 'Replicate');
      },
    };
  },
};

/** A failed prediction whose error is the model's (or Replicate's E005) content refusal. */
const REFUSAL = /nsfw|sensitive|E005/i;

/**
 * Replicate's failures in decisions.md row 19's terms. HTTP errors are problem details (`{detail}`);
 * a prediction that ran and failed carries the model's own `error`, where a content refusal is worded
 * by the model ("NSFW content detected", "flagged as sensitive (E005)"). Only the API (under `api`)
 * speaks for the key: an output URL that fails (deleted, expired) is a provider error.
 */
function failed(error: unknown, signal: AbortSignal, api: string, apiKey: string): never {
  const scrub = (text: string) => redact(text, apiKey);
  if (signal.aborted) throw new ProviderFailure('timeout', 'Replicate did not answer in time.');
  if (error instanceof ProviderFailure) throw error;
  if (InvalidResponseDataError.isInstance(error)) {
    // A prediction that failed or was canceled (or succeeded without output): its own words say which.
    const prediction = error.data as { status?: string; error?: string | null } | undefined;
    const reason = scrub(prediction?.error ?? '');
    if (prediction?.status === 'failed' && REFUSAL.test(reason)) throw new ProviderFailure('content_policy', reason);
    throw new ProviderFailure('provider_error', scrub(error.message));
  }
  if (!APICallError.isInstance(error)) throw new ProviderFailure('provider_error', scrub(`Replicate failed: ${(error as Error).message}`));
  if (!error.url.startsWith(`${api}/`))
    throw new ProviderFailure('provider_error', `Replicate's output file could not be downloaded (HTTP ${error.statusCode ?? '?'}).`);
  const body = parseJson(error.responseBody) as { detail?: string; title?: string } | undefined;
  const message = scrub(body?.detail ?? error.message);
  if (error.statusCode === 429) {
    // Replicate says when in its words ("resets in ~30s") when no Retry-After header comes with it.
    const inWords = /resets in ~?(\d+)\s*s/i.exec(message);
    throw new ProviderFailure(
      'rate_limited',
      `Replicate is rate limiting: ${message}`,
      retryAfterSeconds(error.responseHeaders?.['retry-after']) ?? (inWords ? Number(inWords[1]) : undefined),
    );
  }
  if (error.statusCode === 401 || error.statusCode === 403) throw new ProviderFailure('provider_auth', `Replicate refused the operator's token: ${message}`);
  throw new ProviderFailure('provider_error', `Replicate answered ${error.statusCode ?? 'an error'}: ${message}`);
}
