import { promptSchema } from '@atelier/reference-service/requests';
import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { archiveResult } from '../assets/archive';
import { AppError } from '../errors';
import { upstreamAppError } from '../generations/upstream-error';
import { abortOnCancel } from '../generations/cancel';
import { endGeneration, endingOf, openGeneration, settleGeneration } from '../generations/lifecycle';
import { upstreamFor } from '../generations/upstream-for';
import { priceEdit, unknownModel } from '../pricing/estimates';
import { db } from '../runtime';
import { UpstreamError } from '../upstream';
import { readTeamImage, storeImage } from './assets';
import { editModels } from './edit-models';
import { ANCHORS, placement, type Extension, type Placed } from './canvas';
import { checkImage } from './image-input';
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
    parentId: z.uuid().optional(),
    /** Outpainting: the new canvas (its mask is made here, over the new area). */
    extendWidth: canvasSide.optional(),
    extendHeight: canvasSide.optional(),
    extendAnchor: z.enum(ANCHORS).optional(),
  })
  .refine((r) => Boolean(r.image) !== Boolean(r.assetId), { message: 'Send an image or an asset id.', path: ['image'] })
  .refine((r) => [r.extendWidth, r.extendHeight, r.extendAnchor].every((v) => v === undefined) || extensionOf(r), {
    message: 'Extending the canvas takes its width, height and anchor, as a local modification without a mask of its own.',
    path: ['extendWidth'],
  })
  .refine((r) => !needsMask(r.kind) || r.mask || extensionOf(r), { message: 'This kind of edit needs a painted mask.', path: ['mask'] });

/** The outpainting asked for, if the request is a complete one. */
function extensionOf(r: { kind: string; mask?: unknown; extendWidth?: number; extendHeight?: number; extendAnchor?: Extension['anchor'] }): Extension | null {
  if (r.kind !== 'local' || r.mask || r.extendWidth === undefined || r.extendHeight === undefined || !r.extendAnchor) return null;
  return { width: r.extendWidth, height: r.extendHeight, anchor: r.extendAnchor };
}

export type EditRequest = z.infer<typeof editRequestSchema>;

export interface EditOutcome {
  generationId: string;
  resultAssetId: string;
  originalAssetId: string;
  maskAssetId: string | null;
  /** Set for an outpainting: where the original sits on the result's canvas. */
  canvas: Placed | null;
  cost: { amount: string; currency: string };
  revisedPrompt: string | null;
}

/**
 * Runs one edit: keeps the original (and mask) as assets, opens the generation (budget reserved)
 * before calling the service, archives the result, then settles it with its output. The caller's
 * `signal` (the browser leaving) or a cancel asked from any replica (`requestId`) stops the call;
 * a failure or cancellation ends the generation and is rethrown for the user.
 */
export async function runEdit(ctx: TeamContext, input: EditRequest, signal: AbortSignal): Promise<EditOutcome> {
  const prisma = await db();
  const given = await checkImage(input.image ? input.image.path : await readTeamImage(ctx, input.assetId!), 'image', { fit: input.fit });
  const extension = extensionOf(input);
  // An outpainting sends the original padded onto its new canvas, with the mask made for it.
  const extended = extension ? await extendCanvas(given, extension) : null;
  const image = extended?.image ?? given;
  const mask = extended?.mask ?? (needsMask(input.kind) && input.mask ? await checkImage(input.mask.path, 'mask', { fittedImage: given }) : null);
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
  if (input.model && models.length > 0 && !models.some((m) => m.id === input.model)) throw unknownModel('edit', input.model);
  const model = input.model ?? models[0]?.id;
  if (input.parentId && !(await prisma.generation.findFirst({ where: { id: input.parentId, teamId: ctx.team.id, kind: 'edit' }, select: { id: true } }))) {
    throw new AppError('not_found', 'The edit to continue from is not in this team.');
  }

  // An outpainting comes back at its canvas size; other edits at the size asked for, else the image's.
  const requestedSize = extension ? `${image.width}x${image.height}` : input.size;
  const size = requestedSize ?? `${image.width}x${image.height}`;
  const charges = await priceEdit(ctx, model, size);
  const usedModel = charges[0].model;

  const original = input.assetId ? { id: input.assetId } : await storeImage(ctx, given);
  const maskAsset = mask ? await storeImage(ctx, mask) : null;
  const params = {
    editKind: input.kind,
    model: usedModel,
    size,
    width: given.width,
    height: given.height,
    ...(given.fittedFrom ? { fittedFrom: given.fittedFrom } : {}),
    originalAssetId: original.id,
    maskAssetId: maskAsset?.id ?? null,
    ...(canvas ? { extend: { ...canvas, anchor: extension!.anchor } } : {}),
  };
  const generation = await openGeneration(ctx, { kind: 'edit', prompt: input.prompt, params, charges, parentId: input.parentId, requestId: input.requestId });

  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  const stopWatching = abortOnCancel(generation.id, controller);
  try {
    const result = await (
      await upstreamFor(ctx)
    ).editImage({ image: image.data, mask: mask?.data, prompt: input.prompt, model: usedModel, size: requestedSize, signal: controller.signal });
    const first = result.images[0];
    const asset = await archiveResult({ teamId: ctx.team.id, url: first.url, kind: 'image', createdById: ctx.user.id }, controller.signal);
    await settleGeneration(generation, {
      status: 'completed',
      upstreamId: result.id,
      total: result.cost,
      charges: [{ model: usedModel, amount: result.cost.amount }],
      outputs: [
        {
          model: usedModel,
          entryIndex: 0,
          status: 'completed',
          assetId: asset.id,
          archive: 'archived',
          upstreamUrl: first.url,
          revisedPrompt: first.revisedPrompt ?? null,
          cost: result.cost.amount,
        },
      ],
    });
    return {
      generationId: generation.id,
      resultAssetId: asset.id,
      originalAssetId: original.id,
      maskAssetId: maskAsset?.id ?? null,
      canvas,
      cost: { amount: result.cost.amount, currency: result.cost.currency },
      revisedPrompt: first.revisedPrompt ?? null,
    };
  } catch (error) {
    const ending = endingOf(error, controller.signal);
    await endGeneration(generation.id, ending);
    if (ending.status === 'cancelled') throw new AppError('conflict', 'The edit was cancelled.');
    if (error instanceof UpstreamError) throw upstreamAppError(error);
    throw error;
  } finally {
    stopWatching();
    signal.removeEventListener('abort', abort);
  }
}
