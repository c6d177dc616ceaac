// Kling AI (可灵) text-to-video through its own HTTP API, with fetch. Kling signs nothing with the key
// itself: every call carries a JWT (HS256) the operator's access key issues and its secret key signs,
// valid 30 minutes, kept here until shortly before it runs out. A task is created with
// POST /v1/videos/text2video and read with GET /v1/videos/text2video/{task_id}; its state is
// data.task_status, never the answer's outer `message`, which says "SUCCEED" even for a failed task.
// Kling documents no cancel, and signs no callback (its body is the task, as a poll reads it).
import { createHmac } from 'node:crypto';
import { ProviderFailure, type ProviderDefinition, type Resolution, type VideoOnlyAdapter, type VideoState } from './types';
import { guarded, readAnswer, redact, retryAfterSeconds } from './wire';

const TEXT2VIDEO_PATH = '/v1/videos/text2video';

/** Kling's own example token lives 30 minutes and starts 5 s back (clock skew). */
const TOKEN_SECONDS = 1800;
const TOKEN_SKEW_SECONDS = 5;
/** A cached token is replaced this long before it expires, so no call goes out with one about to die. */
const TOKEN_RENEW_SECONDS = 300;

export const kling: ProviderDefinition<VideoOnlyAdapter> = {
  id: 'kling',
  name: 'Kling AI',
  // China (Beijing), the console at app.klingai.com/cn; the global one is https://api-singapore.klingai.com
  // (formerly https://api.klingai.com). Keys of one do not work at the other.
  baseUrl: 'https://api-beijing.klingai.com',
  keyEnv: 'KLING_ACCESS_KEY',
  secretEnv: 'KLING_SECRET_KEY',
  models: {
    // Text-to-video in pro mode only (Kling's capability map), so 1080p only; 5 s unless asked for 10.
    // No sound (V2.6 and later make it), no seed in Kling's API at all.
    'kling-v2-1-master': {
      kind: 'video',
      durations: [5, 10],
      defaultDuration: 5,
      resolutions: ['1080p'],
      aspectRatios: ['16:9', '9:16', '1:1'],
      audio: false,
      seed: false,
    },
  },
  adapter({ baseUrl, apiKey: accessKey, secret }) {
    let cached: { token: string; renewAt: number } | undefined;
    const token = () => {
      if (!secret) throw new ProviderFailure('provider_auth', 'Kling needs the secret half of its key pair (KLING_SECRET_KEY).');
      if (!cached || Date.now() >= cached.renewAt) {
        const now = Math.floor(Date.now() / 1000);
        cached = { token: klingToken(accessKey, secret, now), renewAt: (now + TOKEN_SECONDS - TOKEN_RENEW_SECONDS) * 1000 };
      }
      return cached.token;
    };

    /** Neither half of the pair, nor the token (it spells out the access key), ever leaves in a message. */
    const scrub = (message: string) => [cached?.token ?? '', secret ?? '', accessKey].reduce(redact, message);
    const guard = guarded('Kling', scrub);

    async function api(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: unknown): Promise<any> {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const { text, json } = await readAnswer(res, "Kling's answer");
      // Kling answers its errors with an HTTP status and a service code; code 0 is the only success.
      if (!res.ok || (json?.code !== undefined && json.code !== 0)) {
        throw failed(res.status, json?.code, json?.message ?? text.slice(0, 200), res.headers.get('retry-after'));
      }
      if (json === undefined) throw new ProviderFailure('provider_error', `Kling answered ${res.status} with no JSON.`);
      return json;
    }

    return {
      video: {
        submit: (call) =>
          guard(call.signal, async () => {
            const created = await api('POST', TEXT2VIDEO_PATH, call.signal, {
              model_name: call.model,
              prompt: call.prompt,
              mode: modeOf(call.resolution),
              aspect_ratio: call.aspectRatio,
              // A string, as Kling documents it ("5" or "10").
              duration: String(call.duration),
              ...(call.callbackUrl ? { callback_url: call.callbackUrl } : {}),
            });
            const id: unknown = created?.data?.task_id;
            if (typeof id !== 'string' || id === '') throw new ProviderFailure('provider_error', 'Kling created no task.');
            return id;
          }),
        poll: (task, signal) =>
          guard(signal, async () => translateKlingTask((await api('GET', `${TEXT2VIDEO_PATH}/${encodeURIComponent(task.id)}`, signal)).data)),
      },
    };
  },
};

/** Kling's API token: a JWT its access key issues (`iss`) and its secret key signs with HMAC-SHA256. */
export function klingToken(accessKey: string, secretKey: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: accessKey, exp: nowSeconds + TOKEN_SECONDS, nbf: nowSeconds - TOKEN_SKEW_SECONDS })}`;
  return `${unsigned}.${createHmac('sha256', secretKey).update(unsigned).digest('base64url')}`;
}

/** std makes 720p, pro 1080p (Kling's text-to-video reference); Kling has no 480p. */
const modeOf = (resolution: Resolution) => (resolution === '1080p' ? 'pro' : 'std');

/**
 * Words Kling's moderation uses for a task it stops: "Failure to pass the risk control system" as it
 * answers, "content risk control" as its documentation puts it; the Beijing console's Chinese (风控,
 * 内容安全) in case its answers are localised.
 */
const MODERATION = /risk control|content security|风控|内容安全|安全策略/i;

/**
 * A Kling task (a poll's `data`, or a callback's body) in the interface's three states (row 6). Only
 * `task_status` says how it went and only `task_status_msg` why it failed; unknown words are `processing`.
 */
export function translateKlingTask(task: any): VideoState {
  switch (task?.task_status) {
    case 'succeed': {
      const url: unknown = task.task_result?.videos?.[0]?.url;
      if (typeof url === 'string' && url !== '') return { status: 'completed', url };
      return { status: 'failed', reason: 'provider_error', message: 'the task succeeded without a video' };
    }
    case 'failed': {
      const message = typeof task.task_status_msg === 'string' && task.task_status_msg !== '' ? task.task_status_msg : 'the task failed';
      return { status: 'failed', reason: MODERATION.test(message) ? 'content_policy' : 'provider_error', message };
    }
    // submitted, processing, and anything Kling may add.
    default:
      return { status: 'processing' };
  }
}

/**
 * Kling's failures in decisions.md row 19's terms, by its service codes first (its error-code table),
 * then by HTTP status. Its account exceptions (1100 account, 1101 arrears, 1102 resource pack spent,
 * 1103 no access to the model) and 1304 (IP allow-list) come as 429s and 403s but are the operator's
 * to fix, not a rate to wait out: they are provider_auth, like a refused key.
 */
function failed(status: number, code: number | undefined, message: string, retryAfter: string | null): ProviderFailure {
  const text = code === undefined ? message : `${code} ${message}`;
  if ((code !== undefined && code >= 1000 && code <= 1004) || status === 401) {
    return new ProviderFailure('provider_auth', `Kling refused the operator's key pair: ${text}`);
  }
  if ((code !== undefined && code >= 1100 && code <= 1103) || code === 1304) {
    return new ProviderFailure('provider_auth', `Kling refused the operator's account: ${text}`);
  }
  if (code === 1301) return new ProviderFailure('content_policy', text);
  if (code === 1302 || code === 1303 || status === 429) {
    return new ProviderFailure('rate_limited', `Kling is rate limiting: ${text}`, retryAfterSeconds(retryAfter));
  }
  return new ProviderFailure('provider_error', `Kling answered ${status}: ${text}`);
}
