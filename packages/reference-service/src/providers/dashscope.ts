// Alibaba Cloud Model Studio (DashScope) through its own HTTP API, with fetch: Wan text-to-image and
// Wan image editing are asynchronous tasks (create with `X-DashScope-Async: enable`, then poll
// /api/v1/tasks/{id}); Qwen-Image-Edit answers at once. Results are URLs that live 24 h, so they are
// downloaded before the call returns. Images go up as base64 data URIs: no upload step, and the
// documented limit (10 MB) is far above what the layer sends.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EditKind } from '../engines/edit/edit-kind';
import { ProviderFailure, type EditCall, type ProviderDefinition } from './types';
import { asPng, parseJson, redact, retryAfterSeconds } from './wire';

/** How often a task is polled: Wan tasks take seconds, so a quarter second costs nothing and wastes no time. */
const POLL_MS = 250;

// Wan takes any WxH with sides in [512, 1440] up to 2 MP; these are the common ratios at its default of about 1 MP.
const WAN_SIZES = ['1024x1024', '1280x720', '720x1280', '1152x864', '864x1152', '1248x832', '832x1248'];

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
  },
  adapter({ baseUrl, apiKey }) {
    /** Every failure leaves here as a ProviderFailure whose message cannot hold the key, whoever wrote it. */
    const scrub = (message: string) => redact(message, apiKey);
    const guard = async <T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        if (signal.aborted) throw new ProviderFailure('timeout', 'DashScope did not answer in time.');
        if (error instanceof ProviderFailure) throw new ProviderFailure(error.reason, scrub(error.message), error.retryAfterSeconds);
        throw new ProviderFailure('provider_error', scrub(`DashScope failed: ${(error as Error).message}`));
      }
    };

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
      const text = await res.text();
      const json = parseJson(text);
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
          return asPng(new Uint8Array(await res.arrayBuffer()), 'DashScope', { width, height });
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

    return {
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
