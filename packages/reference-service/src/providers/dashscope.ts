// Alibaba Cloud Model Studio (DashScope) through its own HTTP API, with fetch: Wan text-to-image and
// Wan image editing are asynchronous tasks (create with `X-DashScope-Async: enable`, then poll
// /api/v1/tasks/{id}); Qwen-Image-Edit answers at once. Results are URLs that live 24 h, so they are
// downloaded before the call returns. Images go up as base64 data URIs: no upload step, and the
// documented limit (10 MB) is far above what the layer sends. Wan text-to-video is the same kind of
// task, but the service keeps its id and polls it itself (the video adapter below: one call each).
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { EditKind } from '../engines/edit/edit-kind';
import {
  ProviderFailure,
  type AspectRatio,
  type EditCall,
  type ProviderDefinition,
  type Resolution,
  type VideoAdapter,
  type VideoCall,
  type VideoModelCapabilities,
  type VideoState,
} from './types';
import { asPng, guarded, PROVIDER_BYTES, readAnswer, readCapped, redact, retryAfterSeconds } from './wire';

/** How often a task is polled: Wan tasks take seconds, so a quarter second costs nothing and wastes no time. */
const POLL_MS = 250;

// Wan takes any WxH with sides in [512, 1440] up to 2 MP; these are the common ratios at its default of about 1 MP.
const WAN_SIZES = ['1024x1024', '1280x720', '720x1280', '1152x864', '864x1152', '1248x832', '832x1248'];

export const VIDEO_SYNTHESIS_PATH = '/api/v1/services/aigc/video-generation/video-synthesis';

/** Wan's video sizes for our tiers and ratios: `size` is always W*H (never `720P` or `16:9`), each tier has its own. */
const WAN_VIDEO_SIZES: Record<Resolution, Record<AspectRatio, string>> = {
  '480p': { '16:9': '832*480', '9:16': '480*832', '1:1': '624*624' },
  '720p': { '16:9': '1280*720', '9:16': '720*1280', '1:1': '960*960' },
  '1080p': { '16:9': '1920*1080', '9:16': '1080*1920', '1:1': '1440*1440' },
};
const ALL_RATIOS: AspectRatio[] = ['16:9', '9:16', '1:1'];

export const dashscope: ProviderDefinition = {
  id: 'dashscope',
  name: 'Alibaba DashScope',
  // China (Beijing), the only region that serves wanx2.1-imageedit; Singapore's is https://dashscope-intl.aliyuncs.com
  // (its keys are its own).
  baseUrl: 'https://dashscope.aliyuncs.com',
  keyEnv: 'DASHSCOPE_API_KEY',
  models: {
    'wan2.2-t2i-flash': { kind: 'image', sizes: WAN_SIZES, maxN: 4, transparency: false, seed: true },
    // Any input from 512 to 4096 px a side; the answer has the input's size.
    'wanx2.1-imageedit': {
      kind: 'edit',
      sizes: null,
      minSide: 512,
      maxSide: 4096,
      maxN: 1,
      transparency: false,
      seed: true,
      mask: 'white',
      editKinds: ['local', 'remove', 'add', 'style', 'upscale'],
    },
    // Inputs from 384 to 3072 px a side; it answers at about 1 MP in the input's ratio (scaled back below).
    'qwen-image-edit': {
      kind: 'edit',
      sizes: null,
      minSide: 384,
      maxSide: 3072,
      maxN: 1,
      transparency: false,
      seed: false,
      mask: 'none',
      editKinds: ['style', 'background', 'add'],
    },
    // Always with sound (its own soundtrack when no audio_url is given); 5 s unless told 10.
    'wan2.5-t2v-preview': {
      kind: 'video',
      durations: [5, 10],
      defaultDuration: 5,
      resolutions: ['480p', '720p', '1080p'],
      aspectRatios: ALL_RATIOS,
      audio: true,
      seed: true,
    },
    // Silent, 5 s only, and no 720p tier.
    'wan2.2-t2v-plus': {
      kind: 'video',
      durations: [5],
      defaultDuration: 5,
      resolutions: ['480p', '1080p'],
      aspectRatios: ALL_RATIOS,
      audio: false,
      seed: true,
    },
  },
  adapter({ baseUrl, apiKey }) {
    /** Every failure leaves here as a ProviderFailure whose message cannot hold the key, whoever wrote it. */
    const scrub = (message: string) => redact(message, apiKey);
    const guard = guarded('DashScope', scrub);

    async function api(method: 'GET' | 'POST', path: string, signal: AbortSignal, body?: unknown, asyncTask = false): Promise<any> {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          // The image-synthesis endpoints only work asynchronously; without this header they answer 403.
          ...(asyncTask ? { 'x-dashscope-async': 'enable' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const { text, json } = await readAnswer(res, "DashScope's answer");
      if (!res.ok) throw failed(res.status, json?.code, json?.message ?? text.slice(0, 200), res.headers.get('retry-after'));
      return json;
    }

    /** Creates a task and polls it to its end; the result files' URLs. */
    async function task(path: string, body: unknown, signal: AbortSignal): Promise<string[]> {
      const created = await api('POST', path, signal, body, true);
      const id: unknown = created?.output?.task_id;
      if (typeof id !== 'string') throw new ProviderFailure('provider_error', 'DashScope created no task.');
      for (;;) {
        await sleep(POLL_MS, undefined, { signal });
        const output = (await api('GET', `/api/v1/tasks/${encodeURIComponent(id)}`, signal))?.output ?? {};
        const status: string = output.task_status;
        if (status === 'PENDING' || status === 'RUNNING') continue;
        if (status === 'SUCCEEDED') {
          // A task of n pictures succeeds when one does; the others carry their own code and message.
          const results: Array<{ url?: string; code?: string; message?: string }> = output.results ?? [];
          const urls = results.flatMap((r) => (r.url ? [r.url] : []));
          if (urls.length > 0) return urls;
          const refused = results.find((r) => r.code) ?? {};
          throw failed('task', refused.code, refused.message ?? 'the task succeeded without a picture');
        }
        if (status === 'FAILED') throw failed('task', output.code, output.message ?? 'the task failed');
        throw new ProviderFailure('provider_error', `DashScope task ${id} is ${status ?? 'gone'}.`);
      }
    }

    /** Every result file at once: its URL may be signed for a day only, and the layer stores copies. */
    const download = (urls: string[], width: number, height: number, signal: AbortSignal) =>
      Promise.all(
        urls.map(async (url) => {
          const res = await fetch(url, { signal });
          if (!res.ok) throw new ProviderFailure('provider_error', `DashScope's result file answered ${res.status}.`);
          // Qwen keeps the ratio but picks its own resolution: scaled back to the size asked.
          return asPng(await readCapped(res, PROVIDER_BYTES.image, "DashScope's result file"), 'DashScope', { width, height });
        }),
      );

    async function wanEdit(call: EditCall): Promise<string[]> {
      const fn = wanFunction(call.kind, call.mask !== null);
      return task(
        '/api/v1/services/aigc/image2image/image-synthesis',
        {
          model: call.model,
          input: {
            function: fn,
            prompt: call.prompt,
            base_image_url: dataUri(call.image),
            ...(fn === 'description_edit_with_mask' ? { mask_image_url: dataUri(call.mask!) } : {}),
          },
          // The layer hands over the picture at the size it wants back: super resolution then only sharpens.
          parameters: { n: 1, ...seedOf(call.seed), ...(fn === 'super_resolution' ? { upscale_factor: 1 } : {}) },
        },
        call.signal,
      );
    }

    async function qwenEdit(call: EditCall): Promise<string[]> {
      // Qwen-Image-Edit reads no mask (the layer refuses masked kinds for it).
      const answer = await api('POST', '/api/v1/services/aigc/multimodal-generation/generation', call.signal, {
        model: call.model,
        input: { messages: [{ role: 'user', content: [{ image: dataUri(call.image) }, { text: call.prompt }] }] },
        parameters: { watermark: false, ...seedOf(call.seed) },
      });
      const content: Array<{ image?: string }> = answer?.output?.choices?.[0]?.message?.content ?? [];
      const urls = content.flatMap((c) => (c.image ? [c.image] : []));
      if (urls.length === 0) throw new ProviderFailure('provider_error', 'DashScope answered without a picture.');
      return urls;
    }

    /**
     * `audio` (documented for the Wan flash models, on by default) goes to a model known to make sound, either
     * way, so that a silent video can be asked for; wan2.5's reference has no such switch and may make sound
     * anyway. A silent or unknown model is told nothing.
     */
    const makesSound = (call: VideoCall) => call.audio || (dashscope.models[call.model] as VideoModelCapabilities | undefined)?.audio === true;
    const taskPath = (id: string) => `/api/v1/tasks/${encodeURIComponent(id)}`;

    // No callbackUrl: DashScope takes none per request (its task notices are an account-wide setting), so it is polled only.
    const video: VideoAdapter = {
      submit: (call) =>
        guard(call.signal, async () => {
          const body = {
            model: call.model,
            input: { prompt: call.prompt },
            parameters: {
              size: WAN_VIDEO_SIZES[call.resolution][call.aspectRatio],
              duration: call.duration,
              ...seedOf(call.seed),
              ...(makesSound(call) ? { audio: call.audio } : {}),
            },
          };
          const id: unknown = (await api('POST', VIDEO_SYNTHESIS_PATH, call.signal, body, true))?.output?.task_id;
          if (typeof id !== 'string') throw new ProviderFailure('provider_error', 'DashScope created no task.');
          return id;
        }),
      poll: (task, signal) =>
        guard(signal, async () => {
          const state = translateDashScopeTask(await api('GET', taskPath(task.id), signal));
          return state.status === 'failed' ? { ...state, message: scrub(state.message) } : state;
        }),
      // Only a PENDING task can be cancelled; a running one is refused (UnsupportedOperation, thrown as provider_error).
      cancel: (task, signal) =>
        guard(signal, async () => {
          await api('POST', `${taskPath(task.id)}/cancel`, signal);
        }),
    };

    return {
      video,
      generate: (call) =>
        guard(call.signal, async () => {
          const urls = await task(
            '/api/v1/services/aigc/text2image/image-synthesis',
            { model: call.model, input: { prompt: call.prompt }, parameters: { size: `${call.width}*${call.height}`, n: call.n, ...seedOf(call.seed) } },
            call.signal,
          );
          return download(urls, call.width, call.height, call.signal);
        }),
      edit: (call) =>
        guard(call.signal, async () => {
          const urls = call.model.startsWith('qwen-image') ? await qwenEdit(call) : await wanEdit(call);
          return (await download(urls.slice(0, 1), call.width, call.height, call.signal))[0];
        }),
    };
  },
};

/** The fields of a task's answer that the video adapter reads (the rest is ignored). */
const videoTaskSchema = z.object({
  output: z
    .object({
      task_id: z.string().optional(),
      task_status: z.string().optional(),
      video_url: z.string().optional(),
      code: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
  // wan2.5 and older bill `video_duration`; wan2.6 bills `duration`.
  usage: z.object({ video_duration: z.number().optional(), duration: z.number().optional() }).optional(),
});

/**
 * A video task's answer (GET /api/v1/tasks/{id}) as one of the interface's states. DashScope gives no
 * progress. UNKNOWN means the id is unknown or older than the 24 h tasks are kept: it will never end,
 * so it is failed rather than polled for ever. Words it does not document stay processing (row 6).
 */
export function translateDashScopeTask(body: unknown): VideoState {
  const parsed = videoTaskSchema.safeParse(body);
  if (!parsed.success) return { status: 'processing' };
  const { output = {}, usage } = parsed.data;
  switch (output.task_status) {
    case 'SUCCEEDED': {
      if (!output.video_url) return { status: 'failed', reason: 'provider_error', message: 'DashScope finished the task without a video.' };
      const seconds = usage?.video_duration ?? usage?.duration;
      return { status: 'completed', url: output.video_url, ...(seconds === undefined ? {} : { usage: { videoSeconds: seconds } }) };
    }
    case 'FAILED': {
      const failure = failed('task', output.code, output.message ?? 'the task failed');
      return { status: 'failed', reason: failure.reason, message: failure.message };
    }
    case 'CANCELED':
      return { status: 'failed', reason: 'cancelled', message: 'The task was cancelled at DashScope.' };
    case 'UNKNOWN':
      return {
        status: 'failed',
        reason: 'provider_error',
        message: `DashScope does not know task ${output.task_id ?? '(no id)'} (tasks are kept 24 h).`,
      };
    default:
      // PENDING, RUNNING, and any word it may add.
      return { status: 'processing' };
  }
}

/** Which of wanx2.1-imageedit's functions does a kind: a mask always means its masked inpainting. */
function wanFunction(kind: EditKind, hasMask: boolean): string {
  if (kind === 'upscale') return 'super_resolution';
  if (hasMask) return 'description_edit_with_mask';
  return kind === 'style' ? 'stylization_all' : 'description_edit';
}

/** DashScope's failures in decisions.md row 19's terms: its `code`s first, then the HTTP status (or a failed task's). */
function failed(status: number | 'task', code: string | undefined, message: string, retryAfter: string | null = null): ProviderFailure {
  const text = code ? `${code}: ${message}` : message;
  if (status === 429 || code?.startsWith('Throttling'))
    return new ProviderFailure('rate_limited', `DashScope is rate limiting: ${text}`, retryAfterSeconds(retryAfter));
  if (status === 401 || code === 'InvalidApiKey') return new ProviderFailure('provider_auth', `DashScope refused the operator's API key: ${text}`);
  // DataInspectionFailed is the native API's word, data_inspection_failed the OpenAI-compatible one's.
  if (/^data_?inspection_?failed$/i.test(code ?? '') || code === 'IPInfringementSuspect') return new ProviderFailure('content_policy', text);
  return new ProviderFailure('provider_error', `DashScope ${status === 'task' ? 'failed the task' : `answered ${status}`}: ${text}`);
}

/** DashScope's seeds are [0, 2^31 − 1]; ours go to 2^32 − 1: folded, so one seed still gives one file. */
const seedOf = (seed: number | undefined) => (seed === undefined ? {} : { seed: seed % 2 ** 31 });
const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
