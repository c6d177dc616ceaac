// POST /v1/images/generations: one prompt, up to 4 models at once, one synchronous answer (interface 4.2).
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { findModel, imageCost, roundCny, type ImageModel, type ImageSize } from '../catalog';
import { modelLatency } from '../config';
import { baseUrl, type ServiceContext } from '../context';
import { DeadlineError } from '../engines/pool';
import { ServiceError } from '../errors';
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
    return model;
  });
  return { models, prompt, size, n, responseFormat, background, seed };
}

class EntryFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One model's entry. The latency knob is the model's whole processing time: rendering starts at
 * once and the entry is answered at max(latency, render time), as a slow hosted model would be.
 * A latency past the deadline times out at the deadline without rendering.
 */
async function runModel(ctx: ServiceContext, req: GenerationRequest, model: ImageModel, deadlineAt: number, base: string, owner: string) {
  const { knobs } = ctx.config;
  const timedOut = new EntryFailure('timeout', `${model.id} did not finish within ${Math.round(ctx.config.generationDeadlineMs / 1000)} s.`);
  const latency = modelLatency(knobs, model.id);
  if (knobs.timeoutModels.includes(model.id) || latency >= deadlineAt - Date.now()) {
    await sleep(Math.max(0, deadlineAt - Date.now()));
    throw timedOut;
  }
  const minimum = sleep(latency);
  if (knobs.failModels.includes(model.id)) {
    await minimum;
    throw new EntryFailure('model_error', `${model.id} failed to generate an image (fault injected by configuration).`);
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
      if (error instanceof DeadlineError) throw timedOut;
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
  const deadlineAt = Date.now() + ctx.config.generationDeadlineMs;
  const base = baseUrl(ctx, request);
  const results = await Promise.all(
    req.models.map(async (model, index) => {
      try {
        const data = await runModel(ctx, req, model, deadlineAt, base, owner);
        return { model: model.id, index, seed: req.seed, data, usage: { cost: imageCost(model, req.size, req.n), cost_unit: 'CNY' } };
      } catch (error) {
        const failure = error instanceof EntryFailure ? error : new EntryFailure('model_error', `${model.id} failed: ${(error as Error).message}`);
        return {
          model: model.id,
          index,
          seed: req.seed,
          data: [],
          error: { message: failure.message, code: failure.code },
          usage: { cost: 0, cost_unit: 'CNY' },
        };
      }
    }),
  );
  return Response.json({
    id: newId('batch'),
    object: 'batch',
    created: Math.floor(Date.now() / 1000),
    status: results.every((r) => 'error' in r) ? 'failed' : 'completed',
    results,
    total_cost: { amount: roundCny(results.reduce((sum, r) => sum + r.usage.cost, 0)), currency: 'CNY' },
  });
}
