import { z } from 'zod';
import type { TeamContext } from '../auth/context';
import { upstreamAppError } from '../generations/upstream-error';
import { holdForApproval, type Held } from '../generations/approval-gate';
import { endGeneration, endingOf, openGeneration } from '../generations/lifecycle';
import { upstreamFor } from '../generations/upstream-for';
import { db } from '../runtime';
import { defaultVideoDuration, priceVideo } from '../pricing/estimates';
import { UpstreamError } from '../upstream';
import { SERVICE_DEFAULTS, VIDEO_ASPECT_RATIOS, VIDEO_RESOLUTIONS } from '../upstream/defaults';
import { scheduleSync } from './schedule';
import { webhookTarget } from './webhook-target';
import { MAX_PROMPT_CHARS, nameText, promptLength, promptText } from '../text';

export const createVideoSchema = z.object({
  model: nameText().min(1).max(200),
  prompt: promptText()
    .trim()
    .min(1, 'Describe the scene')
    .refine((text) => promptLength(text) <= MAX_PROMPT_CHARS, `The prompt is longer than ${MAX_PROMPT_CHARS.toLocaleString('en')} characters.`),
  duration: z.number().int().positive().max(600).optional(),
  resolution: z.enum(VIDEO_RESOLUTIONS).default(SERVICE_DEFAULTS.videoResolution),
  audio: z.boolean().default(false),
  aspectRatio: z.enum(VIDEO_ASPECT_RATIOS).default(SERVICE_DEFAULTS.videoAspectRatio),
  /** The failed task this one retries. */
  parentId: z.uuid().optional(),
});
export type CreateVideoInput = z.infer<typeof createVideoSchema>;

/** A video held for approval, as it is started again once approved: the form's input and the API caller's webhook_url. */
export const heldVideoSchema = z.object({ video: createVideoSchema, callbackUrl: z.string().optional() });

/**
 * Starts a video: the generation and its task row are written (budget reserved) BEFORE the service
 * is called and updated after, so a crash in between leaves a row the sync reconciles instead of a
 * task nobody knows about.
 */
export async function createVideo(
  ctx: TeamContext,
  input: CreateVideoInput,
  { callbackUrl }: { callbackUrl?: string } = {},
): Promise<{ generationId: string; videoTaskId: string } | Held> {
  const prisma = await db();
  // No duration: the model's own default, named in the request so that what is priced is what is made.
  if (input.duration === undefined) input = { ...input, duration: await defaultVideoDuration(ctx, input.model) };
  const charges = await priceVideo(ctx, input);
  // Over the team's limit for a member: kept for an owner's or admin's approval, nothing sent.
  const held = await holdForApproval(ctx, { kind: 'video', prompt: input.prompt, charges, input: { video: input, ...(callbackUrl ? { callbackUrl } : {}) } });
  if (held) return { held };
  const params = { model: input.model, duration: input.duration ?? null, resolution: input.resolution, audio: input.audio, aspectRatio: input.aspectRatio };
  const generation = await openGeneration(ctx, {
    kind: 'video',
    prompt: input.prompt,
    params,
    charges,
    parentId: input.parentId,
    withVideoTask: true,
    videoCallbackUrl: callbackUrl,
  });
  const taskId = generation.videoTaskId!;
  const target = webhookTarget(taskId);
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
      where: { id: taskId },
      data: {
        upstreamTaskId: created.id,
        status: 'running',
        progress: Math.round(created.progress),
        estimatedRemaining: created.estimatedRemaining ?? null,
        estimatedAt: created.estimatedRemaining == null ? null : new Date(),
        webhookTokenHash: target?.tokenHash ?? null,
      },
    });
    await prisma.generation.update({ where: { id: generation.id }, data: { upstreamId: created.id } });
    await scheduleSync(taskId, 0);
    return { generationId: generation.id, videoTaskId: taskId };
  } catch (error) {
    const ending = endingOf(error, undefined, 'The video could not be started.');
    const message = ending.status === 'failed' ? ending.message : 'Cancelled.';
    await endGeneration(generation.id, ending, (tx) => tx.videoTask.update({ where: { id: taskId }, data: { status: 'failed', errorMessage: message } }));
    // The failed card stays in the library with the service's message; the form says why too.
    throw error instanceof UpstreamError ? upstreamAppError(error) : error;
  }
}
