import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { upstreamAppError } from '../generations/upstream-error';
import { upstreamFor } from '../generations/upstream-for';
import { releaseReservations } from '../ledger/record';
import { reserveBudget } from '../ledger/reserve';
import { db } from '../runtime';
import { maxAmount } from '../pricing/money';
import { recentCharges } from '../pricing/observed';
import { priceUnknown } from '../pricing/unknown';
import { UpstreamError } from '../upstream';
import { SERVICE_DEFAULTS } from '../upstream/defaults';
import { videoModels } from './catalog';
import { estimateCost } from './estimate';
import { scheduleSync } from './schedule';
import { webhookTarget } from './webhook-target';

export const createVideoSchema = z.object({
  model: z.string().min(1).max(200),
  prompt: z.string().trim().min(1, 'Describe the scene').max(32_000),
  duration: z.number().int().positive().max(600).optional(),
  resolution: z.enum(['480p', '720p', '1080p']).default('720p'),
  audio: z.boolean().default(false),
  aspectRatio: z.enum(['16:9', '9:16', '1:1']).default('16:9'),
  /** The failed task this one retries. */
  parentId: z.uuid().optional(),
});
export type CreateVideoInput = z.infer<typeof createVideoSchema>;

/**
 * Starts a video: the task row is written BEFORE the service is called and updated after, so a
 * crash in between leaves a row the sweep reconciles instead of a task nobody knows about.
 */
export async function createVideo(ctx: TeamContext, input: CreateVideoInput) {
  const prisma = await db();
  const estimate = await priceVideo(ctx, input);
  const charges = [{ model: input.model, amount: estimate }];
  const generation = await prisma.$transaction((tx) =>
    reserveBudget(tx, { teamId: ctx.team.id, userId: ctx.user.id, kind: 'video', charges }, () =>
      tx.generation.create({
        data: {
          teamId: ctx.team.id,
          userId: ctx.user.id,
          kind: 'video',
          status: 'running',
          prompt: input.prompt,
          params: { model: input.model, duration: input.duration ?? null, resolution: input.resolution, audio: input.audio, aspectRatio: input.aspectRatio },
          parentId: input.parentId,
          videoTask: { create: { teamId: ctx.team.id, status: 'pending' } },
        },
        include: { videoTask: true },
      }),
    ),
  );
  const task = generation.videoTask!;
  const target = webhookTarget(task.id);
  try {
    const upstream = await upstreamFor(ctx);
    const created = await upstream.createVideo({
      model: input.model,
      prompt: input.prompt,
      duration: input.duration,
      resolution: input.resolution,
      audio: input.audio,
      aspectRatio: input.aspectRatio,
      webhookUrl: target?.url,
    });
    await prisma.videoTask.update({
      where: { id: task.id },
      data: {
        upstreamTaskId: created.id,
        status: 'running',
        progress: Math.round(created.progress),
        estimatedRemaining: created.estimatedRemaining ?? null,
        webhookTokenHash: target?.tokenHash ?? null,
      },
    });
    await prisma.generation.update({ where: { id: generation.id }, data: { upstreamId: created.id } });
    await scheduleSync(task.id, 0);
    return { generationId: generation.id, videoTaskId: task.id };
  } catch (error) {
    const message = error instanceof UpstreamError ? error.message : 'The video could not be started.';
    await prisma.$transaction(async (tx) => {
      await tx.videoTask.update({ where: { id: task.id }, data: { status: 'failed', errorMessage: message } });
      await tx.generation.update({ where: { id: generation.id }, data: { status: 'failed', errorMessage: message, errorCode: error instanceof UpstreamError ? error.code : 'internal', completedAt: new Date() } });
      await releaseReservations(tx, generation.id);
    });
    // The failed card stays in the library with the service's message; the form says why too.
    throw error instanceof UpstreamError ? upstreamAppError(error) : error;
  }
}

/**
 * What this video is reserved at: its trusted list price, with what the request leaves out at the
 * service's defaults (it bills a missing duration as 5 s), raised to the most the ledger saw
 * charged for the same model and settings. No price: refused.
 */
async function priceVideo(ctx: TeamContext, input: CreateVideoInput): Promise<string> {
  const duration = input.duration ?? SERVICE_DEFAULTS.videoDuration;
  const model = (await videoModels(ctx)).find((m) => m.id === input.model);
  const listed = model ? estimateCost(model.price, duration, input.resolution, input.audio) : null;
  if (listed === null) throw priceUnknown([input.model]);
  const same = (params: unknown) => {
    const p = params as { duration?: number | null; resolution?: string; audio?: boolean } | null;
    return (p?.duration ?? SERVICE_DEFAULTS.videoDuration) === duration && p?.resolution === input.resolution && Boolean(p?.audio) === input.audio;
  };
  const seen = (await recentCharges(ctx, 'video', [input.model], 20)).filter((c) => same(c.params));
  return seen.reduce((highest, c) => maxAmount(highest, c.amount), listed);
}
