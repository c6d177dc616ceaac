// A fake of Alibaba Cloud Model Studio's native image and video APIs (DashScope): Wan text-to-image and
// Wan image editing as asynchronous tasks that go PENDING → RUNNING → SUCCEEDED (or FAILED) across polls,
// Qwen-Image-Edit answering at once, Wan text-to-video as tasks that run `fake.videoMs` and can be
// cancelled while PENDING. What it checks is the API references' request shape (the schemas below accept
// the documented bodies in examples/dashscope), what it answers their response fields, errors included;
// result files are URLs on the fake's own origin that expire like DashScope's.
import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { fakeEdit, fakePicture, fakeVideo, sizeOf, startFake, wire, WireError, type FakeContext, type FakeFault, type ProviderFake } from './harness';

export const TEXT2IMAGE_PATH = '/api/v1/services/aigc/text2image/image-synthesis';
export const IMAGE2IMAGE_PATH = '/api/v1/services/aigc/image2image/image-synthesis';
export const MULTIMODAL_PATH = '/api/v1/services/aigc/multimodal-generation/generation';
export const VIDEO_SYNTHESIS_PATH = '/api/v1/services/aigc/video-generation/video-synthesis';

const TEXT2IMAGE_MODELS = ['wan2.2-t2i-flash', 'wan2.2-t2i-plus', 'wanx2.1-t2i-turbo', 'wanx2.1-t2i-plus', 'wanx2.0-t2i-turbo'];
const IMAGE2IMAGE_MODELS = ['wanx2.1-imageedit'];
const MULTIMODAL_MODELS = ['qwen-image-edit', 'qwen-image-edit-plus'];

/** HTTP callers pass pictures as public URLs or base64 data URIs (file:// is the SDKs' own convenience). */
const imageRef = z.string().regex(/^(https?:\/\/|data:image\/[\w.+-]+;base64,)/, 'an http(s) URL or a data:image/…;base64, URI');
const seed = z.number().int().min(0).max(2_147_483_647);
const size = z.string().regex(/^\d+\*\d+$/, 'width*height');

export const dashscopeText2ImageSchema = z.strictObject({
  model: z.string().min(1),
  input: z.strictObject({ prompt: z.string().min(1), negative_prompt: z.string().optional() }),
  parameters: z
    .strictObject({ size, n: z.number().int().min(1).max(4), seed, prompt_extend: z.boolean(), watermark: z.boolean() })
    .partial()
    .optional(),
});

const EDIT_FUNCTIONS = [
  'stylization_all',
  'stylization_local',
  'description_edit',
  'description_edit_with_mask',
  'remove_watermark',
  'expand',
  'super_resolution',
  'colorization',
  'doodle',
  'control_cartoon_feature',
] as const;

export const dashscopeImage2ImageSchema = z.strictObject({
  model: z.string().min(1),
  input: z
    .strictObject({ function: z.enum(EDIT_FUNCTIONS), prompt: z.string().min(1), base_image_url: imageRef, mask_image_url: imageRef.optional() })
    .refine(
      (input) => input.function !== 'description_edit_with_mask' || input.mask_image_url !== undefined,
      'description_edit_with_mask needs mask_image_url',
    ),
  parameters: z
    .strictObject({
      n: z.number().int().min(1).max(4),
      seed,
      watermark: z.boolean(),
      strength: z.number().min(0).max(1),
      upscale_factor: z.number().int().min(1).max(4),
      is_sketch: z.boolean(),
      top_scale: z.number().min(1).max(2),
      bottom_scale: z.number().min(1).max(2),
      left_scale: z.number().min(1).max(2),
      right_scale: z.number().min(1).max(2),
    })
    .partial()
    .optional(),
});

const contentItem = z.union([z.strictObject({ image: imageRef }), z.strictObject({ text: z.string().min(1) })]);

export const dashscopeMultimodalSchema = z.strictObject({
  model: z.string().min(1),
  input: z.strictObject({
    messages: z
      .array(z.strictObject({ role: z.literal('user'), content: z.array(contentItem) }))
      .length(1, 'one user message: the edit is a single turn')
      .refine(([m]) => m.content.filter((c) => 'text' in c).length === 1, 'exactly one text item')
      .refine(([m]) => m.content.some((c) => 'image' in c), 'at least one image item'),
  }),
  parameters: z
    .strictObject({ negative_prompt: z.string(), watermark: z.boolean(), seed, n: z.number().int().min(1).max(6), size, prompt_extend: z.boolean() })
    .partial()
    .optional(),
});

/** Wan's video sizes by tier (`size` must be one of these W*H, never `480P` or `16:9`). */
const VIDEO_TIERS = {
  480: ['832*480', '480*832', '624*624'],
  720: ['1280*720', '720*1280', '960*960', '1088*832', '832*1088'],
  1080: ['1920*1080', '1080*1920', '1440*1440', '1632*1248', '1248*1632'],
} as const;
type Tier = keyof typeof VIDEO_TIERS;

/** The text-to-video models the reference documents (wan2.6 aside): tiers, durations, sound, and `size` when none is sent. */
const T2V_MODELS: Record<string, { tiers: Tier[]; durations: number[]; sound: boolean; defaultSize: string }> = {
  'wan2.5-t2v-preview': { tiers: [480, 720, 1080], durations: [5, 10], sound: true, defaultSize: '1920*1080' },
  'wan2.2-t2v-plus': { tiers: [480, 1080], durations: [5], sound: false, defaultSize: '1920*1080' },
  'wanx2.1-t2v-turbo': { tiers: [480, 720], durations: [5], sound: false, defaultSize: '1280*720' },
  'wanx2.1-t2v-plus': { tiers: [720], durations: [5], sound: false, defaultSize: '1280*720' },
};

export const dashscopeVideoSchema = z.strictObject({
  model: z.string().min(1),
  input: z.strictObject({ prompt: z.string().min(1), negative_prompt: z.string().optional(), audio_url: z.string().url().optional() }),
  parameters: z
    .strictObject({
      size,
      duration: z.number().int().positive(),
      prompt_extend: z.boolean(),
      watermark: z.boolean(),
      seed,
      // Documented for the Wan flash models (default true); the fake lets it silence a model that makes sound.
      audio: z.boolean(),
    })
    .partial()
    .optional(),
});

const errorBody = (code: string, message: string) => ({ request_id: randomUUID(), code, message });
const clock = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 23);

/** What a task ends with: pictures (served when it succeeds), or DashScope's code and message. */
type Outcome = { pictures: Buffer[]; results: Array<Record<string, string>> } | { code: string; message: string };

interface Task {
  id: string;
  submittedAt: number;
  /** A slow fault: the task is not done before then. */
  readyAt: number;
  polls: number;
  outcome: Outcome;
  /** The final answer, fixed once given (its URLs are served once). */
  done?: unknown;
}

/** Answers the faults DashScope answers at once; true when it answered. Content refusals and delays are the endpoint's. */
function answered(ctx: FakeContext, fault: FakeFault | undefined): boolean {
  switch (fault?.kind) {
    case 'rate_limit':
      ctx.json(429, errorBody('Throttling.RateQuota', 'Requests rate limit exceeded, please try again later.'), { 'retry-after': String(fault.retryAfter) });
      return true;
    case 'auth':
      ctx.json(401, errorBody('InvalidApiKey', 'Invalid API-key provided.'));
      return true;
    case 'server_error':
      ctx.json(500, errorBody('InternalError', 'An internal error has occured, please try again later or contact service support.'));
      return true;
    default:
      return false;
  }
}

/** A picture the request names: decoded from its data URI, or downloaded as DashScope would. */
async function readImage(ref: string): Promise<Buffer> {
  const data = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(ref);
  if (data) return Buffer.from(data[1], 'base64');
  const res = await fetch(ref).catch(() => null);
  if (!res?.ok) throw new WireError(`Download the media resource timed out or failed: ${ref.slice(0, 100)}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The picture's size, or the refusal DashScope gives a picture out of range (or none at all). */
async function checkedSize(image: Buffer, min: number, max: number): Promise<{ width: number; height: number }> {
  const { width, height } = await sizeOf(image).catch(() => ({ width: 0, height: 0 }));
  if (width === 0) throw new WireError('The input image is not a valid picture; supported formats are JPG, JPEG, PNG, BMP, TIFF and WEBP.');
  if (Math.min(width, height) < min || Math.max(width, height) > max) {
    throw new WireError(`The image resolution is invalid: width and height must be between ${min} and ${max} pixels, got ${width}x${height}.`);
  }
  return { width, height };
}

/** wanx2.1-imageedit's functions as the fake renders them: masked inpainting tints inside the mask only. */
async function wanEdit(body: z.infer<typeof dashscopeImage2ImageSchema>, leak: number): Promise<Outcome> {
  const { input, parameters = {} } = body;
  try {
    const image = await readImage(input.base_image_url);
    const { width, height } = await checkedSize(image, 512, 4096);
    const mask = input.function === 'description_edit_with_mask' ? await readImage(input.mask_image_url!) : null;
    const seedUsed = parameters.seed ?? randomInt(2 ** 31);
    const pictures = await Promise.all(
      Array.from({ length: parameters.n ?? 1 }, async (_, i) => {
        const edited = await fakeEdit(image, mask, 'white', input.prompt, seedUsed + i, leak);
        const factor = input.function === 'super_resolution' ? (parameters.upscale_factor ?? 1) : 1;
        return factor === 1
          ? edited
          : sharp(edited)
              .resize(width * factor, height * factor)
              .png()
              .toBuffer();
      }),
    );
    return { pictures, results: pictures.map(() => ({})) };
  } catch (error) {
    // DashScope reads the pictures inside the task: a bad one fails the task, not the request.
    if (error instanceof WireError) return { code: 'InvalidParameter', message: error.message };
    throw error;
  }
}

async function wanPictures(body: z.infer<typeof dashscopeText2ImageSchema>): Promise<Outcome> {
  const [width, height] = (body.parameters?.size ?? '1024*1024').split('*').map(Number);
  if ([width, height].some((side) => side < 512 || side > 1440))
    throw new WireError(`The size ${width}*${height} is out of range: each side must be in [512, 1440].`);
  const seedUsed = body.parameters?.seed ?? randomInt(2 ** 31);
  // The documented default is 4 pictures; seed, seed+1, … for each.
  const pictures = await Promise.all(Array.from({ length: body.parameters?.n ?? 4 }, (_, i) => fakePicture(body.input.prompt, width, height, seedUsed + i)));
  // The fake rewrites nothing, but answers the rewritten prompt's field as the service does when prompt_extend is on.
  const extended = body.parameters?.prompt_extend !== false;
  return { pictures, results: pictures.map(() => ({ orig_prompt: body.input.prompt, ...(extended ? { actual_prompt: body.input.prompt } : {}) })) };
}

type VideoStatus = 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';

interface VideoTask {
  id: string;
  body: z.infer<typeof dashscopeVideoSchema>;
  width: number;
  height: number;
  seconds: number;
  audio: boolean;
  status: VideoStatus;
  /** The words polls have reported: each phase is seen at least once before the next. */
  seen: Set<VideoStatus>;
  submittedAt: number;
  runsAt: number;
  readyAt: number;
  /** Why it fails: a parameter out of the model's range (at once) or a fault (when its run ends). */
  failure?: { code: string; message: string };
  /** The final answer, made once (its URL is served once). */
  done?: Promise<unknown>;
}

/** PENDING for the first quarter of its run, RUNNING until it is done; a poll sees each before the next. */
function advance(task: VideoTask, now: number) {
  if (task.status === 'PENDING' && task.seen.has('PENDING') && now >= task.runsAt) task.status = 'RUNNING';
  if (task.status === 'RUNNING' && task.seen.has('RUNNING') && now >= task.readyAt) task.status = task.failure ? 'FAILED' : 'SUCCEEDED';
}

const tierOf = (size: string) => (Object.keys(VIDEO_TIERS) as unknown as Tier[]).find((t) => (VIDEO_TIERS[t] as readonly string[]).includes(size));

/** What a finished task bills, as each family reports it: wan2.5 the size as `video_ratio`, wan2.2 the tier as `SR`. */
function videoUsage(task: VideoTask) {
  const { model } = task.body;
  if (model.startsWith('wan2.5')) return { video_count: 1, video_duration: task.seconds, video_ratio: `${task.width}*${task.height}` };
  if (model.startsWith('wan2.2')) return { video_duration: task.seconds, video_count: 1, SR: Number(tierOf(`${task.width}*${task.height}`)) };
  return { video_duration: task.seconds, video_count: 1, video_ratio: 'standard' };
}

/** A video task's answer in its current state; the final one is made once (the MP4 only then, once per shape). */
function videoAnswer(ctx: FakeContext, task: VideoTask): unknown {
  const output = { task_id: task.id, task_status: task.status, submit_time: clock(task.submittedAt) };
  const scheduled = { scheduled_time: clock(task.runsAt) };
  switch (task.status) {
    case 'PENDING':
      return { request_id: randomUUID(), output };
    case 'RUNNING':
      return { request_id: randomUUID(), output: { ...output, ...scheduled } };
    case 'CANCELED':
      return (task.done ??= Promise.resolve({ request_id: randomUUID(), output: { ...output, end_time: clock(Date.now()) } }));
    case 'FAILED':
      return (task.done ??= Promise.resolve({
        request_id: randomUUID(),
        output: { ...output, ...scheduled, end_time: clock(Date.now()), code: task.failure!.code, message: task.failure!.message },
      }));
    case 'SUCCEEDED':
      return (task.done ??= fakeVideo(task.width, task.height, task.seconds, task.audio).then((mp4) => {
        const { prompt } = task.body.input;
        // The fake rewrites nothing, but answers actual_prompt as the service does when prompt_extend is on (its default).
        const extended = task.body.parameters?.prompt_extend !== false;
        return {
          request_id: randomUUID(),
          output: {
            ...output,
            ...scheduled,
            end_time: clock(Date.now()),
            orig_prompt: prompt,
            ...(extended ? { actual_prompt: prompt } : {}),
            video_url: ctx.serve(mp4, 'video/mp4'),
          },
          usage: videoUsage(task),
        };
      }));
  }
}

/** A task for a text-to-video request; a size or duration the model does not take fails it at once, as DashScope fails the task. */
function videoTask(ctx: FakeContext, body: z.infer<typeof dashscopeVideoSchema>, fault: FakeFault | undefined): VideoTask {
  const spec = T2V_MODELS[body.model];
  const size = body.parameters?.size ?? spec.defaultSize;
  const seconds = body.parameters?.duration ?? 5;
  const [width, height] = size.split('*').map(Number);
  const sizes = spec.tiers.flatMap((t) => VIDEO_TIERS[t]);
  const invalid = !(sizes as string[]).includes(size)
    ? { code: 'InvalidParameter', message: `The size is not match ${body.model}: ${size} (it takes ${sizes.join(', ')})` }
    : !spec.durations.includes(seconds)
      ? { code: 'InvalidParameter', message: `The duration is not match ${body.model}: ${seconds} (it takes ${spec.durations.join(', ')})` }
      : undefined;
  const now = Date.now();
  return {
    id: randomUUID(),
    body,
    width,
    height,
    seconds,
    audio: spec.sound && body.parameters?.audio !== false,
    status: invalid ? 'FAILED' : 'PENDING',
    seen: new Set(),
    submittedAt: now,
    runsAt: now + ctx.fake.videoMs / 4,
    readyAt: now + ctx.fake.videoMs + (fault?.kind === 'slow' ? fault.ms : 0),
    failure:
      invalid ??
      (fault?.kind === 'content_policy'
        ? { code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' }
        : fault?.kind === 'task_failed'
          ? { code: 'InternalError', message: 'An internal error has occured, please try again later or contact service support.' }
          : undefined),
  };
}

export function startDashScopeFake(): Promise<ProviderFake> {
  const tasks = new Map<string, Task>();
  const videoTasks = new Map<string, VideoTask>();

  async function pollVideo(ctx: FakeContext, task: VideoTask) {
    advance(task, Date.now());
    task.seen.add(task.status);
    ctx.json(200, await videoAnswer(ctx, task));
  }

  /** POST /api/v1/tasks/{id}/cancel: only a task still queued (PENDING) can be. */
  function cancel(ctx: FakeContext, id: string) {
    const video = videoTasks.get(id);
    if (video) advance(video, Date.now());
    const image = tasks.get(id);
    if (video?.status === 'PENDING') video.status = 'CANCELED';
    else if (image && image.polls === 0 && !image.done)
      image.done = { request_id: randomUUID(), output: { task_id: id, task_status: 'CANCELED', submit_time: clock(image.submittedAt) } };
    else return ctx.json(400, errorBody('UnsupportedOperation', 'Failed to cancel the task, please confirm if the task is in PENDING status.'));
    ctx.json(200, { request_id: randomUUID() });
  }

  async function createTask(ctx: FakeContext, fault: FakeFault | undefined, outcome: () => Promise<Outcome>) {
    const refused = fault?.kind === 'content_policy';
    const task: Task = {
      id: randomUUID(),
      submittedAt: Date.now(),
      readyAt: Date.now() + (fault?.kind === 'slow' ? fault.ms : 0),
      polls: 0,
      // Wan inspects what it made: a refusal is a FAILED task, not a refused request.
      outcome: refused ? { code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' } : await outcome(),
    };
    tasks.set(task.id, task);
    ctx.json(200, { output: { task_status: 'PENDING', task_id: task.id }, request_id: randomUUID() });
  }

  function poll(ctx: FakeContext, id: string) {
    const task = tasks.get(id);
    if (!task) return ctx.json(200, { request_id: randomUUID(), output: { task_id: id, task_status: 'UNKNOWN' } });
    task.polls += 1;
    if (task.done) return ctx.json(200, task.done);
    const times = { submit_time: clock(task.submittedAt), scheduled_time: clock(task.submittedAt + 20) };
    // The first poll always finds it running, so every task is seen PENDING, then RUNNING, then done.
    if (!task.done && (task.polls < 2 || Date.now() < task.readyAt)) {
      return ctx.json(200, { request_id: randomUUID(), output: { task_id: id, task_status: 'RUNNING', ...times } });
    }
    if (!task.done) {
      const end = { ...times, end_time: clock(Date.now()) };
      const { outcome } = task;
      task.done =
        'code' in outcome
          ? { request_id: randomUUID(), output: { task_id: id, task_status: 'FAILED', ...end, code: outcome.code, message: outcome.message } }
          : {
              request_id: randomUUID(),
              output: {
                task_id: id,
                task_status: 'SUCCEEDED',
                ...end,
                results: outcome.pictures.map((png, i) => ({ ...outcome.results[i], url: ctx.serve(png) })),
                task_metrics: { TOTAL: outcome.pictures.length, SUCCEEDED: outcome.pictures.length, FAILED: 0 },
              },
              usage: { image_count: outcome.pictures.length },
            };
    }
    ctx.json(200, task.done);
  }

  async function qwenEdit(ctx: FakeContext, body: z.infer<typeof dashscopeMultimodalSchema>, fault: FakeFault | undefined) {
    // The synchronous endpoint inspects the input and refuses the request itself.
    if (fault?.kind === 'content_policy') return ctx.json(400, errorBody('DataInspectionFailed', 'Input data may contain inappropriate content.'));
    if (fault?.kind === 'slow') await sleep(fault.ms);
    const content = body.input.messages[0].content;
    const prompt = content.flatMap((c) => ('text' in c ? [c.text] : [])).join(' ');
    const image = await readImage(content.flatMap((c) => ('image' in c ? [c.image] : []))[0]);
    const { width, height } = await checkedSize(image, 384, 3072);
    // Without `size` it answers at about 1024x1024 in the input's ratio, sides a multiple of 16 (e.g. 1248x832 for 3:2).
    const scale = Math.sqrt((1024 * 1024) / (width * height));
    const [w, h] = [width, height].map((side) => Math.max(16, Math.round((side * scale) / 16) * 16));
    const resized = await sharp(image).resize(w, h, { fit: 'fill' }).png().toBuffer();
    const edited = await fakeEdit(resized, null, 'white', prompt, body.parameters?.seed ?? randomInt(2 ** 31), ctx.fake.leak);
    ctx.json(200, {
      output: { choices: [{ finish_reason: 'stop', message: { role: 'assistant', content: [{ image: ctx.serve(edited) }] } }] },
      usage: { width: w, height: h, image_count: 1 },
      request_id: randomUUID(),
    });
  }

  return startFake('dashscope', '', async (ctx) => {
    const auth = ctx.req.headers.authorization;
    if (!auth) return ctx.json(401, errorBody('InvalidApiKey', 'No API-key provided.'));
    if (auth !== `Bearer ${ctx.fake.key}`) return ctx.json(401, errorBody('InvalidApiKey', 'Invalid API-key provided.'));
    const path = ctx.url.pathname;
    const asyncHeader = ctx.req.headers['x-dashscope-async'] === 'enable';
    try {
      const task = /^\/api\/v1\/tasks\/([^/]+)$/.exec(path);
      if (ctx.req.method === 'GET' && task) {
        const id = decodeURIComponent(task[1]);
        const video = videoTasks.get(id);
        return video ? await pollVideo(ctx, video) : poll(ctx, id);
      }
      const cancelled = /^\/api\/v1\/tasks\/([^/]+)\/cancel$/.exec(path);
      if (ctx.req.method === 'POST' && cancelled) return cancel(ctx, decodeURIComponent(cancelled[1]));
      if (ctx.req.method !== 'POST' || ![TEXT2IMAGE_PATH, IMAGE2IMAGE_PATH, MULTIMODAL_PATH, VIDEO_SYNTHESIS_PATH].includes(path)) {
        return ctx.json(404, errorBody('NotFound', `${ctx.req.method} ${path} is not an API of this service.`));
      }
      if (path !== MULTIMODAL_PATH && !asyncHeader) return ctx.json(403, errorBody('AccessDenied', 'current user api does not support synchronous calls'));
      if (path === MULTIMODAL_PATH && asyncHeader) return ctx.json(403, errorBody('AccessDenied', 'current user api does not support asynchronous calls'));
      if (path === VIDEO_SYNTHESIS_PATH) {
        const body = wire(dashscopeVideoSchema, ctx.body);
        if (!T2V_MODELS[body.model]) return ctx.json(400, errorBody('InvalidParameter', 'Model not exist.'));
        const fault = ctx.fault();
        if (answered(ctx, fault)) return;
        const created = videoTask(ctx, body, fault);
        videoTasks.set(created.id, created);
        // No callback field exists: DashScope notifies tasks only through an account-wide setting, never per request.
        return ctx.json(200, { output: { task_status: 'PENDING', task_id: created.id }, request_id: randomUUID() });
      }
      if (path === TEXT2IMAGE_PATH) {
        const body = wire(dashscopeText2ImageSchema, ctx.body);
        if (!TEXT2IMAGE_MODELS.includes(body.model)) return ctx.json(400, errorBody('InvalidParameter', 'Model not exist.'));
        const fault = ctx.fault();
        if (answered(ctx, fault)) return;
        return await createTask(ctx, fault, () => wanPictures(body));
      }
      if (path === IMAGE2IMAGE_PATH) {
        const body = wire(dashscopeImage2ImageSchema, ctx.body);
        if (!IMAGE2IMAGE_MODELS.includes(body.model)) return ctx.json(400, errorBody('InvalidParameter', 'Model not exist.'));
        const fault = ctx.fault();
        if (answered(ctx, fault)) return;
        return await createTask(ctx, fault, () => wanEdit(body, ctx.fake.leak));
      }
      const body = wire(dashscopeMultimodalSchema, ctx.body);
      if (!MULTIMODAL_MODELS.includes(body.model)) return ctx.json(400, errorBody('InvalidParameter', 'Model not exist.'));
      const fault = ctx.fault();
      if (answered(ctx, fault)) return;
      return await qwenEdit(ctx, body, fault);
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      ctx.json(400, errorBody('InvalidParameter', error.message));
    }
  });
}
