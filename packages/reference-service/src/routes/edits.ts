// POST /v1/images/edits: image + prompt (+ mask) in, one edited PNG out (interface 4.1, decisions.md rows 8-9).
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { editCost, findModel, type EditModel } from '../catalog';
import { deadlineOf, modelLatency, whileHeld } from '../config';
import { baseUrl, type ServiceContext } from '../context';
import { MaskRequiredError, inferEditKind } from '../engines/edit/edit-kind';
import { DeadlineError, EngineError } from '../engines/pool';
import { ServiceError, invalid } from '../errors';
import { MAX_IMAGE_BYTES, inspectImage, type ImageInput } from '../image-input';
import { leak } from '../leaky-models';
import { providerEdit, refuseEditKind, serviceErrorOf } from '../providers/run';
import { ProviderFailure } from '../providers/types';
import { readMultipart } from '../request-body';
import { editFieldsSchema } from '../requests';
import { checked, newId } from '../validate';

const KIND_LABELS = {
  background: 'Background replacement',
  style: 'Style conversion',
  upscale: 'Upscaling with detail enhancement',
  local: 'Local modification',
  remove: 'Object removal with fill',
  add: 'Adding elements',
} as const;

function parseSize(value: FormDataEntryValue | null, fallback: { width: number; height: number }) {
  if (value === null || value === '') return fallback;
  const match = typeof value === 'string' ? /^(\d{2,4})x(\d{2,4})$/.exec(value.trim()) : null;
  const [width, height] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || width < 64 || height < 64 || width > 4096 || height > 4096) {
    throw invalid('invalid_size', 'size must be WIDTHxHEIGHT with each side from 64 to 4096, e.g. 1024x1024.', 'size');
  }
  return { width, height };
}

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : value === null ? undefined : value);

/** The seed an edit gets when none is sent: a hash of its inputs, so the same inputs give the same file. */
function derivedSeed(image: ImageInput, mask: ImageInput | null, prompt: string): number {
  return createHash('sha256')
    .update(image.bytes)
    .update(mask?.bytes ?? '')
    .update(prompt)
    .digest()
    .readUInt32BE(0);
}

export async function createEdit(ctx: ServiceContext, request: Request, owner: string): Promise<Response> {
  const form = await readMultipart(request, 2 * MAX_IMAGE_BYTES + 5_000_000);
  const { prompt, seed: sentSeed } = checked(editFieldsSchema, { prompt: text(form.get('prompt')), seed: text(form.get('seed')) });
  const image = await inspectImage(form.get('image'), 'image');
  if (!image) throw invalid('missing_field', 'image is required: the picture to edit, as a file.', 'image');
  const mask = await inspectImage(form.get('mask'), 'mask');
  if (mask && (mask.width !== image.width || mask.height !== image.height)) {
    throw invalid('mask_size_mismatch', `The mask is ${mask.width}x${mask.height} but the image is ${image.width}x${image.height}; they must match.`, 'mask');
  }
  const modelName = form.get('model');
  const modelId = typeof modelName === 'string' && modelName !== '' ? modelName : ctx.catalog.default_edit_model;
  const model = findModel(ctx.catalog, modelId, 'edit');
  if (!model) throw new ServiceError(404, 'model_not_found', `The edit model "${modelId}" does not exist.`, 'model');
  const size = parseSize(form.get('size'), image);
  let kind;
  try {
    kind = inferEditKind(prompt, mask !== null);
  } catch (error) {
    if (error instanceof MaskRequiredError) throw invalid('missing_field', error.message, 'mask');
    throw error;
  }
  if (model.provider) refuseEditKind(model.provider, model.id, kind, mask !== null);

  const deadlineMs = deadlineOf(ctx.config, 'edit');
  const deadlineAt = Date.now() + deadlineMs;
  const timeout = new ServiceError(504, 'timeout', `The edit did not finish within ${Math.round(deadlineMs / 1000)} s.`);
  const { knobs } = ctx.config;
  const latency = Math.max(model.provider ? 0 : model.latency_ms, modelLatency(knobs, model.id));
  if (knobs.timeoutModels.includes(model.id) || latency >= deadlineMs) {
    await sleep(deadlineMs);
    throw timeout;
  }
  // The latency is the edit's whole processing time: the engine works while it runs (and while the model is held).
  const minimum = Promise.all([sleep(latency), whileHeld(knobs, model.id, { until: deadlineAt })]);
  if (knobs.failModels.includes(model.id)) {
    await minimum;
    throw new ServiceError(500, 'model_error', `${model.id} failed to edit the image (fault injected by configuration).`);
  }

  // Edits are deterministic (decisions.md row 17): the same inputs and seed give the same file, and
  // with no seed the derived one gives what an edit gave before it took a seed (variation 0).
  const derived = derivedSeed(image, mask, prompt);
  const seed = sentSeed ?? derived;
  if (model.provider) {
    let answer;
    try {
      answer = await providerEdit(ctx.pool, model.provider, { prompt, kind, image: image.bytes, mask: mask?.bytes ?? null, ...size, seed }, deadlineAt);
    } catch (error) {
      if (error instanceof DeadlineError) throw timeout;
      throw error instanceof ProviderFailure ? serviceErrorOf(error) : error;
    }
    return editAnswer(ctx, request, owner, answer.png, model, size, minimum, answer.seed === undefined ? {} : { seed: answer.seed });
  }
  const variation = (seed ^ derived) >>> 0;
  const { quality, work_scale: workScale, fill } = model;
  let png: Buffer;
  try {
    png = await ctx.pool.run(
      { op: 'edit', kind, quality, workScale, fill, prompt, image: image.bytes, mask: mask?.bytes ?? null, ...size, seed, variation },
      deadlineAt,
    );
  } catch (error) {
    if (error instanceof DeadlineError) throw timeout;
    if (error instanceof EngineError && error.failure.status) {
      throw new ServiceError(error.failure.status, error.failure.code ?? 'invalid_image', error.failure.message);
    }
    throw error;
  }
  const leaky = knobs.leakyModels[model.id];
  if (leaky) png = await leak(png, mask?.bytes ?? null, leaky, seed);
  const extra = model.quality === 'hd' ? { revised_prompt: `${KIND_LABELS[kind]}: ${prompt.trim()}`, seed } : { seed };
  return editAnswer(ctx, request, owner, png, model, size, minimum, extra);
}

/** The answer: the file in our own store (a provider's URL never reaches a client), priced from the catalog. */
async function editAnswer(
  ctx: ServiceContext,
  request: Request,
  owner: string,
  png: Buffer,
  model: EditModel,
  size: { width: number; height: number },
  minimum: Promise<unknown>,
  extra: { revised_prompt?: string; seed?: number },
): Promise<Response> {
  const file = await ctx.files.put(owner, 'png', png);
  await minimum;
  return Response.json({
    id: newId('edit'),
    object: 'image',
    created: Math.floor(Date.now() / 1000),
    status: 'completed',
    data: [{ url: ctx.files.url(baseUrl(ctx, request), file), ...extra }],
    usage: { cost: editCost(model, size.width, size.height), cost_unit: 'CNY' },
  });
}
