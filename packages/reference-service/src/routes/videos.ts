// POST /v1/videos/generations and GET /v1/videos/generations/{id}: asynchronous text-to-video (interface 4.3, 4.4).
import { findModel } from '../catalog';
import { baseUrl, type ServiceContext } from '../context';
import { ServiceError, invalid } from '../errors';
import { readJsonObject } from '../request-body';
import { videoRequestSchema } from '../requests';
import { checked } from '../validate';
import { checkWebhookUrl } from '../webhook-target';

export async function createVideo(ctx: ServiceContext, request: Request, owner: string): Promise<Response> {
  const body = checked(videoRequestSchema, await readJsonObject(request));
  const { prompt, duration, resolution, audio, aspect_ratio: aspectRatio } = body;
  const model = findModel(ctx.catalog, body.model, 'video');
  if (!model) throw new ServiceError(404, 'model_not_found', `The video model "${body.model}" does not exist.`, 'model');
  if (!model.durations.includes(duration)) {
    throw invalid('invalid_duration', `${model.id} supports durations of ${model.durations.join(', ')} seconds.`, 'duration');
  }
  const webhookUrl =
    body.webhook_url === undefined
      ? null
      : await checkWebhookUrl(body.webhook_url, { allowPrivate: ctx.config.allowPrivateWebhooks, privateOrigins: ctx.config.privateWebhookOrigins });
  const task = await ctx.videos.create(owner, baseUrl(ctx, request), model, { prompt, duration, resolution, audio, aspect_ratio: aspectRatio }, webhookUrl);
  return Response.json(task);
}

export function getVideo(ctx: ServiceContext, owner: string, id: string): Response {
  const task = ctx.videos.get(owner, id);
  if (!task) throw new ServiceError(404, 'task_not_found', `No video task with id "${id}".`, 'id');
  return Response.json(task);
}
