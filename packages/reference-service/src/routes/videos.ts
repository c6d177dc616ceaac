// POST /v1/videos/generations and GET /v1/videos/generations/{id}: asynchronous text-to-video (interface 4.3, 4.4).
import { RESOLUTIONS, findModel } from '../catalog';
import { baseUrl, type ServiceContext } from '../context';
import { ASPECT_RATIOS } from '../engines/video/render';
import { ServiceError, invalid } from '../errors';
import { readJsonObject } from '../request-body';
import { oneOf, requirePrompt } from '../validate';
import { checkWebhookUrl } from '../webhook-target';

export async function createVideo(ctx: ServiceContext, request: Request, owner: string): Promise<Response> {
  const body = await readJsonObject(request);
  if (typeof body.model !== 'string' || body.model === '') throw invalid('missing_field', 'model is required.', 'model');
  const prompt = requirePrompt(body.prompt);
  const model = findModel(ctx.catalog, body.model, 'video');
  if (!model) throw new ServiceError(404, 'model_not_found', `The video model "${body.model}" does not exist.`, 'model');
  const duration = body.duration ?? 5;
  if (typeof duration !== 'number' || !model.durations.includes(duration)) {
    throw invalid('invalid_duration', `${model.id} supports durations of ${model.durations.join(', ')} seconds.`, 'duration');
  }
  const resolution = oneOf(body.resolution, RESOLUTIONS, '720p', 'invalid_resolution', 'resolution');
  if (body.audio !== undefined && body.audio !== null && typeof body.audio !== 'boolean') {
    throw invalid('invalid_audio', 'audio must be true or false.', 'audio');
  }
  const audio = body.audio === true;
  const aspectRatio = oneOf(body.aspect_ratio, ASPECT_RATIOS, '16:9', 'invalid_aspect_ratio', 'aspect_ratio');
  const webhookUrl =
    body.webhook_url === undefined || body.webhook_url === null
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
