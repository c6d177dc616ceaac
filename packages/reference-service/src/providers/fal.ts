// fal through the AI SDK (`@ai-sdk/fal`, which calls fal's synchronous `POST {baseUrl}/{app}`):
// FLUX.1 [schnell] at fal's preset sizes, and FLUX.1 [pro] Fill for masked edits (a greyscale mask,
// white = fill, sent with the image as data URIs). The SDK downloads the result URLs at once.
// Videos go through fal's queue (queue.fal.run) with plain fetch: the SDK's video model waits for the
// end, and the service must keep the request id between submit and poll (and across restarts).
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createFal } from '@ai-sdk/fal';
import { APICallError, generateImage, type GenerateImageResult } from 'ai';
import { SEEDANCE_1_PRO } from './seedance';
import { ProviderFailure, type ModelCapabilities, type ProviderDefinition, type VideoAdapter, type VideoState } from './types';
import { asPng, openMask, guarded, parseJson, redact, retryAfterSeconds, readAnswer } from './wire';

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

/** Seedance 1.0 Pro text-to-video (fal's model page): duration a string "2" to "12", "5" by default; silent. */
export const FAL_SEEDANCE = 'fal-ai/bytedance/seedance/v1/pro/text-to-video';

export const fal: ProviderDefinition = {
  id: 'fal',
  name: 'fal',
  baseUrl: 'https://fal.run',
  keyEnv: 'FAL_KEY',
  models: {
    'fal-ai/flux/schnell': { kind: 'image', sizes: SIZES, maxN: 4, transparency: false, seed: true },
    'fal-ai/flux-pro/v1/fill': fill,
    [FAL_SEEDANCE]: SEEDANCE_1_PRO,
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
      video: falVideo(baseUrl, apiKey),
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
  if (signal.aborted) throw new ProviderFailure('timeout', 'fal did not answer in time.');
  if (error instanceof ProviderFailure) throw error;
  if (!APICallError.isInstance(error)) throw new ProviderFailure('provider_error', redact(`fal failed: ${(error as Error).message}`, apiKey));
  if (error.url !== endpoint) throw new ProviderFailure('provider_error', `fal's result file could not be downloaded (HTTP ${error.statusCode ?? '?'}).`);
  throw failureOf(error.statusCode, parseJson(error.responseBody), error.message, error.responseHeaders?.['retry-after'], apiKey);
}

/** An error answer from fal (the SDK's or fetch's) as a ProviderFailure whose message cannot hold the key. */
function failureOf(status: number | undefined, body: any, fallback: string, retryAfter: string | null | undefined, apiKey: string): ProviderFailure {
  const detail = body?.detail;
  const errors: Array<{ type?: string; msg?: string }> = Array.isArray(detail) ? detail : [];
  const message = redact(typeof detail === 'string' ? detail : errors.map((e) => e.msg).join('; ') || fallback, apiKey);
  if (status === 429) return new ProviderFailure('rate_limited', `fal is rate limiting: ${message}`, retryAfterSeconds(retryAfter));
  if (status === 401 || status === 403) return new ProviderFailure('provider_auth', `fal refused the operator's key: ${message}`);
  if (errors.some((e) => e.type === 'content_policy_violation')) return new ProviderFailure('content_policy', message);
  return new ProviderFailure('provider_error', `fal answered ${status ?? 'an error'}: ${message}`);
}

// --- Videos: fal's queue -------------------------------------------------------------------------

/** fal's public keys for its webhook signatures (fal docs, Webhooks: "Verifying your webhook"). */
const FAL_JWKS_URL = 'https://rest.alpha.fal.ai/.well-known/jwks.json';
/** How far a webhook's timestamp may be from now, either way (fal's own examples allow five minutes). */
const WEBHOOK_LEEWAY_S = 300;

/**
 * Where a connection's queue and webhook keys are: real fal's (its https://fal.run becomes
 * https://queue.fal.run), or else the connection's own origin (a fake, a proxy), which serves both.
 */
export function falEndpoints(baseUrl: string): { queue: string; jwks: string } {
  const { hostname, origin } = new URL(baseUrl);
  if (hostname === 'fal.run' || hostname.endsWith('.fal.run')) return { queue: 'https://queue.fal.run', jwks: FAL_JWKS_URL };
  return { queue: origin, jwks: `${origin}/.well-known/jwks.json` };
}

/**
 * The status, result and cancel URLs name only the owner and the app: `fal-ai/bytedance` of
 * `fal-ai/bytedance/seedance/v1/pro/text-to-video` (fal docs, Inference API: "Model IDs and paths").
 */
const appOf = (model: string) => model.split('/').slice(0, 2).join('/');

interface FalAnswer {
  status: number;
  ok: boolean;
  body: any;
  text: string;
  retryAfter: string | null;
}

function falVideo(baseUrl: string, apiKey: string): VideoAdapter {
  const { queue, jwks } = falEndpoints(baseUrl);
  const guard = guarded('fal', (message) => redact(message, apiKey));
  async function send(method: string, url: string, signal: AbortSignal, body?: unknown): Promise<FalAnswer> {
    const res = await fetch(url, {
      method,
      headers: { authorization: `Key ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const { text, json } = await readAnswer(res, "fal's answer");
    return { status: res.status, ok: res.ok, body: json, text, retryAfter: res.headers.get('retry-after') };
  }
  const refused = (answer: FalAnswer) => failureOf(answer.status, answer.body, answer.text.slice(0, 200) || `HTTP ${answer.status}`, answer.retryAfter, apiKey);
  const requestUrl = (task: { model: string; id: string }) => `${queue}/${appOf(task.model)}/requests/${encodeURIComponent(task.id)}`;

  return {
    submit: (call) =>
      guard(call.signal, async () => {
        const webhook = call.callbackUrl ? `?fal_webhook=${encodeURIComponent(call.callbackUrl)}` : '';
        const answer = await send('POST', `${queue}/${call.model}${webhook}`, call.signal, {
          prompt: call.prompt,
          aspect_ratio: call.aspectRatio,
          resolution: call.resolution,
          // Seedance on fal takes whole seconds as a string ("5").
          duration: String(call.duration),
          ...(call.seed === undefined ? {} : { seed: call.seed }),
        });
        if (!answer.ok) throw refused(answer);
        const id: unknown = answer.body?.request_id;
        if (typeof id !== 'string') throw new ProviderFailure('provider_error', 'fal queued no request.');
        return id;
      }),
    poll: (task, signal) =>
      guard(signal, async () => {
        const status = await send('GET', `${requestUrl(task)}/status`, signal);
        if (!status.ok) throw refused(status);
        const state = translateFalStatus(status.body) ?? (await resultOf(task, signal));
        return state.status === 'failed' ? { ...state, message: redact(state.message, apiKey) } : state;
      }),
    cancel: (task, signal) =>
      guard(signal, async () => {
        const answer = await send('PUT', `${requestUrl(task)}/cancel`, signal);
        // 400 ALREADY_COMPLETED, 404: nothing left to cancel.
        if (!answer.ok && answer.status !== 400 && answer.status !== 404) throw refused(answer);
      }),
    verifyCallback: ({ headers, body }) => verifyFalWebhook(jwks, headers, body),
  };

  /** A completed request's result: the model's output, or its error with the failure's own status code. */
  async function resultOf(task: { model: string; id: string }, signal: AbortSignal): Promise<VideoState> {
    const answer = await send('GET', requestUrl(task), signal);
    if (answer.status === 401 || answer.status === 403 || answer.status === 429) throw refused(answer);
    return translateFalResult(answer.status, answer.body);
  }
}

/**
 * A queue status in the interface's terms (fal docs, Queue: IN_QUEUE with its queue_position,
 * IN_PROGRESS with its logs, COMPLETED), or undefined when it is COMPLETED and its result says how it
 * ended. fal gives no progress figure. A word fal has not documented is still processing (row 6).
 */
export function translateFalStatus(body: any): VideoState | undefined {
  switch (body?.status) {
    case 'IN_QUEUE':
    case 'IN_PROGRESS':
      return { status: 'processing' };
    case 'COMPLETED':
      // A request that failed may say so here already (its error and error_type); otherwise its result does.
      return body.error ? failedRequest({ detail: String(body.error), error_type: body.error_type }) : undefined;
    default:
      return { status: 'processing' };
  }
}

/**
 * A completed request's result in the interface's terms: 2xx is the model's output (`video.url`); an
 * error is the request's own (its status code, a model error's `detail` array or a request error's
 * `detail` and `error_type`). "Request is still in progress", or an answer that is no fal error (a
 * gateway's page), is read as still processing: the next poll asks again.
 */
export function translateFalResult(httpStatus: number, body: any): VideoState {
  if (httpStatus >= 200 && httpStatus < 300) {
    const url: unknown = body?.video?.url;
    return typeof url === 'string'
      ? { status: 'completed', url }
      : { status: 'failed', reason: 'provider_error', message: 'the request completed without a video' };
  }
  if (body?.detail === undefined || body.detail === 'Request is still in progress') return { status: 'processing' };
  return failedRequest(body);
}

function failedRequest(body: { detail: unknown; error_type?: unknown }): Extract<VideoState, { status: 'failed' }> {
  const errors: Array<{ type?: string; msg?: string }> = Array.isArray(body.detail) ? body.detail : [];
  const said = typeof body.detail === 'string' ? body.detail : errors.map((e) => e.msg).join('; ') || 'the request failed';
  if (errors.some((e) => e.type === 'content_policy_violation')) return { status: 'failed', reason: 'content_policy', message: said };
  if (body.error_type === 'client_cancelled') return { status: 'failed', reason: 'cancelled', message: said };
  const type = typeof body.error_type === 'string' ? `${body.error_type}: ` : errors[0]?.type ? `${errors[0].type}: ` : '';
  return { status: 'failed', reason: 'provider_error', message: `${type}${said}` };
}

/** fal's public keys, read once a day (and again when none verifies a signature: fal may have rotated them). */
const jwksCache = new Map<string, { keys: JsonWebKey[]; at: number }>();

async function falKeys(url: string, reread = false): Promise<JsonWebKey[]> {
  const cached = jwksCache.get(url);
  if (cached && Date.now() - cached.at < (reread ? 60_000 : 86_400_000)) return cached.keys;
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`fal's JWKS answered ${res.status}`);
  const keys = ((await readAnswer(res, "fal's JWKS")).json as { keys?: JsonWebKey[] } | undefined)?.keys ?? [];
  jwksCache.set(url, { keys, at: Date.now() });
  return keys;
}

/**
 * Whether a webhook comes from fal (fal docs, Webhooks: "Verifying your webhook"): its
 * X-Fal-Webhook-Signature is the hex ED25519 signature of "request id \n user id \n timestamp \n
 * sha256 hex of the body" by one of the keys of fal's JWKS, and its timestamp is within five minutes.
 */
export async function verifyFalWebhook(jwksUrl: string, headers: Headers, body: string, now = Date.now()): Promise<boolean> {
  const [requestId, userId, timestamp, signature] = ['request-id', 'user-id', 'timestamp', 'signature'].map((h) => headers.get(`x-fal-webhook-${h}`));
  if (!requestId || !userId || !timestamp || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_LEEWAY_S) return false;
  const message = Buffer.from([requestId, userId, timestamp, createHash('sha256').update(body).digest('hex')].join('\n'));
  const bytes = Buffer.from(signature, 'hex');
  const signedBy = (keys: JsonWebKey[]) =>
    keys.some((jwk) => {
      try {
        return verify(null, message, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }), bytes);
      } catch {
        return false;
      }
    });
  try {
    return signedBy(await falKeys(jwksUrl)) || signedBy(await falKeys(jwksUrl, true));
  } catch {
    return false;
  }
}
