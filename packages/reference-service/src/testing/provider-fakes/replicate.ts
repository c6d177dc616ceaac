// A fake of Replicate's HTTP API for three official models, black-forest-labs/flux-schnell,
// bria/genfill and bytedance/seedance-1-pro: `POST /v1/models/{owner}/{name}/predictions` creates a
// prediction, `GET /v1/predictions/{id}` polls it through starting → processing → succeeded (or
// failed), `POST /v1/predictions/{id}/cancel` cancels it; a video prediction calls its webhook when it
// ends, signed with the secret `GET /v1/webhooks/default/secret` gives. Request shapes are the models'
// input schemas, answers Replicate's prediction object and its problem-detail errors
// (examples/replicate holds the documented bodies).
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { SEEDANCE_SIZES } from './fal';
import { fakeEdit, fakePicture, fakeVideo, sendCallback, startFake, wire, WireError, type FakeContext, type FakeFault, type ProviderFake } from './harness';

/** flux-schnell's aspect ratios at 1 megapixel (replicate/cog-flux's table). */
export const FLUX_SCHNELL_SIZES = {
  '1:1': [1024, 1024],
  '16:9': [1344, 768],
  '21:9': [1536, 640],
  '3:2': [1216, 832],
  '2:3': [832, 1216],
  '4:5': [896, 1088],
  '5:4': [1088, 896],
  '3:4': [896, 1152],
  '4:3': [1152, 896],
  '9:16': [768, 1344],
  '9:21': [640, 1536],
} as const;

// Replicate drops inputs a model does not declare (it always has: replicate/cog#2943), so the input
// schemas check the declared fields and let others through, as the SDK sends `num_outputs` to any model.
export const fluxSchnellInputSchema = z.looseObject({
  prompt: z.string().min(1),
  aspect_ratio: z.enum(Object.keys(FLUX_SCHNELL_SIZES) as [keyof typeof FLUX_SCHNELL_SIZES]).optional(),
  num_outputs: z.number().int().min(1).max(4).optional(),
  num_inference_steps: z.number().int().min(1).max(4).optional(),
  seed: z.number().int().optional(),
  output_format: z.enum(['webp', 'jpg', 'png']).optional(),
  output_quality: z.number().int().min(0).max(100).optional(),
  disable_safety_checker: z.boolean().optional(),
  go_fast: z.boolean().optional(),
  megapixels: z.enum(['1', '0.25']).optional(),
});

/** bria/genfill: the image and a mask of its size (white = fill), as URLs or data URIs. */
export const briaGenfillInputSchema = z.looseObject({
  image: z.string().min(1),
  mask: z.string().min(1),
  prompt: z.string().min(1),
  negative_prompt: z.string().optional(),
  seed: z.number().int().optional(),
  sync: z.boolean().optional(),
  content_moderation: z.boolean().optional(),
  mask_type: z.enum(['manual', 'automatic']).optional(),
  preserve_alpha: z.boolean().optional(),
});

/** The body of a create call: the model's input and Replicate's own options. */
const predictionRequest = <T extends z.ZodType>(input: T) =>
  z
    .object({
      input,
      webhook: z.string().url().optional(),
      webhook_events_filter: z.array(z.enum(['start', 'output', 'logs', 'completed'])).optional(),
      stream: z.boolean().optional(),
    })
    .strict();

export const fluxSchnellRequestSchema = predictionRequest(fluxSchnellInputSchema);
export const briaGenfillRequestSchema = predictionRequest(briaGenfillInputSchema);

/** bytedance/seedance-1-pro's input schema (its Replicate API page): the duration an integer of seconds, 24 fps only. */
export const seedanceInputSchema = z.looseObject({
  prompt: z.string().min(1),
  duration: z.number().int().min(2).max(12).optional(),
  resolution: z.enum(['480p', '720p', '1080p']).optional(),
  aspect_ratio: z.enum(['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', '9:21']).optional(),
  fps: z.literal(24).optional(),
  seed: z.number().int().optional(),
  camera_fixed: z.boolean().optional(),
  image: z.string().optional(),
  last_frame_image: z.string().optional(),
});
export const seedanceRequestSchema = predictionRequest(seedanceInputSchema);

type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

interface OutputFile {
  bytes: Buffer;
  type: string;
}

interface Prediction {
  id: string;
  model: string;
  input: Record<string, unknown>;
  status: Status;
  createdAt: Date;
  startedAt?: Date;
  completedAt?: Date;
  output: string[] | null;
  error: string | null;
  /** Not done before this time (a `slow` fault). */
  readyAt: number;
  /** The model's refusal when a content_policy fault was queued for it. */
  refusal?: string;
  /** Runs the model; a WireError it throws fails the prediction, as a model's own error does. */
  run(): Promise<OutputFile[]>;
}

/** How a model runs an accepted input, and how it words a content refusal. */
interface Accepted {
  input: Record<string, unknown>;
  run(): Promise<OutputFile[]>;
  refusal: string;
}

/** Replicate's errors are RFC 7807 problem details. */
const problem = (status: number, title: string, detail: string) => ({ title, detail, status });

/** How a prediction fails for a reason of Replicate's own (its words for an internal failure). */
const INTERNAL_FAILURE = 'Director: unexpected error handling prediction (E9828)';

/** Answers a call-level fault (a rate limit, a refused token, a server error) as Replicate does; true when it answered. */
function refusedCall(ctx: FakeContext, fault: FakeFault | undefined): boolean {
  if (fault?.kind === 'rate_limit') {
    ctx.json(429, { detail: `Request was throttled. Your rate limit resets in ~${fault.retryAfter}s.` }, { 'retry-after': String(fault.retryAfter) });
  } else if (fault?.kind === 'auth') {
    ctx.json(401, problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
  } else if (fault?.kind === 'server_error') {
    ctx.json(500, problem(500, 'Internal Server Error', 'Something went wrong on our end.'));
  } else {
    return false;
  }
  return true;
}

/** An input file: a data URI, or a URL Replicate would fetch (here only the fake's own files are reachable). */
async function inputFile(url: string, field: string): Promise<Buffer> {
  const data = /^data:[^,;]*(;base64)?,(.*)$/s.exec(url);
  if (data) return Buffer.from(decodeURIComponent(data[2]), data[1] ? 'base64' : 'utf8');
  const res = await fetch(url).catch(() => undefined);
  if (!res?.ok) throw new WireError(`input.${field}: could not download ${url}`);
  return Buffer.from(await res.arrayBuffer());
}

async function encode(png: Buffer, format: 'webp' | 'jpg' | 'png'): Promise<OutputFile> {
  if (format === 'png') return { bytes: png, type: 'image/png' };
  if (format === 'jpg') return { bytes: await sharp(png).jpeg({ quality: 80 }).toBuffer(), type: 'image/jpeg' };
  return { bytes: await sharp(png).webp({ quality: 80 }).toBuffer(), type: 'image/webp' };
}

/** Validates a create call's body for a model and says how the prediction runs. */
function accept(ctx: FakeContext, model: string): Accepted {
  if (model === 'black-forest-labs/flux-schnell') {
    const { input } = wire(fluxSchnellRequestSchema, ctx.body);
    const [w, h] = FLUX_SCHNELL_SIZES[input.aspect_ratio ?? '1:1'];
    // megapixels "0.25" halves both sides, as cog-flux does.
    const [width, height] = input.megapixels === '0.25' ? [w / 2, h / 2] : [w, h];
    const seed = input.seed ?? randomInt(2 ** 16);
    const format = input.output_format ?? 'webp';
    return {
      input,
      run: () =>
        Promise.all(Array.from({ length: input.num_outputs ?? 1 }, async (_, i) => encode(await fakePicture(input.prompt, width, height, seed + i), format))),
      // cog-flux's words when its safety checker drops every picture.
      refusal: 'All generated images contained NSFW content. Try running it again with a different prompt.',
    };
  }
  const { input } = wire(briaGenfillRequestSchema, ctx.body);
  return {
    input,
    run: async () => {
      const [image, mask] = await Promise.all([inputFile(input.image, 'image'), inputFile(input.mask, 'mask')]);
      return [await encode(await fakeEdit(image, mask, 'white', input.prompt, input.seed ?? 0, ctx.fake.leak), 'png')];
    },
    refusal: 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
  };
}

/** A prediction as Replicate answers it (`urls.get` is where to poll it). */
const view = (p: Prediction, baseUrl: string) => ({
  id: p.id,
  model: p.model,
  version: 'hidden',
  input: p.input,
  logs: '',
  output: p.output,
  data_removed: false,
  error: p.error,
  source: 'api',
  status: p.status,
  created_at: p.createdAt.toISOString(),
  ...(p.startedAt ? { started_at: p.startedAt.toISOString() } : {}),
  ...(p.completedAt
    ? {
        completed_at: p.completedAt.toISOString(),
        metrics: { predict_time: (+p.completedAt - +(p.startedAt ?? p.createdAt)) / 1000, total_time: (+p.completedAt - +p.createdAt) / 1000 },
      }
    : {}),
  urls: { cancel: `${baseUrl}/predictions/${p.id}/cancel`, get: `${baseUrl}/predictions/${p.id}`, web: `https://replicate.com/p/${p.id}` },
});

/** One poll moves a prediction one state on: starting → processing → succeeded or failed (once it is ready). */
async function advance(ctx: FakeContext, p: Prediction) {
  if (p.status === 'starting') {
    p.status = 'processing';
    p.startedAt = new Date();
    return;
  }
  if (p.status !== 'processing' || Date.now() < p.readyAt) return;
  p.completedAt = new Date();
  if (p.refusal) {
    p.status = 'failed';
    p.error = p.refusal;
    return;
  }
  try {
    // Output files are served from completion on and expire like Replicate's (an hour; here fileTtlMs).
    p.output = (await p.run()).map((file) => ctx.serve(file.bytes, file.type));
    p.status = 'succeeded';
  } catch (error) {
    if (!(error instanceof WireError)) throw error;
    p.status = 'failed';
    p.error = error.message;
  }
}

// --- Videos: Seedance 1.0 Pro, a prediction that runs on the clock and calls its webhook ------------

const SEEDANCE = 'bytedance/seedance-1-pro';

/** A video prediction: starting for a third of fake.videoMs, processing after, done at fake.videoMs (plus a slow fault's ms). */
interface VideoPrediction {
  id: string;
  input: z.infer<typeof seedanceInputSchema>;
  createdAt: number;
  startsAt: number;
  readyAt: number;
  /** Its seconds of video: what Replicate bills (metrics.video_output_duration_seconds). */
  seconds: number;
  webhook?: string;
  events?: string[];
  ended?: 'succeeded' | 'failed' | 'canceled';
  completedAt?: number;
  output?: string;
  error?: string;
}

type WebhookSigner = (body: string, timestamp?: number, id?: string) => Record<string, string>;

/**
 * Signs a webhook as Replicate does (Replicate docs, Verify webhooks; Standard Webhooks): the base64
 * HMAC-SHA256 of "id.timestamp.body", keyed by the base64 after the secret's `whsec_`.
 */
export function signReplicateWebhook(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}

export interface ReplicateFake extends ProviderFake {
  /** The account's webhook signing secret (`whsec_…`), as GET /v1/webhooks/default/secret gives it. */
  webhookSecret: string;
  /** Signs a webhook body as the fake (and Replicate) does: the three webhook-* headers. */
  signWebhook: WebhookSigner;
}

function createVideo(ctx: FakeContext, videos: Map<string, VideoPrediction>, signer: WebhookSigner) {
  const { input, webhook, webhook_events_filter } = wire(seedanceRequestSchema, ctx.body);
  const fault = ctx.fault();
  if (refusedCall(ctx, fault)) return;
  const now = Date.now();
  const ms = ctx.fake.videoMs + (fault?.kind === 'slow' ? fault.ms : 0);
  const video: VideoPrediction = {
    id: randomBytes(13).toString('hex').slice(0, 26),
    input,
    createdAt: now,
    startsAt: now + Math.round(ms / 3),
    readyAt: now + ms,
    seconds: input.duration ?? 5,
    webhook,
    events: webhook_events_filter,
  };
  videos.set(video.id, video);
  const [width, height] = SEEDANCE_SIZES[input.resolution ?? '1080p'][input.aspect_ratio ?? '16:9'];
  // Made from the start (once per shape), unless the prediction is to fail.
  const made = fault?.kind === 'content_policy' || fault?.kind === 'task_failed' ? undefined : fakeVideo(width, height, video.seconds);
  made?.catch(() => undefined);
  const finish = async () => {
    if (video.ended) return;
    // Seedance's refusal comes back in Replicate's words for flagged content (E005).
    if (fault?.kind === 'content_policy')
      return endVideo(
        ctx.fake,
        video,
        { ended: 'failed', error: 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)' },
        signer,
      );
    if (fault?.kind === 'task_failed') return endVideo(ctx.fake, video, { ended: 'failed', error: INTERNAL_FAILURE }, signer);
    const bytes = await made!;
    if (!video.ended) endVideo(ctx.fake, video, { ended: 'succeeded', output: ctx.serve(bytes, 'video/mp4') }, signer);
  };
  setTimeout(() => finish().catch((error: Error) => endVideo(ctx.fake, video, { ended: 'failed', error: error.message }, signer)), ms).unref();
  ctx.json(201, videoView(video, ctx.fake.baseUrl));
}

/** Ends a video prediction and posts it to its webhook when one was given for the `completed` event. */
function endVideo(fake: ProviderFake, video: VideoPrediction, end: Pick<VideoPrediction, 'ended' | 'output' | 'error'>, signer: WebhookSigner) {
  Object.assign(video, end, { completedAt: Date.now() });
  if (!video.webhook || !fake.callbacks || (video.events && !video.events.includes('completed'))) return;
  const body = videoView(video, fake.baseUrl);
  void sendCallback(fake, video.webhook, body, signer(JSON.stringify(body)));
}

/** A progress bar's lines as tqdm writes them, up to a share of its 50 steps: how a model reports progress in its logs. */
function progressLogs(share: number): string {
  const lines: string[] = [];
  for (let percent = 0; percent <= Math.floor(share * 10) * 10; percent += 10) {
    lines.push(
      `${String(percent).padStart(3)}%|${'█'.repeat(percent / 10).padEnd(10)}| ${percent / 2}/50 [00:0${percent / 10}<00:0${10 - percent / 10}, 5.00it/s]`,
    );
  }
  return lines.join('\n');
}

/** A video prediction as Replicate answers it: its output one URL, its metrics the seconds it bills. */
function videoView(video: VideoPrediction, baseUrl: string) {
  const at = video.completedAt ?? Date.now();
  const started = at >= video.startsAt;
  const status = video.ended ?? (started ? 'processing' : 'starting');
  const share = Math.min(1, Math.max(0, (at - video.startsAt) / (video.readyAt - video.startsAt)));
  return {
    id: video.id,
    model: SEEDANCE,
    version: 'hidden',
    input: video.input,
    logs: started ? `Using seed: ${video.input.seed ?? 0}\n${progressLogs(video.ended === 'succeeded' ? 1 : share)}` : '',
    output: video.output ?? null,
    data_removed: false,
    error: video.error ?? null,
    source: 'api',
    status,
    created_at: new Date(video.createdAt).toISOString(),
    ...(started ? { started_at: new Date(video.startsAt).toISOString() } : {}),
    ...(video.completedAt
      ? {
          completed_at: new Date(video.completedAt).toISOString(),
          metrics: {
            predict_time: Math.max(0, video.completedAt - video.startsAt) / 1000,
            total_time: (video.completedAt - video.createdAt) / 1000,
            ...(video.ended === 'succeeded' ? { video_output_duration_seconds: video.seconds } : {}),
          },
        }
      : {}),
    urls: { cancel: `${baseUrl}/predictions/${video.id}/cancel`, get: `${baseUrl}/predictions/${video.id}`, web: `https://replicate.com/p/${video.id}` },
  };
}

export async function startReplicateFake(): Promise<ReplicateFake> {
  const predictions = new Map<string, Prediction>();
  const videos = new Map<string, VideoPrediction>();
  // The account's webhook signing secret: `whsec_` and 32 random bytes in base64.
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const signer = (body: string, timestamp = Math.floor(Date.now() / 1000), id = `msg_${randomBytes(12).toString('hex')}`) =>
    signReplicateWebhook(secret, id, timestamp, body);
  const fake = await startFake('replicate', '/v1', async (ctx) => {
    const auth = ctx.req.headers.authorization;
    if (!auth) return ctx.json(401, problem(401, 'Unauthenticated', 'You did not pass an authentication token'));
    // Replicate takes `Bearer <token>`, and the older `Token <token>`.
    if (auth !== `Bearer ${ctx.fake.key}` && auth !== `Token ${ctx.fake.key}`) {
      return ctx.json(401, problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
    }
    const create = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(ctx.url.pathname);
    const poll = /^\/v1\/predictions\/([a-z0-9]+)$/.exec(ctx.url.pathname);
    const cancel = /^\/v1\/predictions\/([a-z0-9]+)\/cancel$/.exec(ctx.url.pathname);
    try {
      if (ctx.req.method === 'GET' && ctx.url.pathname === '/v1/webhooks/default/secret') return ctx.json(200, { key: secret });
      if (ctx.req.method === 'POST' && create?.[1] === SEEDANCE) return createVideo(ctx, videos, signer);
      if (ctx.req.method === 'GET' && poll && videos.has(poll[1])) return ctx.json(200, videoView(videos.get(poll[1])!, ctx.fake.baseUrl));
      if (ctx.req.method === 'POST' && cancel) {
        const video = videos.get(cancel[1]);
        const p = predictions.get(cancel[1]);
        if (video) {
          if (!video.ended) endVideo(ctx.fake, video, { ended: 'canceled' }, signer);
          return ctx.json(200, videoView(video, ctx.fake.baseUrl));
        }
        if (!p) return ctx.json(404, problem(404, 'Not found', 'The requested resource could not be found.'));
        if (p.status === 'starting' || p.status === 'processing') Object.assign(p, { status: 'canceled', completedAt: new Date() });
        return ctx.json(200, view(p, ctx.fake.baseUrl));
      }
      if (ctx.req.method === 'POST' && create && ['black-forest-labs/flux-schnell', 'bria/genfill'].includes(create[1])) {
        const { input, run, refusal } = accept(ctx, create[1]);
        const fault = ctx.fault();
        if (refusedCall(ctx, fault)) return;
        // `Prefer: wait` holds the request until the prediction is done or the wait is over; the fake's
        // models are slower than any wait, so it answers the prediction as it starts, to be polled.
        const p: Prediction = {
          id: randomBytes(13).toString('hex').slice(0, 26),
          model: create[1],
          input,
          status: 'starting',
          createdAt: new Date(),
          output: null,
          error: null,
          readyAt: Date.now() + (fault?.kind === 'slow' ? fault.ms : 0),
          refusal: fault?.kind === 'content_policy' ? refusal : fault?.kind === 'task_failed' ? INTERNAL_FAILURE : undefined,
          run,
        };
        predictions.set(p.id, p);
        return ctx.json(201, view(p, ctx.fake.baseUrl));
      }
      if (ctx.req.method === 'GET' && poll) {
        const p = predictions.get(poll[1]);
        if (!p) return ctx.json(404, problem(404, 'Not found', 'The requested resource could not be found.'));
        await advance(ctx, p);
        return ctx.json(200, view(p, ctx.fake.baseUrl));
      }
      ctx.json(404, problem(404, 'Not found', 'The requested resource could not be found.'));
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      ctx.json(422, problem(422, 'Input validation failed', error.message));
    }
  });
  // Replicate's tokens start `r8_`.
  fake.key = `r8_${randomBytes(19).toString('hex')}`;
  return Object.assign(fake, { webhookSecret: secret, signWebhook: signer });
}
