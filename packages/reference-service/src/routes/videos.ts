// POST /v1/videos/generations and GET /v1/videos/generations/{id}: asynchronous text-to-video (interface 4.3, 4.4).
import { defaultDuration, findModel, videoResolutions } from '../catalog';
import { baseUrl, type ServiceContext } from '../context';
import { ServiceError, invalid } from '../errors';
import { readCapped, readJsonObject } from '../request-body';
import { DEFAULT_DURATION, videoRequestSchema } from '../requests';
import { checked } from '../validate';
import { checkWebhookUrl } from '../webhook-target';

export async function createVideo(ctx: ServiceContext, request: Request, owner: string): Promise<Response> {
  const body = checked(videoRequestSchema, await readJsonObject(request));
  const { prompt, resolution, audio, aspect_ratio: aspectRatio } = body;
  const model = findModel(ctx.catalog, body.model, 'video');
  if (!model) throw new ServiceError(404, 'model_not_found', `The video model "${body.model}" does not exist.`, 'model');
  // No duration: the model's own default (a provider's, which is what it would make and bill), never a guess of ours.
  const duration = body.duration ?? defaultDuration(model, DEFAULT_DURATION);
  if (!model.durations.includes(duration)) {
    throw invalid('invalid_duration', `${model.id} supports durations of ${model.durations.join(', ')} seconds.`, 'duration');
  }
  const capabilities = model.provider?.capabilities;
  if (!videoResolutions(model).includes(resolution)) {
    throw invalid('invalid_resolution', `${model.id} makes ${videoResolutions(model).join(', ')} videos.`, 'resolution');
  }
  if (capabilities && !capabilities.aspectRatios.includes(aspectRatio)) {
    throw invalid('invalid_aspect_ratio', `${model.id} makes videos of ${capabilities.aspectRatios.join(', ')}.`, 'aspect_ratio');
  }
  if (capabilities && audio && !capabilities.audio) {
    throw invalid('invalid_audio', `${model.id} (${model.provider!.providerName}) makes no sound: send audio: false.`, 'audio');
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

/**
 * POST /v1/videos/callbacks/{id}?token=…: a provider calling back about a task (the URL the service
 * gave it). Unauthenticated as providers are, so it only makes the task's next poll come sooner;
 * anything else (a wrong token, a forged signature, an unknown task) is 404 and changes nothing.
 */
export async function providerCallback(ctx: ServiceContext, request: Request, id: string): Promise<Response> {
  const body = (await readCapped(request, 1_000_000)).toString('utf8');
  const token = new URL(request.url).searchParams.get('token');
  const accepted = await ctx.videos.nudge(id, token, { headers: request.headers, body });
  if (!accepted) throw new ServiceError(404, 'task_not_found', `No video task with id "${id}" expects this callback.`, 'id');
  return new Response(null, { status: 204 });
}
