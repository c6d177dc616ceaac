// A fake of Volcengine Ark's content-generation tasks API for Seedance video: tasks that go queued →
// running → succeeded (or failed) as time passes (and never skip a word between two polls), cancelled
// while queued, deleted once finished. What it checks is the documented request body (the schema below
// accepts the examples in examples/ark), per model: durations, resolutions, generate_audio. What it
// answers are the documented task fields: a real MP4 at the frame size Ark's table gives the resolution
// and ratio, usage.total_tokens as Ark bills it (width × height × 24 fps × seconds / 1024), errors in
// Ark's {error: {code, message, param, type}}, and unsigned callbacks carrying the task on each change.
import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { fakeVideo, sendCallback, startFake, wire, WireError, type FakeContext, type FakeFault, type ProviderFake } from './harness';

export const ARK_TASKS_PATH = '/api/v3/contents/generations/tasks';
const FPS = 24;
const RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'] as const;
type Ratio = (typeof RATIOS)[number];

/** Width × height per resolution and ratio, from the create API's table (Seedance 1.0 and 1.5 pro differ). */
const FRAMES: Record<'1.0' | '1.5', Record<string, Record<Ratio, [number, number]>>> = {
  '1.0': {
    '480p': { '16:9': [864, 480], '4:3': [736, 544], '1:1': [640, 640], '3:4': [544, 736], '9:16': [480, 864], '21:9': [960, 416] },
    '720p': { '16:9': [1248, 704], '4:3': [1120, 832], '1:1': [960, 960], '3:4': [832, 1120], '9:16': [704, 1248], '21:9': [1504, 640] },
    '1080p': { '16:9': [1920, 1088], '4:3': [1664, 1248], '1:1': [1440, 1440], '3:4': [1248, 1664], '9:16': [1088, 1920], '21:9': [2176, 928] },
  },
  '1.5': {
    '480p': { '16:9': [864, 496], '4:3': [752, 560], '1:1': [640, 640], '3:4': [560, 752], '9:16': [496, 864], '21:9': [992, 432] },
    '720p': { '16:9': [1280, 720], '4:3': [1112, 834], '1:1': [960, 960], '3:4': [834, 1112], '9:16': [720, 1280], '21:9': [1470, 630] },
  },
};

interface FakeModel {
  family: '1.0' | '1.5';
  minSeconds: number;
  defaultResolution: string;
  /** Seedance 1.5 pro only: it takes generate_audio, and makes sound unless told not to. */
  audio: boolean;
}

const MODELS: Record<string, FakeModel> = {
  'doubao-seedance-1-0-pro-250528': { family: '1.0', minSeconds: 2, defaultResolution: '1080p', audio: false },
  'doubao-seedance-1-0-lite-t2v-250428': { family: '1.0', minSeconds: 2, defaultResolution: '720p', audio: false },
  'doubao-seedance-1-5-pro-251215': { family: '1.5', minSeconds: 4, defaultResolution: '720p', audio: true },
};

const textItem = z.strictObject({ type: z.literal('text'), text: z.string().min(1) });
const imageItem = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({ url: z.string().min(1) }),
  role: z.enum(['first_frame', 'last_frame', 'reference_image']).optional(),
});

/** The create body as documented (fields, types and ranges; what a model takes is checked after). */
export const arkCreateTaskSchema = z.strictObject({
  model: z.string().min(1),
  content: z
    .array(z.union([textItem, imageItem]))
    .min(1)
    .refine((items) => items.filter((i) => i.type === 'text').length <= 1, 'at most one text item'),
  callback_url: z.url().optional(),
  return_last_frame: z.boolean().optional(),
  service_tier: z.enum(['default', 'flex']).optional(),
  execution_expires_after: z.int().min(3600).max(259_200).optional(),
  generate_audio: z.boolean().optional(),
  camera_fixed: z.boolean().optional(),
  watermark: z.boolean().optional(),
  seed: z
    .int()
    .min(-1)
    .max(2 ** 32 - 1)
    .optional(),
  resolution: z.enum(['480p', '720p', '1080p']).optional(),
  ratio: z.enum([...RATIOS, 'adaptive']).optional(),
  // -1: Seedance 1.5 pro picks the length itself.
  duration: z.int().min(-1).max(12).optional(),
  frames: z.int().min(29).max(289).optional(),
  draft: z.boolean().optional(),
});
type CreateBody = z.infer<typeof arkCreateTaskSchema>;

const requestId = () => `02${Date.now()}${randomBytes(12).toString('hex')}`;
const errorBody = (code: string, message: string, type: string) => ({ error: { code, message: `${message} Request ID: ${requestId()}`, param: '', type } });
const unix = (ms: number) => Math.floor(ms / 1000);

/** Ark's bill for a video: tokens = width × height × fps × seconds / 1024 (its pricing page's formula). */
export const arkTokens = (width: number, height: number, seconds: number) => Math.round((width * height * FPS * seconds) / 1024);

interface Task {
  id: string;
  model: string;
  family: '1.0' | '1.5';
  resolution: string;
  ratio: Ratio;
  duration: number;
  seed: number;
  audio: boolean;
  createdAt: number;
  runningAt: number;
  /** Done from then on (videoMs after creation, plus a slow fault's ms). */
  readyAt: number;
  outcome: 'succeeded' | { code: string; message: string };
  cancelledAt?: number;
  /** The furthest stage a GET has shown (0 queued, 1 running, 2 done): a poll never skips one. */
  shown: number;
  /** The final answer, made once (its URL served once). */
  done?: Promise<Record<string, unknown>>;
  serve: FakeContext['serve'];
}

const STATUS = ['queued', 'running'] as const;

function taskBody(task: Task, stage: number): Promise<Record<string, unknown>> {
  const at = [task.createdAt, task.runningAt, task.readyAt][stage];
  const base = {
    id: task.id,
    model: task.model,
    error: null,
    seed: task.seed,
    resolution: task.resolution,
    ratio: task.ratio,
    duration: task.duration,
    framespersecond: FPS,
    ...(task.family === '1.5' ? { generate_audio: task.audio } : {}),
    service_tier: 'default',
    execution_expires_after: 172_800,
    created_at: unix(task.createdAt),
  };
  if (task.cancelledAt !== undefined) return Promise.resolve({ ...base, status: 'cancelled', updated_at: unix(task.cancelledAt) });
  if (stage < 2) return Promise.resolve({ ...base, status: STATUS[stage], updated_at: unix(at) });
  task.done ??= finish(task, { ...base, updated_at: unix(at) });
  return task.done;
}

async function finish(task: Task, base: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { outcome } = task;
  // Failed tasks are not billed, and carry no usage.
  if (outcome !== 'succeeded') return { ...base, status: 'failed', error: outcome };
  const [width, height] = FRAMES[task.family][task.resolution][task.ratio];
  const video = await fakeVideo(width, height, task.duration, task.audio);
  const tokens = arkTokens(width, height, task.duration);
  return {
    ...base,
    status: 'succeeded',
    content: { video_url: task.serve(video, 'video/mp4') },
    usage: { completion_tokens: tokens, total_tokens: tokens },
  };
}

/** The stage the clock says (0 queued, 1 running, 2 done). */
const stageAt = (task: Task, now = Date.now()) => (now < task.runningAt ? 0 : now < task.readyAt ? 1 : 2);

/** What Ark checks per model that the schema cannot: the model itself, its durations, resolutions and audio. */
function checkModel(body: CreateBody): FakeModel {
  const model = MODELS[body.model];
  if (!model) throw new ModelNotFound(body.model);
  if (body.duration !== undefined && !(body.duration === -1 && model.family === '1.5') && body.duration < model.minSeconds)
    throw new WireError(`duration must be in [${model.minSeconds}, 12] for ${body.model}.`);
  if (body.resolution !== undefined && !(body.resolution in FRAMES[model.family]))
    throw new WireError(`resolution ${body.resolution} is not supported by ${body.model}.`);
  // Documented as Seedance 1.5 pro's only: the fake refuses it elsewhere so an adapter that sends it is caught.
  if (body.generate_audio !== undefined && !model.audio) throw new WireError(`generate_audio is not supported by ${body.model}.`);
  if (body.frames !== undefined && model.family === '1.5') throw new WireError(`frames is not supported by ${body.model}.`);
  return model;
}

class ModelNotFound extends Error {}

/** Answers the faults Ark answers at once; true when it answered. Refusals and delays are the task's. */
function answered(ctx: FakeContext, fault: FakeFault | undefined): boolean {
  switch (fault?.kind) {
    case 'rate_limit':
      ctx.json(
        429,
        errorBody(
          'RateLimitExceeded.EndpointRPMExceeded',
          'The Requests Per Minute (RPM) limit of the associated endpoint for your account has been exceeded.',
          'TooManyRequests',
        ),
        { 'retry-after': String(fault.retryAfter) },
      );
      return true;
    case 'auth':
      ctx.json(401, errorBody('AuthenticationError', 'The API key or AK/SK in the request is missing or invalid.', 'Unauthorized'));
      return true;
    case 'server_error':
      ctx.json(500, errorBody('InternalServiceError', 'The service encountered an unexpected internal error.', 'InternalServerError'));
      return true;
    default:
      return false;
  }
}

/** A task id as Ark gives them: cgt-<yyyymmddhhmmss>-<5 characters>. */
const taskId = () => `cgt-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex').slice(0, 5)}`;

export function startArkFake(): Promise<ProviderFake> {
  const tasks = new Map<string, Task>();

  function create(ctx: FakeContext) {
    const body = wire(arkCreateTaskSchema, ctx.body);
    const model = checkModel(body);
    const fault = ctx.fault();
    if (answered(ctx, fault)) return;
    const now = Date.now();
    const { videoMs } = ctx.fake;
    const ratio = body.ratio === undefined || body.ratio === 'adaptive' ? '16:9' : body.ratio;
    const task: Task = {
      id: taskId(),
      model: body.model,
      family: model.family,
      resolution: body.resolution ?? model.defaultResolution,
      ratio,
      duration: body.duration === undefined || body.duration === -1 ? 5 : body.duration,
      seed: body.seed === undefined || body.seed === -1 ? randomInt(2 ** 32 - 1) : body.seed,
      audio: model.audio && body.generate_audio !== false,
      createdAt: now,
      runningAt: now + videoMs / 3,
      readyAt: now + videoMs + (fault?.kind === 'slow' ? fault.ms : 0),
      // Ark inspects what it made: a refusal is a failed task, not a refused request.
      outcome:
        fault?.kind === 'content_policy'
          ? {
              code: 'OutputVideoSensitiveContentDetected',
              message: `The request failed because the output video may contain sensitive information. Request ID: ${requestId()}`,
            }
          : fault?.kind === 'task_failed'
            ? { code: 'InternalServiceError', message: `The service encountered an unexpected internal error. Request ID: ${requestId()}` }
            : 'succeeded',
      shown: -1,
      serve: ctx.serve,
    };
    tasks.set(task.id, task);
    ctx.json(200, { id: task.id });
    if (body.callback_url) scheduleCallbacks(ctx.fake, task, body.callback_url);
  }

  /** Ark posts the task (as GET shows it) to the callback URL on each status change: queued, running, then its end, in that order. */
  function scheduleCallbacks(fake: ProviderFake, task: Task, url: string) {
    let sent = Promise.resolve();
    [task.createdAt, task.runningAt, task.readyAt].forEach((at, stage) => {
      const timer = setTimeout(
        () => {
          sent = sent.then(async () => {
            if (!fake.callbacks || task.cancelledAt !== undefined || !tasks.has(task.id)) return;
            await sendCallback(fake, url, await taskBody(task, stage));
          });
        },
        Math.max(0, at - Date.now()),
      );
      timer.unref();
    });
  }

  async function get(ctx: FakeContext, id: string) {
    const task = tasks.get(id);
    if (!task) return ctx.json(404, errorBody('ResourceNotFound', `The specified task ${id} is not found.`, 'NotFound'));
    const stage = Math.min(stageAt(task), task.shown + 1);
    task.shown = Math.max(task.shown, stage);
    ctx.json(200, await taskBody(task, stage));
  }

  function remove(ctx: FakeContext, id: string) {
    const task = tasks.get(id);
    if (!task) return ctx.json(404, errorBody('ResourceNotFound', `The specified task ${id} is not found.`, 'NotFound'));
    const stage = stageAt(task);
    // Only a queued task can be cancelled (it stays, cancelled); a finished one is deleted. Ark documents no
    // wording for a running one: its OperationDenied.InvalidState code is the nearest it has.
    if (task.cancelledAt !== undefined || stage === 2) tasks.delete(id);
    else if (stage === 0) task.cancelledAt = Date.now();
    else
      return ctx.json(
        403,
        errorBody('OperationDenied.InvalidState', `Operation is denied because the specified task ${id} is in invalid state: running.`, 'Forbidden'),
      );
    ctx.json(200, {});
  }

  return startFake('ark', '/api/v3', async (ctx) => {
    if (ctx.req.headers.authorization !== `Bearer ${ctx.fake.key}`)
      return ctx.json(401, errorBody('AuthenticationError', 'The API key or AK/SK in the request is missing or invalid.', 'Unauthorized'));
    const path = ctx.url.pathname;
    const one = path.startsWith(`${ARK_TASKS_PATH}/`) ? decodeURIComponent(path.slice(ARK_TASKS_PATH.length + 1)) : undefined;
    try {
      if (ctx.req.method === 'POST' && path === ARK_TASKS_PATH) return create(ctx);
      if (ctx.req.method === 'GET' && one) return await get(ctx, one);
      if (ctx.req.method === 'DELETE' && one) return remove(ctx, one);
      ctx.json(404, errorBody('NotFound', `${ctx.req.method} ${path} is not an API of this service.`, 'NotFound'));
    } catch (error) {
      if (error instanceof ModelNotFound)
        return ctx.json(
          404,
          errorBody('InvalidEndpointOrModel.NotFound', `The model or endpoint ${error.message} does not exist or you do not have access to it.`, 'NotFound'),
        );
      if (!(error instanceof WireError)) throw error;
      ctx.json(400, errorBody('InvalidParameter', `One or more parameters specified in the request are not valid: ${error.message}`, 'BadRequest'));
    }
  });
}
