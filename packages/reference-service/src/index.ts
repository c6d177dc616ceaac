import { mkdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadCatalog, publicModel } from './catalog';
import { loadConfig, type ServiceConfig } from './config';
import type { ServiceContext } from './context';
import { EnginePool } from './engines/pool';
import { defaultFfmpegPath } from './engines/video/render';
import { ServiceError, errorResponse, invalid } from './errors';
import { FileShelf } from './files';
import { KeyRing } from './keys';
import { knobs, mintKey, requireAdmin } from './routes/admin';
import { createEdit } from './routes/edits';
import { createGeneration } from './routes/generations';
import { createVideo, getVideo, providerCallback } from './routes/videos';
import { JsonStore } from './store';
import { VideoTasks } from './video-tasks';
import { WebhookOutbox } from './webhooks';

export { loadConfig, type ServiceConfig } from './config';
export { signWebhook } from './webhooks';
export { nodeHandler } from './node-adapter';

export interface ReferenceService {
  /** Answers any request whose path starts with /v1/; a web Request in, a web Response out. */
  handle(request: Request): Promise<Response>;
  mintKey(name?: string): Promise<string>;
  close(): Promise<void>;
}

type Route = (ctx: ServiceContext, request: Request, match: RegExpExecArray) => Promise<Response> | Response;

const withKey =
  (route: (ctx: ServiceContext, request: Request, owner: string, match: RegExpExecArray) => Promise<Response> | Response): Route =>
  async (ctx, request, match) =>
    route(ctx, request, await ctx.keys.authenticate(request), match);

const ROUTES: Array<{ method: string[]; path: RegExp; route: Route }> = [
  { method: ['GET'], path: /^\/v1\/health$/, route: () => Response.json({ status: 'ok' }) },
  {
    method: ['GET'],
    path: /^\/v1\/models$/,
    route: withKey((ctx) => listModels(ctx)),
  },
  { method: ['POST'], path: /^\/v1\/images\/edits$/, route: withKey(createEdit) },
  { method: ['POST'], path: /^\/v1\/images\/generations$/, route: withKey(createGeneration) },
  { method: ['POST'], path: /^\/v1\/videos\/generations$/, route: withKey(createVideo) },
  {
    method: ['GET'],
    path: /^\/v1\/videos\/generations\/([^/]+)$/,
    route: withKey((ctx, _request, owner, match) => getVideo(ctx, owner, taskId(match[1]))),
  },
  {
    method: ['POST'],
    path: /^\/v1\/videos\/callbacks\/([^/]+)$/,
    route: (ctx, request, match) => providerCallback(ctx, request, taskId(match[1])),
  },
  {
    method: ['GET', 'HEAD'],
    path: /^\/v1\/files\/([^/]+)$/,
    route: async (ctx, request, match) => (await slowFiles(ctx, request), ctx.files.serve(request, match[1])),
  },
  {
    method: ['POST'],
    path: /^\/v1\/admin\/keys$/,
    route: (ctx, request) => (requireAdmin(ctx, request), mintKey(ctx, request)),
  },
  {
    method: ['GET', 'PUT'],
    path: /^\/v1\/admin\/knobs$/,
    route: (ctx, request) => (requireAdmin(ctx, request), knobs(ctx, request)),
  },
];

/** A task id from the path: percent-decoded, or refused (400) when it is not valid percent-encoding. */
function taskId(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalid('invalid_request', 'The task id in the path is not valid percent-encoding.', 'id');
  }
}

/** GET /v1/models (decisions.md row 10), unless a test's knob makes it fail, come back empty or lose its prices. */
function listModels(ctx: ServiceContext): Response {
  const { modelList } = ctx.config.knobs;
  if (modelList === 'failing') throw new ServiceError(503, 'overloaded', 'The model list is unavailable right now.');
  const models = modelList === 'empty' ? [] : ctx.catalog.models.map(publicModel);
  const data = modelList === 'unpriced' ? models.map(({ price: _price, ...model }) => model) : models;
  return Response.json({ object: 'list', data });
}

/** The fileLatencyMs knob: a slow file server, waited out unless the client goes away. */
async function slowFiles(ctx: ServiceContext, request: Request): Promise<void> {
  const { fileLatencyMs } = ctx.config.knobs;
  if (fileLatencyMs > 0) await sleep(fileLatencyMs, undefined, { signal: request.signal }).catch(() => {});
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

export async function createReferenceService(config: ServiceConfig = loadConfig()): Promise<ReferenceService> {
  await mkdir(config.dataDir, { recursive: true });
  const store = new JsonStore(config.dataDir);
  const catalog = loadCatalog(config.catalogFile, config.providerModels);
  const files = new FileShelf(store, config.dataDir, config.fileSecret, config.fileTtlSeconds);
  const pool = new EnginePool(config.engineThreads);
  const webhooks = new WebhookOutbox(store, config.webhookSecret, config.webhookRetryDelaysMs);
  const videos = new VideoTasks({
    store,
    files,
    pool,
    webhooks,
    catalog,
    knobs: config.knobs,
    dataDir: config.dataDir,
    ffmpegPath: config.ffmpegPath ?? defaultFfmpegPath(),
    concurrency: config.videoConcurrency,
    deadlineMs: config.videoDeadlineMs,
    fileUrl: (base, file) => files.url(base, file),
    providerPollMs: config.providerPollMs,
    providerDeadlineMs: config.providerVideoDeadlineMs,
    callbackSecret: config.fileSecret,
  });
  const ctx: ServiceContext = { config, catalog, store, keys: new KeyRing(store), files, pool, videos, webhooks };

  await webhooks.start();
  await videos.start();
  const purge = setInterval(() => void files.purgeExpired().catch((e) => console.error('[reference-service] purge failed', e)), PURGE_EVERY_MS);
  purge.unref();
  void files.purgeExpired();

  return {
    async handle(request) {
      const { pathname } = new URL(request.url);
      try {
        const candidates = ROUTES.map((r) => ({ r, match: r.path.exec(pathname) })).filter((c) => c.match);
        if (candidates.length === 0) throw new ServiceError(404, 'not_found', `No route for ${pathname}.`);
        const hit = candidates.find((c) => c.r.method.includes(request.method));
        if (!hit) {
          const allow = [...new Set(candidates.flatMap((c) => c.r.method))].join(', ');
          throw new ServiceError(405, 'method_not_allowed', `${request.method} is not allowed on ${pathname}: use ${allow}.`, null, { allow });
        }
        return await hit.r.route(ctx, request, hit.match!);
      } catch (error) {
        return errorResponse(error);
      }
    },
    mintKey: (name) => ctx.keys.mint(name ?? null),
    async close() {
      clearInterval(purge);
      webhooks.close();
      videos.close();
      await pool.close();
    },
  };
}
