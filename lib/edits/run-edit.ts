import { randomInt, randomUUID } from 'node:crypto';
import { formSeedSchema, promptSchema } from '@atelier/reference-service/requests';
import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { upstreamAppError } from '../generations/upstream-error';
import { abortOnCancel } from '../generations/cancel';
import { Prisma } from '../db/generated/client';
import { holdForApproval, type Held } from '../generations/approval-gate';
import { endGeneration, endingOf, openGeneration, settleGeneration, type OutputRow } from '../generations/lifecycle';
import { upstreamFor } from '../generations/upstream-for';
import { priceEdit, unknownModel } from '../pricing/estimates';
import { db } from '../runtime';
import { deleteUnusedAssets } from '../assets/unused';
import { blobStore } from '../assets/store';
import { UpstreamError } from '../upstream';
import { readTeamImage, storeImage } from './assets';
import { editModels } from './edit-models';
import { ANCHORS, placement, type Extension, type Placed } from './canvas';
import { runEditCall, type EditCall, type EditSend } from './edit-call';
import { checkImage, type CheckedImage } from './image-input';
import { chosenResult, MAX_EDIT_RESULTS, type EditMode, type EditResultItem } from './results';
import { resultItem } from './result-item';
import { log } from '../observability/log';
import { EDIT_KINDS, needsMask } from './kinds';
import { extendCanvas } from './outpaint';
import { nameText, promptText } from '../text';

/** An uploaded file, already on disk (receiveEditUpload). */
const file = z.object({ path: z.string(), bytes: z.number() });

/** decisions.md row 8: `WIDTHxHEIGHT`, each side 64..4096. */
const outputSize = z
  .string()
  .regex(/^\d{1,5}x\d{1,5}$/, 'The output size must be WIDTHxHEIGHT, each side from 64 to 4096 px.')
  .refine(
    (size) => size.split('x').every((side) => Number(side) >= 64 && Number(side) <= 4096),
    'The output size must be WIDTHxHEIGHT, each side from 64 to 4096 px.',
  );

/** A side of an outpainting's new canvas. */
const canvasSide = z.coerce.number().int().min(1).max(4096, 'The new canvas is at most 4096 px a side.');

/** The fields an API caller sends beside the image and the mask (section 4.1); the studio sends more. */
export const editFieldsSchema = z.object({
  prompt: promptText().trim().pipe(promptSchema),
  model: nameText().min(1).max(200).optional(),
  size: outputSize.optional(),
  /** decisions.md row 17: the same inputs and seed give the same file; variants count up from it. */
  seed: formSeedSchema,
  /** Atelier's addition: a photo over 4096 px a side is fitted to 4096 (its mask with it) instead of refused. */
  fit: z
    .enum(['true', 'false'], 'fit is true or false.')
    .transform((fit) => fit === 'true')
    .optional(),
});

/** One edit as the studio sends it (multipart): a new upload or a team asset, the mask for the mask kinds. */
export const editRequestSchema = z
  .object({
    requestId: z.uuid(),
    kind: z.enum(EDIT_KINDS),
    ...editFieldsSchema.shape,
    image: file.optional(),
    assetId: z.uuid().optional(),
    mask: file.optional(),
    /** A mask the team already holds (a request carried out after its approval sends the one it kept). */
    maskAssetId: z.uuid().optional(),
    parentId: z.uuid().optional(),
    /** Outpainting: the new canvas (its mask is made here, over the new area). */
    extendWidth: canvasSide.optional(),
    extendHeight: canvasSide.optional(),
    extendAnchor: z.enum(ANCHORS).optional(),
    /** Variants: 1 to 4 results of the one model, each its own request and seed. */
    variants: z.coerce.number().int().min(1).max(MAX_EDIT_RESULTS, `At most ${MAX_EDIT_RESULTS} variants.`).optional(),
    /** An edit board: 2 to 4 models, comma-separated, each sent the same image, mask and prompt. */
    models: z
      .string()
      .transform((list) => [
        ...new Set(
          list
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(nameText().min(1).max(200))
          .min(2, 'An edit board compares 2 to 4 models.')
          .max(MAX_EDIT_RESULTS, `An edit board compares at most ${MAX_EDIT_RESULTS} models.`),
      )
      .optional(),
  })
  .refine((r) => Boolean(r.image) !== Boolean(r.assetId), { message: 'Send an image or an asset id.', path: ['image'] })
  .refine((r) => [r.extendWidth, r.extendHeight, r.extendAnchor].every((v) => v === undefined) || extensionOf(r), {
    message: 'Extending the canvas takes its width, height and anchor, as a local modification without a mask of its own.',
    path: ['extendWidth'],
  })
  .refine((r) => !(r.mask && r.maskAssetId), { message: 'Send a mask or a mask asset id, not both.', path: ['mask'] })
  .refine((r) => !needsMask(r.kind) || r.mask || r.maskAssetId || extensionOf(r), { message: 'This kind of edit needs a painted mask.', path: ['mask'] })
  .refine((r) => !(r.models && (r.variants ?? 1) > 1), {
    message: `Variants and an edit board do not combine: at most ${MAX_EDIT_RESULTS} results a run.`,
    path: ['variants'],
  })
  .refine((r) => !(r.models && r.model), { message: 'Name one model, or the models of a board, not both.', path: ['model'] });

/** The outpainting asked for, if the request is a complete one. */
function extensionOf(r: {
  kind: string;
  mask?: unknown;
  maskAssetId?: string;
  extendWidth?: number;
  extendHeight?: number;
  extendAnchor?: Extension['anchor'];
}): Extension | null {
  if (r.kind !== 'local' || r.mask || r.maskAssetId || r.extendWidth === undefined || r.extendHeight === undefined || !r.extendAnchor) return null;
  return { width: r.extendWidth, height: r.extendHeight, anchor: r.extendAnchor };
}

export type EditRequest = z.infer<typeof editRequestSchema>;

export interface EditOutcome {
  generationId: string;
  mode: EditMode;
  /** Every request's result or failure, in the order asked. */
  results: EditResultItem[];
  pickedOutputId: string | null;
  /** The result the studio continues from (chosenResult). */
  resultAssetId: string;
  revisedPrompt: string | null;
  originalAssetId: string;
  maskAssetId: string | null;
  /** Set for an outpainting: where the original sits on the result's canvas. */
  canvas: Placed | null;
  /** What the run cost: the requests that ran. */
  cost: { amount: string; currency: string };
}

/** A seed for a request, as the service takes it (0 to 2^32 − 1). */
const randomSeed = () => randomInt(0, 2 ** 32 - 1);

/**
 * The requests of a run: one, with the seed asked or none (the service's own, so an edit repeats as
 * it did); `n` variants of one model with seeds s, s + 1, … (s asked or drawn); or one request per
 * model of a board, each seeded.
 */
function callsOf(input: EditRequest, model: string): { mode: EditMode; calls: EditCall[] } {
  if (input.models) return { mode: 'board', calls: input.models.map((m, entryIndex) => ({ model: m, seed: randomSeed(), entryIndex })) };
  const n = input.variants ?? 1;
  if (n === 1) return { mode: 'single', calls: [{ model, seed: input.seed ?? null, entryIndex: 0 }] };
  const base = input.seed ?? randomSeed();
  return { mode: 'variants', calls: Array.from({ length: n }, (_, i) => ({ model, seed: (base + i) % 2 ** 32, entryIndex: i })) };
}

/**
 * Runs one edit run: keeps the original (and mask) as assets, opens the generation with every
 * request's estimate reserved together (all or none), sends the requests side by side, archives
 * each answer (guarded outside the mask), then settles what ran. A request that fails becomes a
 * failure card; when none completed, the generation ends and the first failure is the user's. The
 * caller's `signal` (the browser leaving) or a cancel asked from any replica (`requestId`) stops
 * every request.
 */
export async function runEdit(ctx: TeamContext, input: EditRequest, signal: AbortSignal): Promise<EditOutcome | Held> {
  const prisma = await db();
  const given = await checkImage(input.image ? input.image.path : await readTeamImage(ctx, input.assetId!), 'image', { fit: input.fit });
  const extension = extensionOf(input);
  // An outpainting sends the original padded onto its new canvas, with the mask made for it.
  const extended = extension ? await extendCanvas(given, extension) : null;
  const image = extended?.image ?? given;
  const maskSource = input.mask ? input.mask.path : input.maskAssetId ? await readTeamImage(ctx, input.maskAssetId) : null;
  const mask = extended?.mask ?? (needsMask(input.kind) && maskSource ? await checkImage(maskSource, 'mask', { fittedImage: given }) : null);
  const canvas: Placed | null = extension ? { width: extension.width, height: extension.height, ...placement(given, extension) } : null;
  if (mask && (mask.width !== image.width || mask.height !== image.height)) {
    const sent = mask.fittedFrom ?? mask;
    const against = given.fittedFrom ?? image;
    throw new AppError('invalid_input', `The mask is ${sent.width}×${sent.height} but the image is ${against.width}×${against.height}.`, {
      reason: 'maskSize',
      param: 'mask',
    });
  }
  const models = await editModels(ctx);
  for (const named of input.models ?? (input.model ? [input.model] : [])) {
    if (models.length > 0 && !models.some((m) => m.id === named)) throw unknownModel('edit', named);
  }
  if (input.parentId && !(await prisma.generation.findFirst({ where: { id: input.parentId, teamId: ctx.team.id, kind: 'edit' }, select: { id: true } }))) {
    throw new AppError('not_found', 'The edit to continue from is not in this team.');
  }

  // An outpainting comes back at its canvas size; other edits at the size asked for, else the image's.
  const requestedSize = extension ? `${image.width}x${image.height}` : input.size;
  const size = requestedSize ?? `${image.width}x${image.height}`;
  const first = await priceEdit(ctx, input.models?.[0] ?? input.model ?? models[0]?.id, size);
  const { mode, calls } = callsOf(input, first[0].model);
  const charges = await Promise.all(calls.map(async (call) => (call.model === first[0].model ? first : await priceEdit(ctx, call.model, size))[0]));

  const original = input.assetId ? { id: input.assetId } : await storeImage(ctx, given);
  const maskAsset = mask ? await storeImage(ctx, mask) : null;
  const params = {
    editKind: input.kind,
    model: calls[0].model,
    ...(mode === 'board' ? { models: calls.map((c) => c.model) } : {}),
    ...(mode === 'variants' ? { variants: calls.length } : {}),
    size,
    width: given.width,
    height: given.height,
    ...(given.fittedFrom ? { fittedFrom: given.fittedFrom } : {}),
    originalAssetId: original.id,
    maskAssetId: maskAsset?.id ?? null,
    ...(canvas ? { extend: { ...canvas, anchor: extension!.anchor } } : {}),
  };
  // Over the team's limit for a member: kept, with its uploads, for an owner's or admin's approval.
  const uploads = [...(input.assetId ? [] : [original.id]), ...(maskAsset && !input.maskAssetId ? [maskAsset.id] : [])];
  // An outpainting's mask is made again from its canvas: only a painted mask is sent back.
  const held = await holdForApproval(ctx, {
    kind: 'edit',
    prompt: input.prompt,
    charges,
    input: heldEdit(input, original.id, extension ? undefined : maskAsset?.id),
    assetIds: uploads,
  });
  if (held) return { held };
  const generation = await openGeneration(ctx, { kind: 'edit', prompt: input.prompt, params, charges, parentId: input.parentId, requestId: input.requestId });

  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  const stopWatching = abortOnCancel(generation.id, controller);
  try {
    const send: EditSend = {
      image: image.data,
      mask: mask?.data ?? null,
      prompt: input.prompt,
      size: requestedSize,
      guard: mask ? await guardInput(ctx, image, mask) : null,
    };
    const upstream = await upstreamFor(ctx);
    const answers = await Promise.allSettled(calls.map((call) => runEditCall(ctx, upstream, call, send, controller.signal)));
    if (controller.signal.aborted) throw cancelled();
    const completed = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    if (completed.length === 0) throw (answers[0] as PromiseRejectedResult).reason;
    const outputs: OutputRow[] = answers.map((answer, i) => ({
      id: randomUUID(),
      ...(answer.status === 'fulfilled' ? answer.value.row : failedCall(calls[i], answer.reason)),
    }));
    const total = completed.reduce((sum, { row }) => sum.plus(row.cost), new Prisma.Decimal(0)).toString();
    const settled = await settleGeneration(generation, {
      status: 'completed',
      upstreamId: completed.length === 1 ? completed[0].upstreamId : null,
      total: { amount: total, currency: 'CNY' },
      charges: completed.map(({ row }) => ({ model: row.model, amount: row.cost })),
      outputs,
    });
    if (!settled) throw await endedMeanwhile(generation.id, outputs);
    const results = outputs.map(resultItem);
    const chosen = chosenResult(results, null)!;
    return {
      generationId: generation.id,
      mode,
      results,
      pickedOutputId: null,
      resultAssetId: chosen.resultAssetId!,
      revisedPrompt: chosen.revisedPrompt,
      originalAssetId: original.id,
      maskAssetId: maskAsset?.id ?? null,
      canvas,
      cost: { amount: total, currency: 'CNY' },
    };
  } catch (error) {
    const ending = endingOf(error, controller.signal);
    await endGeneration(generation.id, ending);
    if (ending.status === 'cancelled') throw cancelled();
    if (error instanceof UpstreamError) throw upstreamAppError(error);
    throw error;
  } finally {
    stopWatching();
    signal.removeEventListener('abort', abort);
  }
}

const cancelled = () => new AppError('conflict', 'The edit was cancelled.');

/**
 * The edit was ended while the service worked on it (cancelled, or failed by the sweep's time
 * limit): nothing of the answer was recorded or charged, so the files stored for it go, and the
 * caller hears how it ended.
 */
async function endedMeanwhile(generationId: string, outputs: OutputRow[]): Promise<AppError> {
  const stored = outputs.flatMap((o) => [o.assetId, o.rawAssetId]).filter((id): id is string => typeof id === 'string');
  const prisma = await db();
  await deleteUnusedAssets({ prisma }, stored, blobStore());
  const { status } = await prisma.generation.findUniqueOrThrow({ where: { id: generationId }, select: { status: true } });
  if (status === 'cancelled') return cancelled();
  return new AppError('conflict', 'The edit was ended before its answer came back (it ran past its time limit). Nothing was charged.', { key: 'editEnded' });
}

/**
 * An edit request as it will be sent again once approved: its fields as the form gives them, the
 * picture and mask as the team's assets they were kept as (already fitted: the photo's own size is
 * history by then).
 */
function heldEdit(input: EditRequest, originalId: string, maskId: string | undefined) {
  const { requestId: _request, image: _image, mask: _mask, fit: _fit, maskAssetId: _kept, models, ...fields } = input;
  return { ...fields, ...(models ? { models: models.join(',') } : {}), assetId: originalId, ...(maskId ? { maskAssetId: maskId } : {}) };
}

/** The image and mask as sent, as bytes for the mask guard, and whether the team restores outside the mask. */
async function guardInput(ctx: TeamContext, image: CheckedImage, mask: CheckedImage): Promise<EditSend['guard']> {
  const team = await (await db()).team.findUniqueOrThrow({ where: { id: ctx.team.id }, select: { maskGuard: true } });
  const [original, maskBytes] = await Promise.all([image.data.arrayBuffer(), mask.data.arrayBuffer()]);
  return { original: new Uint8Array(original), mask: new Uint8Array(maskBytes), width: image.width, height: image.height, restore: team.maskGuard };
}

/** A request that failed, as its output row: nothing charged, the service's reason kept. */
function failedCall(call: EditCall, reason: unknown): OutputRow {
  const error =
    reason instanceof UpstreamError ? { code: reason.code, message: reason.message } : { code: 'failed', message: 'The result could not be stored.' };
  if (!(reason instanceof UpstreamError)) log().error({ err: reason, model: call.model }, 'edit: a request of a run failed');
  return { model: call.model, entryIndex: call.entryIndex, status: 'failed', seed: call.seed, cost: '0', errorCode: error.code, errorMessage: error.message };
}
