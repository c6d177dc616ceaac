// Google's Gemini API through the AI SDK (`generateImage` over `:generateContent`): Gemini image
// models ("Nano Banana") generate, and edit from a picture and an instruction, with no mask.
// Imagen is not here: Google shut its `:predict` endpoint down on 2026-08-17 and @ai-sdk/google
// dropped it (4.0.49, "Google image models other than Gemini are no longer supported").
// Gemini takes an aspect ratio, not a size: each ratio has one native size (at its default 1K).
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { APICallError, generateImage, LoadAPIKeyError, NoImageGeneratedError } from 'ai';
import { ProviderFailure, type EditCall, type GenerateCall, type ModelCapabilities, type ProviderDefinition } from './types';
import { asPng, parseJson, redact, retryAfterSeconds } from './wire';

/**
 * Gemini 3 image models' 1K size for each aspect ratio (the table Google publishes for Gemini 3 Pro
 * Image; gemini-3.1-flash-image makes the same, and also takes 1:4, 4:1, 1:8 and 8:1).
 */
const GEMINI_3_SIZES: Record<string, string> = {
  '1:1': '1024x1024',
  '2:3': '848x1264',
  '3:2': '1264x848',
  '3:4': '896x1200',
  '4:3': '1200x896',
  '4:5': '928x1152',
  '5:4': '1152x928',
  '9:16': '768x1376',
  '16:9': '1376x768',
  '21:9': '1584x672',
};

const MODEL = 'gemini-3.1-flash-image';
const image: ModelCapabilities = { kind: 'image', sizes: Object.values(GEMINI_3_SIZES), maxN: 1, transparency: false, seed: false };

export const google: ProviderDefinition = {
  id: 'google',
  name: 'Google',
  baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
  keyEnv: 'GOOGLE_GENERATIVE_AI_API_KEY',
  models: {
    // One model both makes and edits (Google's replacement for Imagen 4 and for gemini-2.5-flash-image, shut down 2026-10-02).
    [MODEL]: image,
    // No mask: what to change is said in words, so local changes and removals are not offered.
    [`${MODEL}/edit`]: { ...image, kind: 'edit', model: MODEL, mask: 'none', editKinds: ['style', 'background', 'add'] },
  },
  adapter({ baseUrl, apiKey }) {
    const provider = createGoogleGenerativeAI({ baseURL: baseUrl, apiKey });
    /** Gemini makes one picture a request: for n > 1 `generateImage` sends n of them (maxN is 1, so the layer does not ask). */
    const run = async (call: GenerateCall | EditCall, prompt: string | { text: string; images: Buffer[] }, n: number) => {
      try {
        const result = await generateImage({
          model: provider.image(call.model),
          prompt,
          n,
          aspectRatio: aspectRatioOf(call.width, call.height),
          ...(call.seed === undefined ? {} : { seed: call.seed }),
          // The layer owns retries (and a rate limit's Retry-After).
          maxRetries: 0,
          abortSignal: call.signal,
        });
        // Pictures come back inline (base64), never as URLs: nothing to download, so the SDK's refusal to
        // fetch loopback or private addresses never comes into play.
        return await Promise.all(result.images.map((file) => asPng(file.uint8Array, 'Google', call)));
      } catch (error) {
        throw failed(error, call.signal, apiKey);
      }
    };
    return {
      generate: (call) => run(call, call.prompt, call.n),
      // call.mask is always null here: the model's mask convention is 'none'.
      edit: async (call) => (await run(call, { text: call.prompt, images: [call.image] }, 1))[0],
    };
  },
};

const RATIOS = Object.keys(GEMINI_3_SIZES).map((ratio) => {
  const [w, h] = ratio.split(':').map(Number);
  return { ratio: ratio as `${number}:${number}`, log: Math.log(w / h) };
});

/** The ratio Gemini is asked for: the one nearest the size (exact for its native sizes, which are rounded to 16 px). */
function aspectRatioOf(width: number, height: number): `${number}:${number}` {
  const want = Math.log(width / height);
  return RATIOS.reduce((best, r) => (Math.abs(r.log - want) < Math.abs(best.log - want) ? r : best)).ratio;
}

const SAFETY = new Set(['SAFETY', 'IMAGE_SAFETY', 'PROHIBITED_CONTENT', 'IMAGE_PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'RECITATION', 'IMAGE_RECITATION']);

/** Google's failures in decisions.md row 19's terms: its google.rpc status and details, then the HTTP status. */
function failed(error: unknown, signal: AbortSignal, apiKey: string): ProviderFailure {
  const scrub = (message: string) => redact(message, apiKey);
  if (signal.aborted) return new ProviderFailure('timeout', 'Google did not answer in time.');
  if (error instanceof ProviderFailure) return error;
  if (LoadAPIKeyError.isInstance(error)) return new ProviderFailure('provider_auth', 'Google: no API key.');
  if (NoImageGeneratedError.isInstance(error)) {
    // Gemini answered, but with no picture: a safety block of the prompt or of the picture it made, or only words.
    for (const call of error.calls ?? []) {
      const meta = (call.providerMetadata?.google ?? {}) as {
        finishReason?: string | null;
        finishMessage?: string | null;
        promptFeedback?: { blockReason?: string | null } | null;
      };
      const reason = meta.promptFeedback?.blockReason ?? meta.finishReason ?? '';
      if (meta.promptFeedback?.blockReason || SAFETY.has(reason)) {
        return new ProviderFailure('content_policy', scrub(`Google refused the request (${reason})${meta.finishMessage ? `: ${meta.finishMessage}` : '.'}`));
      }
    }
    return new ProviderFailure('provider_error', 'Google answered without a picture.');
  }
  if (!APICallError.isInstance(error)) return new ProviderFailure('provider_error', scrub(`Google failed: ${(error as Error).message}`));
  const body = parseJson(error.responseBody) as { error?: { message?: string; status?: string; details?: Array<Record<string, unknown>> } } | undefined;
  const status = body?.error?.status ?? '';
  const message = scrub(body?.error?.message ?? error.message);
  const details = body?.error?.details ?? [];
  if (error.statusCode === 429 || status === 'RESOURCE_EXHAUSTED') {
    return new ProviderFailure('rate_limited', `Google is rate limiting: ${message}`, retryAfter(error.responseHeaders, details));
  }
  // A bad key is a 400 whose ErrorInfo says API_KEY_INVALID; a missing or unauthorised one is a 401 or 403.
  if (error.statusCode === 401 || error.statusCode === 403 || details.some((d) => d.reason === 'API_KEY_INVALID')) {
    return new ProviderFailure('provider_auth', `Google refused the operator's API key: ${message}`);
  }
  return new ProviderFailure('provider_error', `Google answered ${error.statusCode ?? 'an error'}${status ? ` ${status}` : ''}: ${message}`);
}

/** Seconds to wait: a Retry-After header, or else the RetryInfo detail's retryDelay ("37s", "0.5s"). */
function retryAfter(headers: Record<string, string> | undefined, details: Array<Record<string, unknown>>): number | undefined {
  const header = retryAfterSeconds(headers?.['retry-after']);
  if (header !== undefined) return header;
  const delay = details.find((d) => d['@type'] === 'type.googleapis.com/google.rpc.RetryInfo')?.retryDelay;
  const seconds = typeof delay === 'string' ? Number.parseFloat(delay) : Number.NaN;
  return Number.isFinite(seconds) ? Math.ceil(seconds) : undefined;
}
