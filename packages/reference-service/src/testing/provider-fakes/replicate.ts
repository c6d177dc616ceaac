// A fake of Replicate's HTTP API for two official models, black-forest-labs/flux-schnell and
// bria/genfill: `POST /v1/models/{owner}/{name}/predictions` creates a prediction, `GET
// /v1/predictions/{id}` polls it through starting → processing → succeeded (or failed). Request shapes
// are the models' input schemas, answers Replicate's prediction object and its problem-detail errors
// (examples/replicate holds the documented bodies).
import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { fakeEdit, fakePicture, startFake, wire, WireError, type FakeContext, type ProviderFake } from './harness';

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

export async function startReplicateFake(): Promise<ProviderFake> {
  const predictions = new Map<string, Prediction>();
  const fake = await startFake('replicate', '/v1', async (ctx) => {
    const auth = ctx.req.headers.authorization;
    if (!auth) return ctx.json(401, problem(401, 'Unauthenticated', 'You did not pass an authentication token'));
    // Replicate takes `Bearer <token>`, and the older `Token <token>`.
    if (auth !== `Bearer ${ctx.fake.key}` && auth !== `Token ${ctx.fake.key}`) {
      return ctx.json(401, problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
    }
    const create = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(ctx.url.pathname);
    const poll = /^\/v1\/predictions\/([a-z0-9]+)$/.exec(ctx.url.pathname);
    try {
      if (ctx.req.method === 'POST' && create && ['black-forest-labs/flux-schnell', 'bria/genfill'].includes(create[1])) {
        const { input, run, refusal } = accept(ctx, create[1]);
        const fault = ctx.fault();
        if (fault?.kind === 'rate_limit') {
          return ctx.json(
            429,
            { detail: `Request was throttled. Your rate limit resets in ~${fault.retryAfter}s.` },
            { 'retry-after': String(fault.retryAfter) },
          );
        }
        if (fault?.kind === 'auth') return ctx.json(401, problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'));
        if (fault?.kind === 'server_error') return ctx.json(500, problem(500, 'Internal Server Error', 'Something went wrong on our end.'));
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
          refusal: fault?.kind === 'content_policy' ? refusal : undefined,
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
  return fake;
}
