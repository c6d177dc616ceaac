// A fake of Alibaba Cloud Model Studio's native image APIs (DashScope): Wan text-to-image and Wan image
// editing as asynchronous tasks that go PENDING → RUNNING → SUCCEEDED (or FAILED) across polls,
// Qwen-Image-Edit answering at once. What it checks is the API references' request shape (the schemas
// below accept the documented bodies in examples/dashscope), what it answers their response fields,
// errors included; result pictures are URLs on the fake's own origin that expire like DashScope's.
import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { z } from 'zod';
import { fakeEdit, fakePicture, sizeOf, startFake, wire, WireError, type FakeContext, type FakeFault, type ProviderFake } from './harness';

export const TEXT2IMAGE_PATH = '/api/v1/services/aigc/text2image/image-synthesis';
export const IMAGE2IMAGE_PATH = '/api/v1/services/aigc/image2image/image-synthesis';
export const MULTIMODAL_PATH = '/api/v1/services/aigc/multimodal-generation/generation';

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

export function startDashScopeFake(): Promise<ProviderFake> {
  const tasks = new Map<string, Task>();

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
      if (ctx.req.method === 'GET' && task) return poll(ctx, decodeURIComponent(task[1]));
      if (ctx.req.method !== 'POST' || ![TEXT2IMAGE_PATH, IMAGE2IMAGE_PATH, MULTIMODAL_PATH].includes(path)) {
        return ctx.json(404, errorBody('NotFound', `${ctx.req.method} ${path} is not an API of this service.`));
      }
      if (path !== MULTIMODAL_PATH && !asyncHeader) return ctx.json(403, errorBody('AccessDenied', 'current user api does not support synchronous calls'));
      if (path === MULTIMODAL_PATH && asyncHeader) return ctx.json(403, errorBody('AccessDenied', 'current user api does not support asynchronous calls'));
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
