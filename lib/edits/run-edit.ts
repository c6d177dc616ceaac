import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { archiveResult } from '../assets/archive';
import { AppError } from '../errors';
import { upstreamAppError } from '../generations/upstream-error';
import { upstreamFor } from '../generations/upstream-for';
import { releaseReservations, settleCosts } from '../ledger/record';
import { reserveBudget } from '../ledger/reserve';
import { db } from '../runtime';
import { UpstreamError } from '../upstream';
import { readTeamImage, storeImage } from './assets';
import { editModels } from './edit-models';
import { priceEdit } from './estimate';
import { checkImage } from './image-input';
import { EDIT_KINDS, needsMask } from './kinds';

/** An uploaded file, already on disk (receiveEditUpload). */
const file = z.object({ path: z.string(), bytes: z.number() });

/** decisions.md row 8: `WIDTHxHEIGHT`, each side 64..4096. */
const outputSize = z
  .string()
  .regex(/^\d{1,5}x\d{1,5}$/, 'The output size must be WIDTHxHEIGHT, each side from 64 to 4096 px.')
  .refine((size) => size.split('x').every((side) => Number(side) >= 64 && Number(side) <= 4096), 'The output size must be WIDTHxHEIGHT, each side from 64 to 4096 px.');

/** One edit as the studio sends it (multipart): a new upload or a team asset, the mask for the mask kinds. */
export const editRequestSchema = z
  .object({
    requestId: z.uuid(),
    kind: z.enum(EDIT_KINDS),
    prompt: z.string().trim().min(1).max(32_000),
    model: z.string().min(1).max(200).optional(),
    size: outputSize.optional(),
    image: file.optional(),
    assetId: z.uuid().optional(),
    mask: file.optional(),
    parentId: z.uuid().optional(),
  })
  .refine((r) => Boolean(r.image) !== Boolean(r.assetId), { message: 'Send an image or an asset id.', path: ['image'] })
  .refine((r) => !needsMask(r.kind) || r.mask, { message: 'This kind of edit needs a painted mask.', path: ['mask'] });

export type EditRequest = z.infer<typeof editRequestSchema>;

export interface EditOutcome {
  generationId: string;
  resultAssetId: string;
  originalAssetId: string;
  maskAssetId: string | null;
  cost: { amount: string; currency: string };
  revisedPrompt: string | null;
}

/**
 * Runs one edit: keeps the original (and mask) as assets, writes the Generation as running before
 * calling the service, archives the result, then records output, cost and completion in one
 * transaction. A failure or cancellation is written to the Generation and rethrown for the user.
 */
export async function runEdit(ctx: TeamContext, input: EditRequest, signal: AbortSignal): Promise<EditOutcome> {
  const prisma = await db();
  const image = await checkImage(input.image ? input.image.path : await readTeamImage(ctx, input.assetId!), 'image');
  const mask = needsMask(input.kind) && input.mask ? await checkImage(input.mask.path, 'mask') : null;
  if (mask && (mask.width !== image.width || mask.height !== image.height)) {
    throw new AppError('invalid_input', `The mask is ${mask.width}×${mask.height} but the image is ${image.width}×${image.height}.`);
  }
  const models = await editModels(ctx);
  if (input.model && models.length > 0 && !models.some((m) => m.id === input.model)) throw new AppError('invalid_input', `Unknown edit model ${input.model}.`);
  const model = input.model ?? models[0]?.id;
  if (input.parentId && !(await prisma.generation.findFirst({ where: { id: input.parentId, teamId: ctx.team.id, kind: 'edit' }, select: { id: true } }))) {
    throw new AppError('not_found', 'The edit to continue from is not in this team.');
  }

  const size = input.size ?? `${image.width}x${image.height}`;
  const estimate = await priceEdit(ctx, model, size);

  const original = input.assetId ? { id: input.assetId } : await storeImage(ctx, image);
  const maskAsset = mask ? await storeImage(ctx, mask) : null;
  const charges = [{ model: model ?? 'default', amount: estimate }];
  const generation = await prisma.$transaction((tx) =>
    reserveBudget(tx, { teamId: ctx.team.id, userId: ctx.user.id, kind: 'edit', charges }, () =>
      tx.generation.create({
        data: {
          teamId: ctx.team.id,
          userId: ctx.user.id,
          kind: 'edit',
          status: 'running',
          prompt: input.prompt,
          parentId: input.parentId,
          params: {
            editKind: input.kind,
            model: model ?? null,
            size,
            width: image.width,
            height: image.height,
            originalAssetId: original.id,
            maskAssetId: maskAsset?.id ?? null,
          },
        },
      }),
    ),
  );

  try {
    const upstream = await upstreamFor(ctx);
    const result = await upstream.editImage({
      image: image.data,
      mask: mask?.data,
      prompt: input.prompt,
      model,
      size: input.size,
      signal,
    });
    const first = result.images[0];
    const asset = await archiveResult({ teamId: ctx.team.id, url: first.url, kind: 'image', createdById: ctx.user.id }, signal);
    const usedModel = model ?? 'default';
    await prisma.$transaction(async (tx) => {
      await tx.generationOutput.create({
        data: {
          generationId: generation.id,
          model: usedModel,
          entryIndex: 0,
          status: 'completed',
          assetId: asset.id,
          upstreamUrl: first.url,
          revisedPrompt: first.revisedPrompt ?? null,
          cost: result.cost.amount,
        },
      });
      await settleCosts(tx, generation.id, [{ teamId: ctx.team.id, userId: ctx.user.id, generationId: generation.id, kind: 'edit', model: usedModel, amount: result.cost.amount }]);
      await tx.generation.update({
        where: { id: generation.id },
        data: { status: 'completed', upstreamId: result.id, costTotal: result.cost.amount, currency: result.cost.currency, completedAt: new Date() },
      });
    });
    return {
      generationId: generation.id,
      resultAssetId: asset.id,
      originalAssetId: original.id,
      maskAssetId: maskAsset?.id ?? null,
      cost: { amount: result.cost.amount, currency: result.cost.currency },
      revisedPrompt: first.revisedPrompt ?? null,
    };
  } catch (error) {
    const cancelled = signal.aborted;
    const upstream = error instanceof UpstreamError ? error : null;
    await prisma.$transaction(async (tx) => {
      await tx.generation.update({
        where: { id: generation.id },
        data: {
          status: cancelled ? 'cancelled' : 'failed',
          errorCode: cancelled ? 'cancelled' : (upstream?.code ?? 'internal'),
          errorMessage: cancelled ? 'Cancelled.' : (upstream?.message ?? 'The result could not be stored.'),
          completedAt: new Date(),
        },
      });
      await releaseReservations(tx, generation.id);
    });
    if (cancelled) throw new AppError('conflict', 'The edit was cancelled.', { cancelled: true });
    if (upstream) throw upstreamAppError(upstream);
    throw error;
  }
}
