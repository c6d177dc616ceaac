// A fake of Kling AI's text-to-video API: its JWT checked as Kling checks it (HS256 with the secret key,
// `iss` the access key, `nbf` passed, `exp` not), the create body checked against the documented fields
// (the schema accepts the bodies in examples/kling), and tasks that read submitted → processing →
// succeed (or failed) as time passes, each answer wrapped as Kling wraps it: code 0 and message
// "SUCCEED" around any task, a failed one included. A finished task's MP4 is served from the fake's own
// origin and expires like Kling's URLs; its callback URL, when given, gets the task when it ends.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { readMp4 } from '../mp4';
import { fakeVideo, sendCallback, startFake, wire, WireError, type FakeContext, type FakeFault, type ProviderFake } from './harness';

export const KLING_TEXT2VIDEO_PATH = '/v1/videos/text2video';

/** The text-to-video `model_name`s Kling's reference lists (kling-v1 when none is named). */
const MODELS = ['kling-v1', 'kling-v1-6', 'kling-v2-master', 'kling-v2-1-master', 'kling-v2-5-turbo'] as const;
/**
 * Models whose text-to-video the capability map offers in pro mode only: the fake makes them at 1080p
 * whatever `mode` says (resellers document `mode` as ignored for them; Kling documents no refusal).
 */
const PRO_ONLY = new Set<string>(['kling-v2-1-master', 'kling-v2-5-turbo']);

/** Kling's words for a task its risk control stops, as its answers give them. */
export const KLING_RISK_CONTROL_MESSAGE = 'Failure to pass the risk control system';
/** Kling documents no wording for a generic failure: this one is the fake's own. */
export const KLING_GENERIC_FAILURE_MESSAGE = 'Video generation failed due to an internal error, please try again later';

const move = z.number().min(-10).max(10);
export const klingText2VideoSchema = z.strictObject({
  model_name: z.enum(MODELS).optional(),
  prompt: z.string().min(1).max(2500),
  negative_prompt: z.string().max(2500).optional(),
  cfg_scale: z.number().min(0).max(1).optional(),
  mode: z.enum(['std', 'pro']).optional(),
  camera_control: z
    .strictObject({
      type: z.enum(['simple', 'down_back', 'forward_up', 'right_turn_forward', 'left_turn_forward']),
      config: z.strictObject({ horizontal: move, vertical: move, pan: move, tilt: move, roll: move, zoom: move }).partial().nullable().optional(),
    })
    .optional(),
  aspect_ratio: z.enum(['16:9', '9:16', '1:1']).optional(),
  // Strings: Kling refuses a number here.
  duration: z.enum(['5', '10']).optional(),
  callback_url: z.url().optional(),
  external_task_id: z.string().min(1).optional(),
});
type Text2Video = z.infer<typeof klingText2VideoSchema>;

const errorBody = (code: number, message: string) => ({ code, message, request_id: randomUUID() });

/** The size a request's mode and aspect ratio mean: std 720p, pro 1080p, the short side that many pixels. */
export function klingFrameSize(body: Pick<Text2Video, 'model_name' | 'mode' | 'aspect_ratio'>): { width: number; height: number } {
  const short = body.mode === 'pro' || PRO_ONLY.has(body.model_name ?? 'kling-v1') ? 1080 : 720;
  const long = (short * 16) / 9;
  const ratio = body.aspect_ratio ?? '16:9';
  if (ratio === '1:1') return { width: short, height: short };
  return ratio === '16:9' ? { width: long, height: short } : { width: short, height: long };
}

/** What Kling answers a request's Authorization with, when it refuses it: code and words from its error table. */
function authRefusal(header: string | undefined, fake: ProviderFake): [number, string] | undefined {
  if (!header) return [1001, 'Authorization is empty'];
  const [scheme, token] = header.split(' ');
  const parts = token?.split('.') ?? [];
  if (scheme !== 'Bearer' || parts.length !== 3) return [1002, 'Authorization is invalid'];
  const [head, payload, signature] = parts;
  const json = (part: string) => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  };
  const [h, claims] = [json(head), json(payload)];
  if (h?.alg !== 'HS256' || typeof claims !== 'object' || claims === null) return [1002, 'Authorization is invalid'];
  // The access key names the account; then its secret must have signed the token.
  if (claims.iss !== fake.key) return [1000, 'Authentication failed'];
  const expected = createHmac('sha256', fake.secret!).update(`${head}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [1002, 'Authorization is invalid'];
  const now = Date.now() / 1000;
  if (typeof claims.nbf === 'number' && claims.nbf > now) return [1003, 'Authorization is not yet valid'];
  if (typeof claims.exp !== 'number' || claims.exp <= now) return [1004, 'Authorization has expired'];
  return undefined;
}

/** Answers the faults Kling answers at the create call; true when it answered. Refusals and delays belong to the task. */
function answered(ctx: FakeContext, fault: FakeFault | undefined): boolean {
  switch (fault?.kind) {
    case 'rate_limit':
      // Kling documents no Retry-After; the fake sends the fault's so the layer's waiting is exercised.
      ctx.json(429, errorBody(1302, 'The API request is too fast, exceeding the platform’s rate limit'), { 'retry-after': String(fault.retryAfter) });
      return true;
    case 'auth':
      ctx.json(401, errorBody(1000, 'Authentication failed'));
      return true;
    case 'server_error':
      ctx.json(500, errorBody(5000, 'Server internal error'));
      return true;
    default:
      return false;
  }
}

interface Task {
  id: string;
  request: Text2Video;
  createdAt: number;
  /** Processing from then on (a quarter of the run), done from readyAt. */
  processingAt: number;
  readyAt: number;
  /** Why it fails, or undefined when it makes a video (started encoding at creation). */
  failure?: string;
  video?: Promise<Buffer>;
  /** The finished task, fixed once made (its URL is served once). */
  done?: Promise<Record<string, unknown>>;
  timer?: NodeJS.Timeout;
}

/** A fake of Kling's text-to-video API; `fake.key` is the access key it accepts and `fake.secret` the secret key. */
export async function startKlingFake(): Promise<ProviderFake> {
  const tasks = new Map<string, Task>();

  /** A task as Kling reads it back: the poll's `data`, and the callback's body. */
  const data = (task: Task, status: string, extra: Record<string, unknown> = {}) => ({
    task_id: task.id,
    task_status: status,
    task_status_msg: '',
    task_info: task.request.external_task_id ? { external_task_id: task.request.external_task_id } : {},
    created_at: task.createdAt,
    updated_at: status === 'submitted' ? task.createdAt : Date.now(),
    task_result: {},
    ...extra,
  });
  // Kling's envelope: code 0 and "SUCCEED" whatever became of the task.
  const envelope = (payload: unknown) => ({ code: 0, message: 'SUCCEED', request_id: randomUUID(), data: payload });

  function finish(ctx: FakeContext, task: Task): Promise<Record<string, unknown>> {
    task.done ??= (async () => {
      if (task.failure !== undefined) return data(task, 'failed', { task_status_msg: task.failure });
      const bytes = await task.video!;
      // Kling gives the length it made as a decimal string ("5.1"): the file's own, here.
      const seconds = readMp4(bytes).durationSeconds.toFixed(1);
      return data(task, 'succeed', { task_result: { videos: [{ id: randomUUID(), url: ctx.serve(bytes, 'video/mp4'), duration: seconds }] } });
    })();
    return task.done;
  }

  function create(ctx: FakeContext, request: Text2Video, fault: FakeFault | undefined) {
    const now = Date.now();
    const runMs = ctx.fake.videoMs + (fault?.kind === 'slow' ? fault.ms : 0);
    const failure = fault?.kind === 'content_policy' ? KLING_RISK_CONTROL_MESSAGE : fault?.kind === 'task_failed' ? KLING_GENERIC_FAILURE_MESSAGE : undefined;
    const task: Task = {
      id: String(now * 1000 + Math.floor(Math.random() * 1000)),
      request,
      createdAt: now,
      processingAt: now + ctx.fake.videoMs / 4,
      readyAt: now + runMs,
      failure,
    };
    if (failure === undefined) {
      const { width, height } = klingFrameSize(request);
      task.video = fakeVideo(width, height, Number(request.duration ?? '5'), false);
      task.video.catch(() => undefined);
    }
    tasks.set(task.id, task);
    // Kling calls back on its own clock, whether or not anyone polls.
    task.timer = setTimeout(async () => {
      const final = await finish(ctx, task).catch(() => undefined);
      if (final && request.callback_url && ctx.fake.callbacks) await sendCallback(ctx.fake, request.callback_url, final);
    }, runMs);
    task.timer.unref();
    ctx.json(200, envelope(data(task, 'submitted')));
  }

  async function poll(ctx: FakeContext, id: string) {
    // Kling finds a task by its id or by the caller's external_task_id.
    const task = tasks.get(id) ?? [...tasks.values()].find((t) => t.request.external_task_id === id);
    if (!task) return ctx.json(404, errorBody(1203, 'The requested resource does not exist'));
    const now = Date.now();
    if (now < task.processingAt) return ctx.json(200, envelope(data(task, 'submitted')));
    if (now < task.readyAt) return ctx.json(200, envelope(data(task, 'processing')));
    ctx.json(200, envelope(await finish(ctx, task)));
  }

  const fake = await startFake('kling', '', async (ctx) => {
    const refused = authRefusal(ctx.req.headers.authorization, ctx.fake);
    if (refused) return ctx.json(401, errorBody(...refused));
    const task = new RegExp(`^${KLING_TEXT2VIDEO_PATH}/([^/]+)$`).exec(ctx.url.pathname);
    try {
      if (ctx.req.method === 'POST' && ctx.url.pathname === KLING_TEXT2VIDEO_PATH) {
        const request = wire(klingText2VideoSchema, ctx.body);
        const fault = ctx.fault();
        if (answered(ctx, fault)) return;
        return create(ctx, request, fault);
      }
      if (ctx.req.method === 'GET' && task) return await poll(ctx, decodeURIComponent(task[1]));
      ctx.json(404, errorBody(1202, 'The requested method is invalid'));
    } catch (error) {
      if (!(error instanceof WireError)) throw error;
      ctx.json(400, errorBody(1201, `Invalid parameters: ${error.message}`));
    }
  });
  fake.secret = `fake-kling-secret-${randomBytes(16).toString('hex')}`;
  const close = fake.close;
  fake.close = () => {
    for (const t of tasks.values()) clearTimeout(t.timer);
    return close();
  };
  return fake;
}
