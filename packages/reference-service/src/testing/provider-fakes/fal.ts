// A fake of fal's synchronous model endpoints (`POST https://fal.run/{app}`) for FLUX.1 [schnell] and
// FLUX.1 [pro] Fill, and of its queue (`https://queue.fal.run`) for Seedance 1.0 Pro text-to-video,
// with signed webhooks and their JWKS: the request shapes are the model pages' input schemas, the
// answers their output schemas, errors as fal's error reference words them (examples/fal holds the
// documented bodies). One origin serves what fal spreads over fal.run, queue.fal.run and its JWKS host.
import { createHash, generateKeyPairSync, randomUUID, randomBytes, randomInt, sign, type KeyObject } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import {
  fakeEdit,
  fakePicture,
  fakeVideo,
  sendCallback,
  sizeOf,
  startFake,
  wire,
  WireError,
  type FakeContext,
  type FakeFault,
  type ProviderFake,
} from './harness';

/** fal's `image_size` presets (fal docs, "Model arguments"). */
export const FAL_PRESETS = {
  square_hd: { width: 1024, height: 1024 },
  square: { width: 512, height: 512 },
  portrait_4_3: { width: 768, height: 1024 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  landscape_16_9: { width: 1024, height: 576 },
} as const;

const presetName = z.enum(Object.keys(FAL_PRESETS) as [keyof typeof FAL_PRESETS]);
const imageSize = z.union([presetName, z.object({ width: z.number().int().min(1).max(14_142), height: z.number().int().min(1).max(14_142) }).strict()]);
const outputFormat = z.enum(['jpeg', 'png']);

/** `fal-ai/flux/schnell`'s input schema. fal's apps ignore fields they do not know; the fake refuses them, to catch misspelt ones. */
export const falSchnellSchema = z
  .object({
    prompt: z.string().min(1),
    image_size: imageSize.optional(),
    num_inference_steps: z.number().int().min(1).max(12).optional(),
    seed: z.number().int().optional(),
    sync_mode: z.boolean().optional(),
    num_images: z.number().int().min(1).max(4).optional(),
    enable_safety_checker: z.boolean().optional(),
    output_format: outputFormat.optional(),
    acceleration: z.enum(['none', 'regular', 'high']).optional(),
  })
  .strict();

/** `fal-ai/flux-pro/v1/fill`'s input schema: the image and mask as URLs or data URIs, of the same size (white = fill). */
export const falFillSchema = z
  .object({
    prompt: z.string().min(1),
    image_url: z.string().min(1),
    mask_url: z.string().min(1),
    seed: z.number().int().optional(),
    sync_mode: z.boolean().optional(),
    num_images: z.number().int().min(1).max(4).optional(),
    output_format: outputFormat.optional(),
    safety_tolerance: z.enum(['1', '2', '3', '4', '5', '6']).optional(),
    enhance_prompt: z.boolean().optional(),
  })
  .strict();

/** A model error in fal's documented shape: `{ detail: [{ loc, msg, type, url, ... }] }`, 422 by default. */
class FalModelError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly loc: string[] = ['body'],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const modelError = (e: FalModelError) => ({ detail: [{ loc: e.loc, msg: e.message, type: e.type, url: `https://docs.fal.ai/errors#${e.type}`, ...e.extra }] });

/** A request error in fal's flat shape (fal docs, Request errors): a runner that failed. */
const RUNNER_ERROR = { detail: 'The runner encountered an internal server error.', error_type: 'runner_server_error' };

/** Answers a call-level fault (a rate limit, a refused key, a server error) as fal does; true when it answered. */
function refusedCall(ctx: FakeContext, fault: FakeFault | undefined): boolean {
  switch (fault?.kind) {
    case 'rate_limit':
      // fal documents no body for its 429; this one is its flat request-error shape.
      ctx.json(429, { detail: `Too many concurrent requests. Retry in ${fault.retryAfter} seconds.` }, { 'retry-after': String(fault.retryAfter) });
      return true;
    case 'auth':
      ctx.json(401, { detail: 'No user found for Key ID and Secret' });
      return true;
    case 'server_error':
      ctx.json(500, RUNNER_ERROR, { 'x-fal-error-type': RUNNER_ERROR.error_type });
      return true;
    default:
      return false;
  }
}

/** One queued fault, answered as fal does; true when it answered. `refuse` is how this app refuses content (true when it answered). */
async function faulted(ctx: FakeContext, refuse: () => boolean): Promise<boolean> {
  const fault = ctx.fault();
  if (fault?.kind === 'slow') await sleep(fault.ms);
  if (fault?.kind === 'content_policy') return refuse();
  // A synchronous call has no task to fail: a task_failed fault is the runner's error.
  if (fault?.kind === 'task_failed') return refusedCall(ctx, { kind: 'server_error' });
  return refusedCall(ctx, fault);
}

/** An input file: a data URI, or a URL fal would fetch (here only the fake's own files are reachable). */
async function inputFile(url: string, field: string): Promise<Buffer> {
  const data = /^data:[^,;]*(;base64)?,(.*)$/s.exec(url);
  if (data) return Buffer.from(decodeURIComponent(data[2]), data[1] ? 'base64' : 'utf8');
  const res = await fetch(url).catch(() => undefined);
  if (!res?.ok) throw new FalModelError('file_download_error', `Failed to download the file from ${url}.`, ['body', field]);
  return Buffer.from(await res.arrayBuffer());
}

const blackPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

/** The images as fal answers them: a URL on its CDN (here the fake's origin), or a data URI in sync mode. */
async function files(ctx: FakeContext, pngs: Buffer[], format: 'jpeg' | 'png', syncMode: boolean) {
  return Promise.all(
    pngs.map(async (png) => {
      const bytes = format === 'png' ? png : await sharp(png).jpeg().toBuffer();
      const type = `image/${format}`;
      const { width, height } = await sizeOf(png);
      return { url: syncMode ? `data:${type};base64,${bytes.toString('base64')}` : ctx.serve(bytes, type), width, height, content_type: type };
    }),
  );
}

// --- Videos: fal's queue -------------------------------------------------------------------------

/** Where fal's queue takes Seedance 1.0 Pro text-to-video (its model id, as the submit path). */
export const FAL_SEEDANCE_PATH = '/fal-ai/bytedance/seedance/v1/pro/text-to-video';

const SEEDANCE_RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const;

/**
 * Seedance 1.0's frame sizes by resolution and aspect ratio, [width, height] (ByteDance's table for
 * Seedance 1.0; the same wherever the model is hosted). 9:21 is 21:9 turned.
 */
export const SEEDANCE_SIZES: Record<'480p' | '720p' | '1080p', Record<(typeof SEEDANCE_RATIOS)[number] | '9:21', [number, number]>> = {
  '480p': { '21:9': [960, 416], '16:9': [864, 480], '4:3': [736, 544], '1:1': [640, 640], '3:4': [544, 736], '9:16': [480, 864], '9:21': [416, 960] },
  '720p': { '21:9': [1504, 640], '16:9': [1248, 704], '4:3': [1120, 832], '1:1': [960, 960], '3:4': [832, 1120], '9:16': [704, 1248], '9:21': [640, 1504] },
  '1080p': {
    '21:9': [2176, 928],
    '16:9': [1920, 1088],
    '4:3': [1664, 1248],
    '1:1': [1440, 1440],
    '3:4': [1248, 1664],
    '9:16': [1088, 1920],
    '9:21': [928, 2176],
  },
};

/** `fal-ai/bytedance/seedance/v1/pro/text-to-video`'s input schema (its model page): the duration is a string of seconds. */
export const falSeedanceSchema = z
  .object({
    prompt: z.string().min(1),
    aspect_ratio: z.enum(SEEDANCE_RATIOS).optional(),
    resolution: z.enum(['480p', '720p', '1080p']).optional(),
    duration: z.enum(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']).optional(),
    camera_fixed: z.boolean().optional(),
    seed: z.number().int().optional(),
    enable_safety_checker: z.boolean().optional(),
    /** Overrides the duration (at Seedance's 24 fps). */
    num_frames: z.number().int().min(29).max(289).optional(),
  })
  .strict();

/** A request in the fake's queue. */
interface QueuedRequest {
  id: string;
  /** `owner/app`: the status, result and cancel URLs name only these. */
  app: string;
  /** IN_QUEUE before this, IN_PROGRESS after (until it has a result). */
  startsAt: number;
  /** Where fal posts the result (`?fal_webhook=`). */
  webhook?: string;
  /** Once it ended: the result as its URL answers it (the model's output, or its error with the failure's status code). */
  result?: { status: number; body: unknown; headers?: Record<string, string> };
}

type Signer = (requestId: string, body: string, timestamp?: number) => Record<string, string>;

/**
 * Signs a webhook as fal does (fal docs, Webhooks: "Verifying your webhook"): the hex ED25519
 * signature of "request id \n user id \n timestamp \n sha256 hex of the body", with the headers fal sends.
 */
export function signFalWebhook(key: KeyObject, requestId: string, userId: string, timestamp: number, body: string): Record<string, string> {
  const message = [requestId, userId, String(timestamp), createHash('sha256').update(body).digest('hex')].join('\n');
  return {
    'x-fal-webhook-request-id': requestId,
    'x-fal-webhook-user-id': userId,
    'x-fal-webhook-timestamp': String(timestamp),
    'x-fal-webhook-signature': sign(null, Buffer.from(message), key).toString('hex'),
  };
}

export interface FalFake extends ProviderFake {
  /** The user id in the fake's webhook headers. */
  webhookUserId: string;
  /** Signs a webhook body as the fake (and fal) does: the four X-Fal-Webhook-* headers. */
  signWebhook: Signer;
}

const urlsOf = (fake: ProviderFake, request: QueuedRequest) => {
  const base = `${fake.origin}/${request.app}/requests/${request.id}`;
  return { response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel` };
};

/** The queue's routes; true when it answered. */
function queueRoute(ctx: FakeContext, queue: Map<string, QueuedRequest>, signer: Signer): boolean {
  const { method } = ctx.req;
  if (method === 'POST' && ctx.url.pathname === FAL_SEEDANCE_PATH) {
    submit(ctx, queue, signer);
    return true;
  }
  const path = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(ctx.url.pathname);
  if (!path) return false;
  const [, app, id, tail] = path;
  const request = queue.get(id);
  if (!request || request.app !== app) {
    ctx.json(404, { detail: `Request ${id} not found` });
    return true;
  }
  if (method === 'GET' && tail === '/status') {
    const status = request.result ? 'COMPLETED' : Date.now() < request.startsAt ? 'IN_QUEUE' : 'IN_PROGRESS';
    // 202 while queued or running, 200 once complete (fal docs, Inference API: "Queue request lifecycle").
    ctx.json(status === 'COMPLETED' ? 200 : 202, {
      status,
      request_id: request.id,
      ...urlsOf(ctx.fake, request),
      ...(status === 'IN_QUEUE' ? { queue_position: 0 } : { logs: [] }),
      ...(status === 'COMPLETED' ? { metrics: { inference_time: (Date.now() - request.startsAt) / 1000 } } : {}),
    });
  } else if (method === 'GET' && !tail) {
    // What @ai-sdk/fal reads to know a request is not done yet.
    if (!request.result) ctx.json(400, { detail: 'Request is still in progress' });
    else ctx.json(request.result.status, request.result.body, request.result.headers);
  } else if (method === 'PUT' && tail === '/cancel') {
    if (request.result) {
      ctx.json(400, { status: 'ALREADY_COMPLETED' });
    } else {
      // A cancelled request ends as fal's request error for it (fal docs, Request errors: client_cancelled).
      end(ctx.fake, request, { status: 499, body: { detail: 'Request was cancelled by the client.', error_type: 'client_cancelled' } }, signer);
      ctx.json(202, { status: 'CANCELLATION_REQUESTED' });
    }
  } else {
    ctx.json(405, { detail: 'Method Not Allowed' });
  }
  return true;
}

/** Queues a Seedance request: queued for a third of fake.videoMs, running after, done at fake.videoMs (plus a slow fault's ms). */
function submit(ctx: FakeContext, queue: Map<string, QueuedRequest>, signer: Signer) {
  const input = wire(falSeedanceSchema, ctx.body);
  const fault = ctx.fault();
  if (refusedCall(ctx, fault)) return;
  const ms = ctx.fake.videoMs + (fault?.kind === 'slow' ? fault.ms : 0);
  const now = Date.now();
  const request: QueuedRequest = {
    id: randomUUID(),
    app: ctx.url.pathname.slice(1).split('/').slice(0, 2).join('/'),
    startsAt: now + Math.round(ms / 3),
    webhook: ctx.url.searchParams.get('fal_webhook') ?? undefined,
  };
  queue.set(request.id, request);
  const [width, height] = SEEDANCE_SIZES[input.resolution ?? '1080p'][input.aspect_ratio ?? '16:9'];
  const seconds = input.num_frames ? input.num_frames / 24 : Number(input.duration ?? '5');
  const seed = input.seed ?? randomInt(2 ** 31);
  // Made from the start (once per shape), unless the request is to fail.
  const made = fault?.kind === 'content_policy' || fault?.kind === 'task_failed' ? undefined : fakeVideo(width, height, seconds);
  made?.catch(() => undefined);
  const finish = async () => {
    if (request.result) return;
    if (fault?.kind === 'content_policy') {
      const refusal = new FalModelError('content_policy_violation', 'The content was flagged by a content checker.', ['body', 'prompt'], {
        input: input.prompt,
      });
      return end(ctx.fake, request, { status: 422, body: modelError(refusal) }, signer);
    }
    if (fault?.kind === 'task_failed')
      return end(ctx.fake, request, { status: 500, body: RUNNER_ERROR, headers: { 'x-fal-error-type': RUNNER_ERROR.error_type } }, signer);
    const bytes = await made!;
    if (request.result) return;
    const video = { url: ctx.serve(bytes, 'video/mp4'), content_type: 'video/mp4', file_name: 'output.mp4', file_size: bytes.length };
    end(ctx.fake, request, { status: 200, body: { video, seed } }, signer);
  };
  setTimeout(() => finish().catch((error: Error) => end(ctx.fake, request, { status: 500, body: { detail: error.message } }, signer)), ms).unref();
  ctx.json(200, { status: 'IN_QUEUE', request_id: request.id, ...urlsOf(ctx.fake, request), queue_position: 0 });
}

/** Ends a request with its result, and posts fal's webhook body when it has a webhook (fal docs, Webhooks). */
function end(fake: ProviderFake, request: QueuedRequest, result: NonNullable<QueuedRequest['result']>, signer: Signer) {
  request.result = result;
  if (!request.webhook || !fake.callbacks) return;
  const ok = result.status >= 200 && result.status < 300;
  const body = {
    request_id: request.id,
    gateway_request_id: request.id,
    status: ok ? 'OK' : 'ERROR',
    ...(ok ? {} : { error: `Invalid status code: ${result.status}` }),
    payload: result.body,
  };
  void sendCallback(fake, request.webhook, body, signer(request.id, JSON.stringify(body)));
}

export async function startFalFake(): Promise<FalFake> {
  // The key pair fal signs its webhooks with; the public half is served as fal serves its JWKS.
  const keys = generateKeyPairSync('ed25519');
  const userId = `fake-user-${randomBytes(6).toString('hex')}`;
  const signer = (requestId: string, body: string, timestamp = Math.floor(Date.now() / 1000)) =>
    signFalWebhook(keys.privateKey, requestId, userId, timestamp, body);
  const queue = new Map<string, QueuedRequest>();
  const fake = await startFake('fal', '', async (ctx) => {
    if (ctx.req.method === 'GET' && ctx.url.pathname === '/.well-known/jwks.json') {
      return ctx.json(200, { keys: [{ ...keys.publicKey.export({ format: 'jwk' }), kid: 'fake-fal', alg: 'EdDSA', use: 'sig' }] });
    }
    // fal keys are `<key_id>:<key_secret>`, sent as `Authorization: Key <key>`.
    const auth = ctx.req.headers.authorization ?? '';
    if (!/^Key [^:\s]+:\S+$/.test(auth)) return ctx.json(401, { detail: "Invalid Key Authorization header format. Expected '<key_id>:<key_secret>'." });
    if (auth !== `Key ${ctx.fake.key}`) return ctx.json(401, { detail: 'No user found for Key ID and Secret' });
    const started = Date.now();
    try {
      if (queueRoute(ctx, queue, signer)) return;
      if (ctx.req.method === 'POST' && ctx.url.pathname === '/fal-ai/flux/schnell') {
        const body = wire(falSchnellSchema, ctx.body);
        const size = typeof body.image_size === 'string' ? FAL_PRESETS[body.image_size] : (body.image_size ?? FAL_PRESETS.landscape_4_3);
        const seed = body.seed ?? randomInt(2 ** 31);
        const count = body.num_images ?? 1;
        // FLUX's safety checker does not refuse: it answers black pictures and says so in has_nsfw_concepts.
        let nsfw = false;
        const blackOut = () => {
          nsfw = true;
          return false;
        };
        if (await faulted(ctx, blackOut)) return;
        const picture = (i: number) => (nsfw ? blackPng(size.width, size.height) : fakePicture(body.prompt, size.width, size.height, seed + i));
        const pictures = await Promise.all(Array.from({ length: count }, (_, i) => picture(i)));
        return ctx.json(200, {
          images: await files(ctx, pictures, body.output_format ?? 'jpeg', body.sync_mode ?? false),
          timings: { inference: (Date.now() - started) / 1000 },
          seed,
          has_nsfw_concepts: pictures.map(() => nsfw),
          prompt: body.prompt,
        });
      }
      if (ctx.req.method === 'POST' && ctx.url.pathname === '/fal-ai/flux-pro/v1/fill') {
        const body = wire(falFillSchema, ctx.body);
        // FLUX.1 [pro] refuses before it runs: a model error typed content_policy_violation.
        const refuse = () => {
          const e = new FalModelError('content_policy_violation', 'The content was flagged by a content checker.', ['body', 'prompt'], { input: body.prompt });
          ctx.json(422, modelError(e));
          return true;
        };
        if (await faulted(ctx, refuse)) return;
        const [image, mask] = await Promise.all([inputFile(body.image_url, 'image_url'), inputFile(body.mask_url, 'mask_url')]);
        const seed = body.seed ?? randomInt(2 ** 31);
        const edits = await Promise.all(
          Array.from({ length: body.num_images ?? 1 }, (_, i) => fakeEdit(image, mask, 'white', body.prompt, seed + i, ctx.fake.leak)),
        );
        // Fill's documented output has no timings.
        return ctx.json(200, {
          images: await files(ctx, edits, body.output_format ?? 'jpeg', body.sync_mode ?? false),
          seed,
          has_nsfw_concepts: edits.map(() => false),
          prompt: body.prompt,
        });
      }
      ctx.json(404, { detail: `Application not found: ${ctx.req.method} ${ctx.url.pathname}` });
    } catch (error) {
      if (error instanceof FalModelError) return ctx.json(422, modelError(error));
      // A request that does not fit the schema (or a mask of another size): fal's 422 value_error.
      if (error instanceof WireError) return ctx.json(422, modelError(new FalModelError('value_error', error.message)));
      throw error;
    }
  });
  fake.key = `${randomUUID()}:${randomBytes(16).toString('hex')}`;
  return Object.assign(fake, { webhookUserId: userId, signWebhook: signer });
}
