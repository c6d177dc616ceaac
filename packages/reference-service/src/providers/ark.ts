// Volcengine Ark (火山方舟) through its own HTTP API, with fetch: Seedance text-to-video as a
// content-generation task (POST /contents/generations/tasks, then GET …/tasks/{id}; DELETE cancels a
// task that is still queued). The video's specification goes as body fields (resolution, ratio,
// duration, seed, watermark, generate_audio), as Ark's own SDK sends them, not as the older `--rs 720p`
// text commands appended to the prompt: a field a model does not take is refused (InvalidParameter),
// where a command may be silently ignored. Callbacks carry the task as GET shows it, unsigned. No images.
import { z } from 'zod';
import { SEEDANCE_1_PRO } from './seedance';
import { ProviderFailure, type ProviderDefinition, type VideoCall, type VideoModelCapabilities, type VideoOnlyAdapter, type VideoState } from './types';
import { guarded, readAnswer, redact, retryAfterSeconds } from './wire';

const seconds = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const MODELS: Record<string, VideoModelCapabilities> = {
  // Its default resolution is 1080p, but ours is always sent.
  'doubao-seedance-1-0-pro-250528': SEEDANCE_1_PRO,
  // Makes a soundtrack (on by default); 4 to 12 seconds; no 1080p.
  'doubao-seedance-1-5-pro-251215': {
    kind: 'video',
    durations: seconds(4, 12),
    defaultDuration: 5,
    resolutions: ['480p', '720p'],
    aspectRatios: ['16:9', '9:16', '1:1'],
    audio: true,
    seed: true,
  },
};

export const ark: ProviderDefinition<VideoOnlyAdapter> = {
  id: 'ark',
  name: 'Volcengine Ark',
  // China (Beijing); BytePlus ModelArk's international root is https://ark.ap-southeast.bytepluses.com/api/v3 (its keys are its own).
  baseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
  keyEnv: 'ARK_API_KEY',
  models: MODELS,
  adapter({ baseUrl, apiKey }) {
    /** Every failure leaves here as a ProviderFailure whose message cannot hold the key, whoever wrote it. */
    const scrub = (message: string) => redact(message, apiKey);
    const guard = guarded('Ark', scrub);

    async function api(method: 'GET' | 'POST' | 'DELETE', path: string, signal: AbortSignal, body?: unknown): Promise<any> {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const { text, json } = await readAnswer(res, "Ark's answer");
      if (!res.ok) throw failed(res.status, json?.error?.code, json?.error?.message ?? text.slice(0, 200), res.headers.get('retry-after'));
      return json;
    }

    const taskPath = (id: string) => `/contents/generations/tasks/${encodeURIComponent(id)}`;

    return {
      video: {
        submit: (call) =>
          guard(call.signal, async () => {
            const created = await api('POST', '/contents/generations/tasks', call.signal, arkTaskBody(call));
            if (typeof created?.id !== 'string' || created.id === '') throw new ProviderFailure('provider_error', 'Ark created no task.');
            return created.id;
          }),
        poll: (task, signal) =>
          guard(signal, async () => {
            const state = translateArkTask(await api('GET', taskPath(task.id), signal));
            return state.status === 'failed' ? { ...state, message: scrub(state.message) } : state;
          }),
        // Ark cancels a queued task only: a running one answers an error (thrown, so the caller knows it runs on),
        // and a finished one is deleted (its record and video URL go).
        cancel: (task, signal) => guard(signal, async () => void (await api('DELETE', taskPath(task.id), signal))),
      },
    };
  },
};

/** The body that creates a Seedance task for a call: text-to-video, no watermark, ours the seed and sound. */
export function arkTaskBody(call: Omit<VideoCall, 'signal'>): Record<string, unknown> {
  return {
    model: call.model,
    content: [{ type: 'text', text: call.prompt }],
    resolution: call.resolution,
    ratio: call.aspectRatio,
    duration: call.duration,
    // Ark's seeds are [-1, 2^32 − 1] (-1: random); ours are [0, 2^32 − 1], folded only to be safe.
    ...(call.seed === undefined ? {} : { seed: call.seed % 2 ** 32 }),
    watermark: false,
    // A model that makes sound makes it unless told not to; the others take no such field.
    ...(call.audio || makesSound(call.model) ? { generate_audio: call.audio } : {}),
    ...(call.callbackUrl === undefined ? {} : { callback_url: call.callbackUrl }),
  };
}

/** Registered sound models, and by name the Seedance lines that make sound (1.5, 2.x) when an operator adds a version. */
const makesSound = (model: string) => MODELS[model]?.audio === true || /seedance-(1-5|2-)/.test(model);

/** A task as GET (and a callback) carries it: only the fields read here, anything else let through. */
const arkTaskSchema = z.object({
  id: z.string(),
  status: z.string(),
  content: z.object({ video_url: z.string().optional() }).nullish(),
  usage: z.object({ total_tokens: z.number().optional() }).nullish(),
  error: z.object({ code: z.string().optional(), message: z.string().optional() }).nullish(),
});

/**
 * An Ark task in the interface's three states. Its status words are queued, running, succeeded,
 * failed, cancelled (only a queued task can be) and expired (past its execution_expires_after);
 * any other word is still processing (decisions.md row 6). Ark reports no progress.
 */
export function translateArkTask(body: unknown): VideoState {
  const parsed = arkTaskSchema.safeParse(body);
  if (!parsed.success) throw new ProviderFailure('provider_error', 'Ark answered without a task.');
  const task = parsed.data;
  switch (task.status) {
    case 'succeeded': {
      const url = task.content?.video_url;
      if (!url) return { status: 'failed', reason: 'provider_error', message: 'the task succeeded without a video' };
      const tokens = task.usage?.total_tokens;
      return { status: 'completed', url, ...(tokens === undefined ? {} : { usage: { totalTokens: tokens } }) };
    }
    case 'failed': {
      const code = task.error?.code;
      const message = task.error?.message ?? 'the task failed';
      return { status: 'failed', reason: isModeration(code) ? 'content_policy' : 'provider_error', message: code ? `${code}: ${message}` : message };
    }
    case 'cancelled':
      return { status: 'failed', reason: 'cancelled', message: 'the task was cancelled' };
    case 'expired':
      return { status: 'failed', reason: 'provider_error', message: 'the task expired: it was queued or running past its execution_expires_after' };
    default:
      return { status: 'processing' };
  }
}

/** Ark's moderation codes: Input/Output{Text,Image,Video,Audio}SensitiveContentDetected(.…) and the *RiskDetection ones. */
const isModeration = (code: string | undefined) => /SensitiveContentDetected|RiskDetection/.test(code ?? '');

/** Ark's failures in decisions.md row 19's terms: its error codes first, then the HTTP status. */
function failed(status: number, code: string | undefined, message: string, retryAfter: string | null): ProviderFailure {
  const text = code ? `${code}: ${message}` : message;
  // RateLimitExceeded.* (RPM/TPM) and QuotaExceeded (the free quota spent) are both 429s.
  if (status === 429 || /^(RateLimitExceeded|QuotaExceeded)/.test(code ?? ''))
    return new ProviderFailure('rate_limited', `Ark is rate limiting: ${text}`, retryAfterSeconds(retryAfter));
  if (isModeration(code)) return new ProviderFailure('content_policy', text);
  // 401 AuthenticationError; 403 AccountOverdueError / AccessDenied are the key's account too. OperationDenied is a task's state.
  if (status === 401 || (status === 403 && !code?.startsWith('OperationDenied')))
    return new ProviderFailure('provider_auth', `Ark refused the operator's API key: ${text}`);
  return new ProviderFailure('provider_error', `Ark answered ${status}: ${text}`);
}
