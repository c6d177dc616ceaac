import { randomInt, randomUUID } from 'node:crypto';
import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { upstreamAppError } from '../generations/upstream-error';
import { upstreamFor } from '../generations/upstream-for';
import { releaseReservations, settleCosts } from '../ledger/record';
import { reserveBudget, type Charge } from '../ledger/reserve';
import { priceUnknown } from '../pricing/unknown';
import { db } from '../runtime';
import { UpstreamError, type GeneratedImage } from '../upstream';
import { enqueueArchives } from './archive-jobs';
import { boardCatalog } from './catalog';
import { estimateBoard } from './estimate';
import { LIMITS, type BoardInput, type BoardParams } from './schema';
import { storeBase64Image } from './store-base64';

interface Task {
  outputId: string;
  entryIndex: number;
  position: number;
  model: string;
  image: GeneratedImage | null;
  revisedPrompt?: string;
}

/** A URL result is archived after the answer (its asset comes later); base64 is stored before it. */
type Stored = { assetId: string | null; upstreamUrl?: string } | { error: { code: string; message: string } };

/** Runs `worker` over `items` with at most `limit` at a time, in order of the results. */
async function mapLimit<T, R>(items: T[], limit: number, worker: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await worker(items[at]);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Refuses unknown models, then prices the board by trusted prices (the very table the form estimates with). */
async function priceBoard(ctx: TeamContext, input: BoardInput): Promise<Charge[]> {
  const { models, prices } = await boardCatalog(ctx);
  const known = new Set(models.map((m) => m.id));
  const unknown = input.models.filter((m) => !known.has(m));
  if (unknown.length > 0) throw new AppError('invalid_input', `Unknown image model: ${unknown.join(', ')}.`, { fields: { models: 'unknownModel' } });
  const estimate = estimateBoard(prices, input.models, input.size, input.n);
  if (estimate.unknown.length > 0) throw priceUnknown(estimate.unknown);
  return estimate.perModel.map((m) => ({ model: m.model, amount: m.amount! }));
}

/**
 * Runs one comparison board: records it as running (its budget reserved), sends ONE request with
 * every model, then writes the outputs, the ledger lines and the final state in one transaction and
 * answers. Base64 images are decoded and streamed to storage before that (the strings must not be
 * kept); URL images are copied into storage afterwards by the asset.archive job, and shown from the
 * service's signed URL until then. `signal` cancels the upstream call only: once the service has
 * answered (and charged), the results are kept.
 */
export async function runBoard(ctx: TeamContext, input: BoardInput, signal?: AbortSignal): Promise<{ id: string }> {
  const prisma = await db();
  if (input.parentId) {
    const parent = await prisma.generation.findFirst({ where: { id: input.parentId, teamId: ctx.team.id, kind: 'comparison' }, select: { id: true } });
    if (!parent) throw new AppError('not_found', 'That board does not exist.');
  }
  const charges = await priceBoard(ctx, input);
  const seed = input.seed ?? randomInt(0, LIMITS.maxSeed);
  const params: BoardParams = { prompt: input.prompt, models: input.models, size: input.size, n: input.n, background: input.background, seed, responseFormat: input.responseFormat };
  // Written before the call, so a crash or a cancel leaves a trace; a board over budget is never written.
  const generation = await prisma.$transaction((tx) =>
    reserveBudget(tx, { teamId: ctx.team.id, userId: ctx.user.id, kind: 'comparison', charges }, () =>
      tx.generation.create({
        data: { teamId: ctx.team.id, userId: ctx.user.id, kind: 'comparison', status: 'running', prompt: input.prompt, params, parentId: input.parentId },
      }),
    ),
  );

  let batch;
  try {
    const client = await upstreamFor(ctx);
    batch = await client.generateImages({ model: input.models, prompt: input.prompt, size: input.size, n: input.n, background: input.background, seed, responseFormat: input.responseFormat, signal });
  } catch (error) {
    const upstream = error instanceof UpstreamError ? error : null;
    const cancelled = upstream?.code === 'cancelled';
    await prisma.$transaction(async (tx) => {
      await tx.generation.update({
        where: { id: generation.id },
        data: { status: cancelled ? 'cancelled' : 'failed', errorCode: upstream?.code ?? 'internal', errorMessage: upstream?.message ?? 'The board could not run.', completedAt: new Date() },
      });
      await releaseReservations(tx, generation.id);
    });
    if (upstream) throw upstreamAppError(upstream, { boardId: generation.id });
    throw error;
  }

  const tasks: Task[] = batch.results.flatMap((entry) =>
    entry.images.map((image, position) => ({ outputId: randomUUID(), entryIndex: entry.index, position, model: entry.model, image, revisedPrompt: image.revisedPrompt })),
  );
  // The tasks hold the only references to the images now: each is dropped once stored.
  for (const entry of batch.results) entry.images = [];
  const stored = await mapLimit(tasks, 4, async (task): Promise<Stored> => {
    const image = task.image!;
    task.image = null;
    if ('url' in image) return { assetId: null, upstreamUrl: image.url };
    try {
      const asset = await storeBase64Image({ teamId: ctx.team.id, base64: image.base64, createdById: ctx.user.id });
      return { assetId: asset.id };
    } catch (error) {
      console.error(`[compare] could not store an image of board ${generation.id}:`, (error as Error).message);
      return { error: { code: 'archive_failed', message: 'The image could not be saved.' } };
    }
  });

  const outputs = [
    ...tasks.map((task, i) => {
      const result = stored[i];
      return {
        id: task.outputId,
        generationId: generation.id,
        model: task.model,
        entryIndex: task.entryIndex,
        position: task.position,
        status: 'error' in result ? ('failed' as const) : ('completed' as const),
        assetId: 'error' in result ? null : result.assetId,
        upstreamUrl: 'error' in result ? null : (result.upstreamUrl ?? null),
        revisedPrompt: task.revisedPrompt ?? null,
        seed: BigInt(seed),
        // A model's cost sits on its first image; the column adds its images up.
        cost: task.position === 0 ? batch.results.find((r) => r.index === task.entryIndex)?.cost.amount : null,
        errorCode: 'error' in result ? result.error.code : null,
        errorMessage: 'error' in result ? result.error.message : null,
      };
    }),
    ...batch.results
      .filter((entry) => entry.error)
      .map((entry) => ({
        generationId: generation.id,
        model: entry.model,
        entryIndex: entry.index,
        position: 0,
        status: 'failed' as const,
        seed: BigInt(seed),
        cost: entry.cost.amount,
        errorCode: entry.error!.code,
        errorMessage: entry.error!.message,
      })),
  ];

  await prisma.$transaction(async (tx) => {
    await tx.generationOutput.createMany({ data: outputs });
    await settleCosts(
      tx,
      generation.id,
      batch.results.map((entry) => ({ teamId: ctx.team.id, userId: ctx.user.id, generationId: generation.id, kind: 'comparison' as const, model: entry.model, amount: entry.cost.amount })),
    );
    await tx.generation.update({
      where: { id: generation.id },
      data: {
        status: batch.status,
        upstreamId: batch.id,
        costTotal: batch.totalCost.amount,
        currency: batch.totalCost.currency,
        errorCode: batch.status === 'failed' ? 'all_models_failed' : null,
        errorMessage: batch.status === 'failed' ? 'Every model failed.' : null,
        completedAt: new Date(),
      },
    });
  });

  const toArchive = tasks.flatMap((task, i) => {
    const result = stored[i];
    return 'upstreamUrl' in result && result.upstreamUrl ? [{ outputId: task.outputId, url: result.upstreamUrl }] : [];
  });
  // Not fatal: the board is saved and charged; its images then show as not saved (service URL kept).
  await enqueueArchives(ctx.team.id, ctx.user.id, toArchive).catch((error: unknown) =>
    console.error(`[compare] could not queue the archiving of board ${generation.id}:`, (error as Error).message),
  );
  return { id: generation.id };
}
