// POST /v1/images/generations: one prompt, up to 4 models at once, one synchronous answer (interface 4.2).
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { findModel, imageCost, roundCny, type ImageModel, type ImageSize } from '../catalog';
import { deadlineOf, modelLatency, whileHeld } from '../config';
import { baseUrl, type ServiceContext } from '../context';
import { DeadlineError } from '../engines/pool';
import { ServiceError } from '../errors';
import { providerGenerate, refuseBackground, serviceErrorOf } from '../providers/run';
import { ProviderFailure } from '../providers/types';
import { readJsonObject } from '../request-body';
import { BACKGROUNDS, generationRequestSchema, MAX_SEED, RESPONSE_FORMATS } from '../requests';
import { checked, newId } from '../validate';

interface GenerationRequest {
  models: ImageModel[];
  prompt: string;
  size: ImageSize;
  n: number;
  responseFormat: (typeof RESPONSE_FORMATS)[number];
  background: (typeof BACKGROUNDS)[number];
  seed: number;
}

/** Every parameter is checked, and every model resolved, before any model runs (decisions.md row 4). */
function parse(ctx: ServiceContext, body: Record<string, unknown>): GenerationRequest {
  const { model, prompt, size, n, response_format: responseFormat, background, seed = randomInt(0, 2 ** 31) } = checked(generationRequestSchema, body);
  const names = Array.isArray(model) ? model : [model];
  const models = names.map((name) => {
    const model = findModel(ctx.catalog, name, 'image');
    if (!model) throw new ServiceError(404, 'model_not_found', `The image model "${name}" does not exist.`, 'model');
    if (model.provider) refuseBackground(model.provider, model.id, background);
    return model;
  });
  return { models, prompt, size, n, responseFormat, background, seed };
}

class EntryFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** A provider's rate limit: when to try again, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A model's entry that missed the generation deadline. */
const timedOut = (ctx: ServiceContext, model: ImageModel) =>
  new EntryFailure('timeout', `${model.id} did not finish within ${Math.round(deadlineOf(ctx.config, 'generation') / 1000)} s.`);

/** A provider-backed model's entry (providers/run.ts): the layer sizes, archives and words its failures. */
async function runAtProvider(
  ctx: ServiceContext,
  req: GenerationRequest,
  model: ImageModel & { provider: object },
  deadlineAt: number,
  base: string,
  owner: string,
) {
  const [width, height] = req.size.split('x').map(Number);
  let images;
  try {
    images = await providerGenerate(ctx.pool, model.provider, { ...req, width, height }, deadlineAt);
  } catch (error) {
    if (error instanceof DeadlineError) throw timedOut(ctx, model);
    if (!(error instanceof ProviderFailure)) throw error;
    const refusal = serviceErrorOf(error);
    throw new EntryFailure(refusal.code, `${model.id}: ${error.message}`, error.retryAfterSeconds);
  }
  // Copied into our own store at once: the provider's URL may live an hour, ours lives 7 days.
  return Promise.all(
    images.map(async ({ png, seed }) => {
      const image: Record<string, string | number> =
        req.responseFormat === 'b64_json' ? { b64_json: png.toString('base64') } : { url: ctx.files.url(base, await ctx.files.put(owner, 'png', png)) };
      if (seed !== undefined) image.seed = seed;
      return image;
    }),
  );
}

/**
 * One model's entry. The latency knob is the model's whole processing time: rendering starts at
 * once and the entry is answered at max(latency, render time), as a slow hosted model would be.
 * A latency past the deadline times out at the deadline without rendering.
 */
async function runModel(ctx: ServiceContext, req: GenerationRequest, model: ImageModel, deadlineAt: number, base: string, owner: string) {
  const { knobs } = ctx.config;
  const latency = modelLatency(knobs, model.id);
  if (knobs.timeoutModels.includes(model.id) || latency >= deadlineAt - Date.now()) {
    await sleep(Math.max(0, deadlineAt - Date.now()));
    throw timedOut(ctx, model);
  }
  const minimum = Promise.all([sleep(latency), whileHeld(knobs, model.id, { until: deadlineAt })]);
  if (knobs.failModels.includes(model.id)) {
    await minimum;
    throw new EntryFailure('model_error', `${model.id} failed to generate an image (fault injected by configuration).`);
  }
  if (model.provider) {
    const data = await runAtProvider(ctx, req, model, deadlineAt, base, owner);
    await minimum;
    return data;
  }
  const [width, height] = req.size.split('x').map(Number);
  const data = [];
  for (let i = 0; i < req.n; i++) {
    // Each image of an entry has its own seed (the request's, then the next ones), echoed as data[].seed (an addition: see the README).
    const seed = (req.seed + i) % (MAX_SEED + 1);
    let png: Buffer;
    try {
      png = await ctx.pool.run({ op: 'generate', style: model.engine, prompt: req.prompt, width, height, background: req.background, seed }, deadlineAt);
    } catch (error) {
      if (error instanceof DeadlineError) throw timedOut(ctx, model);
      throw error;
    }
    const image: Record<string, string | number> =
      req.responseFormat === 'b64_json' ? { b64_json: png.toString('base64') } : { url: ctx.files.url(base, await ctx.files.put(owner, 'png', png)) };
    if (model.revises_prompt) image.revised_prompt = `${req.prompt.trim()}, ${model.description.toLowerCase()}`;
    image.seed = seed;
    data.push(image);
  }
  await minimum;
  return data;
}

export async function createGeneration(ctx: ServiceContext, request: Request, owner: string): Promise<Response> {
  const req = parse(ctx, await readJsonObject(request));
  const deadlineAt = Date.now() + deadlineOf(ctx.config, 'generation');
  const base = baseUrl(ctx, request);
  const results = await Promise.all(
    req.models.map(async (model, index) => {
      try {
        const data = await runModel(ctx, req, model, deadlineAt, base, owner);
        return { model: model.id, index, seed: req.seed, data, usage: { cost: imageCost(model, req.size, req.n), cost_unit: 'CNY' } };
      } catch (error) {
        const failure = error instanceof EntryFailure ? error : new EntryFailure('model_error', `${model.id} failed: ${(error as Error).message}`);
        const entryError: { message: string; code: string; retry_after?: number } = { message: failure.message, code: failure.code };
        if (failure.retryAfter !== undefined) entryError.retry_after = failure.retryAfter;
        return {
          model: model.id,
          index,
          seed: req.seed,
          data: [],
          error: entryError,
          usage: { cost: 0, cost_unit: 'CNY' },
        };
      }
    }),
  );
  // decisions.md row 19: when every model was rate limited there is nothing to answer yet: 429, and when to try again.
  const limits = results.flatMap((r) => (r.error?.code === 'rate_limited' ? [r.error] : []));
  if (limits.length === results.length) {
    const wait = Math.max(...limits.map((l) => l.retry_after ?? 0));
    throw new ServiceError(429, 'rate_limited', limits.map((l) => l.message).join(' '), null, wait > 0 ? { 'retry-after': String(wait) } : {});
  }
  return Response.json({
    id: newId('batch'),
    object: 'batch',
    created: Math.floor(Date.now() / 1000),
    status: results.every((r) => 'error' in r) ? 'failed' : 'completed',
    results,
    total_cost: { amount: roundCny(results.reduce((sum, r) => sum + r.usage.cost, 0)), currency: 'CNY' },
  });
}
