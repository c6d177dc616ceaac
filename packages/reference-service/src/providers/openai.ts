// OpenAI's GPT image models through the AI SDK (`generateImage`): generations, and edits with a mask
// in OpenAI's convention (alpha 0 = edit; the layer converts ours). Sizes stop at 1536 px: the
// layer renders at the nearest native size and upscales (decisions.md row 18).
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateImage } from 'ai';
import { ProviderFailure, type ModelCapabilities, type ProviderDefinition } from './types';
import { parseJson, retryAfterSeconds } from './wire';

const SIZES = ['1024x1024', '1536x1024', '1024x1536'];
const EDIT_KINDS: ModelCapabilities['editKinds'] = ['background', 'style', 'local', 'remove', 'add'];

const image = (maxN: number): ModelCapabilities => ({ kind: 'image', sizes: SIZES, maxN, transparency: true, seed: false });
const edit = (model: string): ModelCapabilities => ({ ...image(1), kind: 'edit', model, mask: 'alpha', editKinds: EDIT_KINDS });

export const openai: ProviderDefinition = {
  id: 'openai',
  name: 'OpenAI',
  baseUrl: 'https://api.openai.com/v1',
  keyEnv: 'OPENAI_API_KEY',
  models: {
    'gpt-image-1': image(10),
    'gpt-image-1-mini': image(10),
    'gpt-image-1/edit': edit('gpt-image-1'),
    'gpt-image-1-mini/edit': edit('gpt-image-1-mini'),
  },
  adapter({ baseUrl, apiKey }) {
    const provider = createOpenAI({ apiKey, baseURL: baseUrl });
    return {
      async generate(call) {
        const result = await generateImage({
          model: provider.image(call.model),
          prompt: call.prompt,
          n: call.n,
          size: `${call.width}x${call.height}`,
          providerOptions: { openai: { background: call.background, outputFormat: 'png' } },
          maxRetries: 0,
          abortSignal: call.signal,
        }).catch((error) => failed(error, call.signal));
        return result.images.map((file) => Buffer.from(file.uint8Array));
      },
      async edit(call) {
        const result = await generateImage({
          model: provider.image(call.model),
          prompt: { text: call.prompt, images: [call.image], ...(call.mask ? { mask: call.mask } : {}) },
          size: `${call.width}x${call.height}`,
          providerOptions: { openai: { outputFormat: 'png' } },
          maxRetries: 0,
          abortSignal: call.signal,
        }).catch((error) => failed(error, call.signal));
        return Buffer.from(result.images[0].uint8Array);
      },
    };
  },
};

/** OpenAI's failures in decisions.md row 19's terms: its error `code`s, then the HTTP status. */
function failed(error: unknown, signal: AbortSignal): never {
  if (signal.aborted) throw new ProviderFailure('timeout', 'OpenAI did not answer in time.');
  if (!APICallError.isInstance(error)) throw new ProviderFailure('provider_error', `OpenAI failed: ${(error as Error).message}`);
  const body = parseJson(error.responseBody) as { error?: { message?: string; code?: string } } | undefined;
  const message = body?.error?.message ?? error.message;
  const code = body?.error?.code ?? '';
  if (error.statusCode === 429) {
    throw new ProviderFailure('rate_limited', `OpenAI is rate limiting: ${message}`, retryAfterSeconds(error.responseHeaders?.['retry-after']));
  }
  if (error.statusCode === 401 || error.statusCode === 403) throw new ProviderFailure('provider_auth', "OpenAI refused the operator's API key.");
  if (code === 'moderation_blocked' || code === 'content_policy_violation') throw new ProviderFailure('content_policy', message);
  throw new ProviderFailure('provider_error', `OpenAI answered ${error.statusCode ?? 'an error'}: ${message}`);
}
