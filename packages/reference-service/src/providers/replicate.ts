// Replicate through the AI SDK (`@ai-sdk/replicate`): it creates a prediction on an official model
// (`POST {baseUrl}/models/{owner}/{name}/predictions`, `Prefer: wait`), polls `urls.get` until it
// succeeds or fails, and downloads the output URLs at once (Replicate deletes them after an hour).
// FLUX [schnell] takes an aspect ratio, not a size; bria/genfill takes `image` and `mask` (white = fill).
// Videos (Seedance 1.0 Pro) are predictions too, made with plain fetch: the SDK's video model waits
// for the end, and the service must keep the prediction id between submit and poll.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReplicate } from '@ai-sdk/replicate';
import { APICallError, generateImage, InvalidResponseDataError } from 'ai';
import { SEEDANCE_1_PRO } from './seedance';
import { ProviderFailure, type ModelCapabilities, type ProviderDefinition, type VideoAdapter, type VideoState } from './types';
import { asPng, openMask, guarded, parseJson, redact, retryAfterSeconds, readAnswer } from './wire';

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

/** Seedance 1.0 Pro (its Replicate input schema): duration an integer 2 to 12, 5 by default; silent. */
export const REPLICATE_SEEDANCE = 'bytedance/seedance-1-pro';

export const replicate: ProviderDefinition = {
  id: 'replicate',
  name: 'Replicate',
  baseUrl: 'https://api.replicate.com/v1',
  keyEnv: 'REPLICATE_API_TOKEN',
  models: {
    'black-forest-labs/flux-schnell': { kind: 'image', sizes: Object.keys(FLUX_ASPECTS), maxN: 4, transparency: false, seed: true },
    'bria/genfill': genfill,
    [REPLICATE_SEEDANCE]: SEEDANCE_1_PRO,
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
      video: replicateVideo(api, apiKey),
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
  throw failureOf(error.statusCode, parseJson(error.responseBody), error.message, error.responseHeaders?.['retry-after'], apiKey);
}

/** An error answer from Replicate's API (the SDK's or fetch's) as a ProviderFailure whose message cannot hold the key. */
function failureOf(status: number | undefined, body: any, fallback: string, retryAfter: string | null | undefined, apiKey: string): ProviderFailure {
  const message = redact((body as { detail?: string } | undefined)?.detail ?? fallback, apiKey);
  if (status === 429) {
    // Replicate says when in its words ("resets in ~30s") when no Retry-After header comes with it.
    const inWords = /resets in ~?(\d+)\s*s/i.exec(message);
    return new ProviderFailure(
      'rate_limited',
      `Replicate is rate limiting: ${message}`,
      retryAfterSeconds(retryAfter) ?? (inWords ? Number(inWords[1]) : undefined),
    );
  }
  if (status === 401 || status === 403) return new ProviderFailure('provider_auth', `Replicate refused the operator's token: ${message}`);
  return new ProviderFailure('provider_error', `Replicate answered ${status ?? 'an error'}: ${message}`);
}

// --- Videos: predictions polled by id ------------------------------------------------------------

/** How far a webhook's timestamp may be from now, either way (Standard Webhooks' replay window). */
const WEBHOOK_LEEWAY_S = 300;

function replicateVideo(api: string, apiKey: string): VideoAdapter {
  const guard = guarded('Replicate', (message) => redact(message, apiKey));
  async function call(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: unknown): Promise<any> {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const { text, json } = await readAnswer(res, "Replicate's answer");
    if (!res.ok) throw failureOf(res.status, json, text.slice(0, 200) || `HTTP ${res.status}`, res.headers.get('retry-after'), apiKey);
    return json;
  }
  // The account's signing secret, read once (Replicate docs, webhooks.default.secret.get); read again after a failure.
  let secret: Promise<string> | undefined;
  const signingSecret = () =>
    (secret ??= call('GET', '/webhooks/default/secret', AbortSignal.timeout(10_000)).then(
      (body) => {
        if (typeof body?.key !== 'string') throw new Error('Replicate answered no signing secret');
        return body.key as string;
      },
      (error) => {
        secret = undefined;
        throw error;
      },
    ));
  const predictionPath = (id: string) => `/predictions/${encodeURIComponent(id)}`;

  return {
    submit: (video) =>
      guard(video.signal, async () => {
        const prediction = await call('POST', `/models/${video.model}/predictions`, video.signal, {
          input: {
            prompt: video.prompt,
            // Seedance on Replicate takes whole seconds as an integer.
            duration: video.duration,
            resolution: video.resolution,
            aspect_ratio: video.aspectRatio,
            ...(video.seed === undefined ? {} : { seed: video.seed }),
          },
          // Only the end matters: the callback is a nudge to poll.
          ...(video.callbackUrl ? { webhook: video.callbackUrl, webhook_events_filter: ['completed'] } : {}),
        });
        if (typeof prediction?.id !== 'string') throw new ProviderFailure('provider_error', 'Replicate created no prediction.');
        return prediction.id as string;
      }),
    poll: (task, signal) =>
      guard(signal, async () => {
        const state = translateReplicatePrediction(await call('GET', predictionPath(task.id), signal));
        return state.status === 'failed' ? { ...state, message: redact(state.message, apiKey) } : state;
      }),
    cancel: (task, signal) => guard(signal, async () => void (await call('POST', `${predictionPath(task.id)}/cancel`, signal))),
    verifyCallback: async ({ headers, body }) => {
      try {
        return verifyReplicateWebhook(await signingSecret(), headers, body);
      } catch {
        return false;
      }
    },
  };
}

/**
 * A prediction in the interface's terms (Replicate docs, Prediction lifecycle): starting and
 * processing are processing, with the last percentage a model's progress bar wrote in the logs;
 * succeeded is its output (a URL, or the first of a list) and the seconds of video Replicate bills
 * (`metrics.video_output_duration_seconds`); failed is the model's error (a content refusal is
 * content_policy); canceled (by us or at its deadline) and aborted (its deadline passed before it
 * started) are cancelled. A word Replicate has not documented is still processing (row 6).
 */
export function translateReplicatePrediction(prediction: any): VideoState {
  switch (prediction?.status) {
    case 'starting':
    case 'processing': {
      const progress = progressOf(prediction.logs);
      return progress === undefined ? { status: 'processing' } : { status: 'processing', progress };
    }
    case 'succeeded': {
      const output: unknown = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
      if (typeof output !== 'string') return { status: 'failed', reason: 'provider_error', message: 'the prediction succeeded without an output' };
      const seconds: unknown = prediction.metrics?.video_output_duration_seconds;
      return typeof seconds === 'number' ? { status: 'completed', url: output, usage: { videoSeconds: seconds } } : { status: 'completed', url: output };
    }
    case 'failed': {
      const error = typeof prediction.error === 'string' && prediction.error ? prediction.error : 'the prediction failed';
      return { status: 'failed', reason: REFUSAL.test(error) ? 'content_policy' : 'provider_error', message: error };
    }
    case 'canceled':
      return { status: 'failed', reason: 'cancelled', message: 'the prediction was canceled' };
    case 'aborted':
      return { status: 'failed', reason: 'cancelled', message: 'the prediction passed its deadline before it started' };
    default:
      return { status: 'processing' };
  }
}

/** The last percentage a progress bar (tqdm: " 45%|████▌     | 9/20") wrote in a prediction's logs. */
export function progressOf(logs: unknown): number | undefined {
  if (typeof logs !== 'string') return undefined;
  const last = [...logs.matchAll(/(\d{1,3})%\|/g)].at(-1);
  return last ? Math.min(100, Number(last[1])) : undefined;
}

/**
 * Whether a webhook comes from Replicate (Replicate docs, Verify webhooks; the Standard Webhooks
 * scheme): webhook-signature holds "v1,<base64 HMAC-SHA256 of `id.timestamp.body`>" entries, keyed by
 * the base64 after the secret's `whsec_`, and webhook-timestamp is within five minutes of now.
 */
export function verifyReplicateWebhook(secret: string, headers: Headers, body: string, now = Date.now()): boolean {
  const [id, timestamp, signatures] = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => headers.get(h));
  if (!id || !timestamp || !signatures || !secret.startsWith('whsec_')) return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_LEEWAY_S) return false;
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
