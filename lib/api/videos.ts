import { modelNameSchema, orDefault, promptSchema, videoRequestSchema } from '@atelier/reference-service/requests';
import { z } from 'zod';
import type { ApiCaller } from '../api-keys/authenticate';
import type { Prisma } from '../db/generated/client';
import { AppError } from '../errors';
import { isHeld } from '../generations/approval-gate';
import { db } from '../runtime';
import { SERVICE_DEFAULTS } from '../upstream/defaults';
import { createVideo } from '../videos/create-video';
import { videoParamsSchema } from '../videos/queries';
import { secondsLeft } from '../videos/view';
import { callbackUrlProblem, PRIVATE_ORIGINS_VARIABLE } from '../webhooks/callback-url';
import { fileUrl, fileUrlExpiry } from './file-urls';
import { checkModels } from './v1';
import { nameText, promptText } from '../text';

// POST /api/v1/videos/generations and GET /api/v1/videos/generations/{id}: the service's video task
// (sections 2.3 and 2.4, decisions.md row 5) as Atelier runs it; the id is Atelier's, and the
// caller's webhook_url is called when Atelier's task ends (callbacks.ts).

/** http(s) only, and not a literal private address; a host name is checked (and pinned) when it is called. */
const webhookUrl = z
  .string()
  .max(2_000)
  .superRefine((value, ctx) => {
    const problem = callbackUrlProblem(value);
    if (problem === 'malformed') ctx.addIssue({ code: 'custom', message: 'is not an http(s) URL (without credentials).', params: { own: true } });
    if (problem === 'private')
      ctx.addIssue({
        code: 'custom',
        message: `points at a private address; the operator can allow its origin with ${PRIVATE_ORIGINS_VARIABLE}.`,
        params: { own: true },
      });
  });

/**
 * The service's own schema (one validator: its refusals are the service's), with Atelier's text
 * rule before the prompt and model, a duration priced before the service sees it (a whole number
 * of seconds; which ones a model takes is still the service's to say), and the callback check.
 */
export const videosRequestSchema = videoRequestSchema.extend({
  model: nameText().pipe(modelNameSchema),
  prompt: promptText().pipe(promptSchema),
  /** Absent: the model's own default (createVideo asks the model list). */
  duration: orDefault(z.int().min(1).max(600).optional()),
  webhook_url: orDefault(webhookUrl.optional()),
});
export type VideosRequest = z.infer<typeof videosRequestSchema>;

export async function startVideo(caller: ApiCaller, request: VideosRequest) {
  checkModels(caller, [request.model]);
  const started = await createVideo(
    caller.ctx,
    {
      model: request.model,
      prompt: request.prompt,
      duration: request.duration,
      resolution: request.resolution,
      audio: request.audio,
      aspectRatio: request.aspect_ratio,
    },
    { callbackUrl: request.webhook_url },
  );
  if (isHeld(started)) return started;
  const task = await videoTaskRecord(caller, started.generationId);
  return { ...task, estimated_time: task.estimated_remaining ?? 0 };
}

export const taskSelect = {
  id: true,
  prompt: true,
  params: true,
  status: true,
  createdAt: true,
  costTotal: true,
  currency: true,
  errorCode: true,
  errorMessage: true,
  videoTask: { select: { progress: true, estimatedRemaining: true, estimatedAt: true, errorMessage: true } },
  outputs: {
    where: { status: 'completed' as const },
    select: { id: true, upstreamUrl: true, createdAt: true, asset: { select: { contentType: true } } },
    take: 1,
  },
} satisfies Prisma.GenerationSelect;
type TaskRow = Prisma.GenerationGetPayload<{ select: typeof taskSelect }>;

/** The task record (decisions.md row 5) of one of the caller's team's videos; another team's is not found. */
export async function videoTaskRecord(caller: Pick<ApiCaller, 'ctx'>, id: string): Promise<ReturnType<typeof taskRecord>> {
  const prisma = await db();
  const row = await prisma.generation.findFirst({ where: { id, teamId: caller.ctx.team.id, kind: 'video' }, select: taskSelect });
  if (!row) throw new AppError('not_found', 'No such video task.', { reason: 'taskNotFound', param: 'id' });
  return taskRecord(row);
}

/** A generation as the service's task record: processing until Atelier holds the file, then completed with its URL. */
export function taskRecord(row: TaskRow) {
  const params = videoParamsSchema.parse(row.params ?? {});
  const output = row.outputs[0];
  const status = row.status === 'completed' && output ? 'completed' : row.status === 'failed' || row.status === 'cancelled' ? 'failed' : 'processing';
  return {
    id: row.id,
    object: 'video_generation',
    status,
    progress: status === 'completed' ? 100 : Math.min(99, row.videoTask?.progress ?? 0),
    estimated_remaining: status === 'processing' ? secondsLeft(row.videoTask?.estimatedRemaining ?? null, row.videoTask?.estimatedAt ?? null) : 0,
    created: Math.floor(row.createdAt.getTime() / 1000),
    model: params.model,
    // Every parameter as used: an omitted duration is the service's default, as it was billed.
    params: {
      prompt: row.prompt,
      duration: params.duration ?? SERVICE_DEFAULTS.videoDuration,
      resolution: params.resolution,
      audio: params.audio,
      aspect_ratio: params.aspectRatio,
    },
    // The file URL and its expiry are fixed when the video is done: every poll answers the same.
    ...(status === 'completed' && output
      ? {
          video_url: fileUrl(output, output.createdAt.getTime()),
          expires_at: fileUrlExpiry(output.createdAt.getTime()),
          usage: { cost: Number(row.costTotal ?? 0), cost_unit: row.currency },
        }
      : {}),
    ...(status === 'failed'
      ? { error: { message: row.errorMessage ?? row.videoTask?.errorMessage ?? 'The video failed.', code: row.errorCode ?? 'failed' } }
      : {}),
  };
}
