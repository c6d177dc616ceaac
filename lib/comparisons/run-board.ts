import { randomInt, randomUUID } from 'node:crypto';
import { allInOrder } from '../async';
import { enqueueArchive, markUnsaved } from '../assets/archive-job';
import type { TeamContext } from '../auth/context';
import { AppError } from '../errors';
import { holdForApproval, type Held } from '../generations/approval-gate';
import { endGeneration, endingOf, openGeneration, settleGeneration, type OutputRow, type Settlement } from '../generations/lifecycle';
import { upstreamAppError } from '../generations/upstream-error';
import { upstreamFor } from '../generations/upstream-for';
import { priceBoard } from '../pricing/estimates';
import { db, runtime } from '../runtime';
import { UpstreamError, type BatchResult, type GeneratedImage } from '../upstream';
import { splitCost } from '../upstream/cost';
import { LIMITS, type BoardInput, type BoardParams } from './schema';
import { storeBase64Image } from './store-base64';
import { log } from '../observability/log';

interface Task {
  outputId: string;
  entryIndex: number;
  position: number;
  model: string;
  image: GeneratedImage | null;
  revisedPrompt?: string;
  /** The image's own seed, when the service says it (data[].seed). */
  seed?: number;
}

/** A stored image: what the API needs to read it back or name its type. */
export interface StoredImage {
  storageKey: string;
  contentType: string;
}

/** A URL result is archived after the answer (its asset comes later); base64 is stored before it. */
type Stored = { assetId: string | null; asset?: StoredImage; upstreamUrl?: string } | { error: { code: string; message: string } };

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

/** Base64 images are decoded into storage now (the strings must not be kept); URL images wait for the archive job. */
async function storeImages(ctx: TeamContext, boardId: string, tasks: Task[]): Promise<Stored[]> {
  return mapLimit(tasks, 4, async (task): Promise<Stored> => {
    const image = task.image!;
    task.image = null;
    if ('url' in image) return { assetId: null, upstreamUrl: image.url };
    try {
      const asset = await storeBase64Image({ teamId: ctx.team.id, base64: image.base64, createdById: ctx.user.id });
      return { assetId: asset.id, asset: { storageKey: asset.storageKey, contentType: asset.contentType } };
    } catch (error) {
      log().error({ err: error, boardId }, 'board: could not store an image');
      return { error: { code: 'archive_failed', message: 'The image could not be saved.' } };
    }
  });
}

/**
 * The output rows of an answered board: one per image, plus one per model that failed. Each image
 * carries its own share of its model's cost (the service reports one cost per model: split evenly,
 * the shares adding up to it) and its own seed: the one the service gives it, else, for the first
 * image, the request's (the seed that makes it, decisions.md row 12); a later image's is unknown then.
 */
function outputRows(seed: number, batch: BatchResult, tasks: Task[], stored: Stored[]): OutputRow[] {
  const shares = new Map(
    batch.results.map((entry) => [entry.index, splitCost(entry.cost.amount, tasks.filter((task) => task.entryIndex === entry.index).length)]),
  );
  const images = tasks.map((task, i) => {
    const result = stored[i];
    const failed = 'error' in result;
    return {
      id: task.outputId,
      model: task.model,
      entryIndex: task.entryIndex,
      position: task.position,
      status: failed ? ('failed' as const) : ('completed' as const),
      assetId: failed ? null : result.assetId,
      archive: failed ? null : result.assetId ? ('archived' as const) : ('archiving' as const),
      upstreamUrl: failed ? null : (result.upstreamUrl ?? null),
      revisedPrompt: task.revisedPrompt ?? null,
      seed: task.seed !== undefined ? BigInt(task.seed) : task.position === 0 ? BigInt(seed) : null,
      cost: shares.get(task.entryIndex)?.[task.position] ?? null,
      errorCode: failed ? result.error.code : null,
      errorMessage: failed ? result.error.message : null,
    };
  });
  const failures = batch.results
    .filter((entry) => entry.error)
    .map((entry) => ({
      model: entry.model,
      entryIndex: entry.index,
      position: 0,
      status: 'failed' as const,
      seed: BigInt(seed),
      cost: entry.cost.amount,
      errorCode: entry.error!.code,
      errorMessage: entry.error!.message,
    }));
  return [...images, ...failures];
}

/** A board that ran: what was recorded, for an answer that need not read it back. */
export interface BoardRun {
  id: string;
  createdAt: Date;
  /** As settled; null if the board was ended elsewhere (cancelled) before the answer was recorded. */
  settlement: Settlement | null;
  /** The images stored before the answer (base64 ones), by output id. */
  stored: Map<string, StoredImage>;
}

/**
 * Runs one comparison board: opens it (budget reserved), sends ONE request with every model, then
 * settles it with its outputs and answers. URL images are copied into storage afterwards by the
 * archive job, and shown from the service's signed URL until then. `signal` cancels the upstream
 * call only: once the service has answered (and charged), the results are kept.
 */
export async function runBoard(ctx: TeamContext, input: BoardInput, signal?: AbortSignal): Promise<BoardRun | Held> {
  // Independent reads, side by side: the parent, the trusted prices and the caller's service key.
  const [, charges, upstream] = await allInOrder([
    input.parentId ? checkParent(ctx, input.parentId) : Promise.resolve(),
    priceBoard(ctx, input),
    upstreamFor(ctx),
  ]);
  const seed = input.seed ?? randomInt(0, LIMITS.maxSeed);
  const params: BoardParams = {
    prompt: input.prompt,
    models: input.models,
    size: input.size,
    n: input.n,
    background: input.background,
    seed,
    seedLocked: input.seed !== null,
    responseFormat: input.responseFormat,
  };
  // Over the team's limit for a member: kept as asked (the seed too) for an owner's or admin's approval.
  const held = await holdForApproval(ctx, { kind: 'comparison', prompt: input.prompt, charges, input: { ...input, seed: input.seed } });
  if (held) return { held };
  const createdAt = new Date();
  // Written before the call, so a crash or a cancel leaves a trace; a board over budget is never written.
  const board = await openGeneration(ctx, { kind: 'comparison', prompt: input.prompt, params, charges, parentId: input.parentId });
  let batch: BatchResult;
  try {
    batch = await upstream.generateImages({
      model: input.models,
      prompt: input.prompt,
      size: input.size,
      n: input.n,
      background: input.background,
      seed,
      responseFormat: input.responseFormat,
      signal,
    });
  } catch (error) {
    await endGeneration(board.id, endingOf(error, signal, 'The board could not run.'));
    if (error instanceof UpstreamError) throw upstreamAppError(error);
    throw error;
  }
  const tasks: Task[] = batch.results.flatMap((entry) =>
    entry.images.map((image, position) => ({
      outputId: randomUUID(),
      entryIndex: entry.index,
      position,
      model: entry.model,
      image,
      revisedPrompt: image.revisedPrompt,
      seed: image.seed,
    })),
  );
  // The tasks hold the only references to the images now: each is dropped once stored.
  for (const entry of batch.results) entry.images = [];
  const stored = await storeImages(ctx, board.id, tasks);

  const settlement: Settlement = {
    status: batch.status,
    upstreamId: batch.id,
    total: batch.totalCost,
    charges: batch.results.map((entry) => ({ model: entry.model, amount: entry.cost.amount })),
    error: batch.status === 'failed' ? { code: 'all_models_failed', message: 'Every model failed.' } : undefined,
    outputs: outputRows(seed, batch, tasks, stored),
  };
  // The copies are queued while the board settles, side by side: a job that starts before its
  // output row is written is retried (archive-job.ts), and one whose board never settled finds no
  // output and archives nothing.
  const toArchive = tasks.flatMap((task, i) =>
    'upstreamUrl' in stored[i] && stored[i].upstreamUrl ? [{ outputId: task.outputId, url: stored[i].upstreamUrl }] : [],
  );
  const queued = Promise.allSettled(
    toArchive.map(({ outputId, url }) => enqueueArchive({ teamId: ctx.team.id, url, kind: 'image', createdById: ctx.user.id, outputId })),
  );
  const settled = await settleGeneration(board, settlement);
  // Not fatal: the board is saved and charged; an image whose copy could not be queued shows as unsaved.
  const unqueued = (await queued).flatMap((result, i) => (result.status === 'rejected' ? [toArchive[i].outputId] : []));
  if (unqueued.length > 0) {
    log().error({ boardId: board.id, images: unqueued.length }, 'board: could not queue the archiving of images');
    if (settled) await markUnsaved((await runtime()).db, unqueued);
  }
  const images = new Map(tasks.flatMap((task, i) => ('asset' in stored[i] && stored[i].asset ? [[task.outputId, stored[i].asset] as const] : [])));
  return { id: board.id, createdAt, settlement: settled ? settlement : null, stored: images };
}

async function checkParent(ctx: TeamContext, parentId: string): Promise<void> {
  const prisma = await db();
  const parent = await prisma.generation.findFirst({ where: { id: parentId, teamId: ctx.team.id, kind: 'comparison' }, select: { id: true } });
  if (!parent) throw new AppError('not_found', 'That board does not exist.');
}
