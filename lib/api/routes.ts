import { Readable } from 'node:stream';
import { openResultUrl } from '../assets/archive';
import { serveAsset } from '../assets/serve-asset';
import { AppError } from '../errors';
import { isUuid } from '../ids';
import { LIVE } from '../generations/visibility';
import { serviceModels } from '../pricing/catalog';
import { serviceModelShape } from '../upstream/models';
import { db } from '../runtime';
import { editFieldsSchema } from '../edits/run-edit';
import { isHeld } from '../generations/approval-gate';
import { approvalRecord, heldAnswer } from './approvals';
import { editImage } from './edits';
import { openApiDocument } from './openapi';
import { appConfig } from '../config';
import { validFileSignature } from './file-urls';
import { generateImages, generationsRequestSchema } from './generations';
import { v1ErrorResponse, withApiKey } from './v1';
import { startVideo, videosRequestSchema, videoTaskRecord } from './videos';

// Atelier's API, /api/v1: served by server.ts straight from Node's request, as the video webhooks
// are, not through Next.js routing (which would add milliseconds to every call of a metered
// gateway and give nothing an API needs). Bodies are capped and the origin rule skipped (bearer
// routes) before a request gets here.

type Handler = (request: Request, params: Record<string, string>) => Promise<Response>;

const noStore = { 'cache-control': 'no-store' };

/** GET /api/v1/models: the service's models (decisions.md row 10) that this key may use, with the prices Atelier trusts. */
const listModels = withApiKey({}, async ({ ctx, key }) => {
  const models = await serviceModels(ctx);
  const data = models.filter((m) => key.models.length === 0 || key.models.includes(m.id)).map(serviceModelShape);
  return Response.json({ object: 'list', data }, { headers: noStore });
});

/** The answer of a request that ran, or the 202 of one held for approval (approvals.ts). */
const answer = (outcome: object) => (isHeld(outcome) ? heldAnswer(outcome.held) : Response.json(outcome));

/** POST /api/v1/images/generations: the service's multi-model generation, run as a board. */
const generations = withApiKey({ body: generationsRequestSchema }, async (caller, { body }, request) =>
  answer(await generateImages(caller, body, request.signal)),
);

/** POST /api/v1/images/edits: the service's image edit (multipart). */
const edits = withApiKey({ form: editFieldsSchema }, async (caller, _input, request) => answer(await editImage(caller, request)));

/** POST /api/v1/videos/generations: the service's asynchronous video task. */
const videos = withApiKey({ body: videosRequestSchema }, async (caller, { body }) => answer(await startVideo(caller, body)));

/** GET /api/v1/approvals/{id}: a request held for approval, as it stands (and its result once it ran). */
const approval = withApiKey({}, async (caller, { params: { id } }) => {
  if (!isUuid(id)) throw new AppError('not_found', 'No such approval request.', { reason: 'taskNotFound', param: 'id' });
  return Response.json(await approvalRecord(caller, id), { headers: noStore });
});

/** GET /api/v1/videos/generations/{id}: the task record (decisions.md row 5) of one of the key's team's videos. */
const videoTask = withApiKey({}, async (caller, { params: { id } }) => {
  if (!isUuid(id)) throw new AppError('not_found', 'No such video task.', { reason: 'taskNotFound', param: 'id' });
  return Response.json(await videoTaskRecord(caller, id), { headers: noStore });
});

/** GET /api/v1/openapi.json: the API as OpenAPI 3.1 (openapi.ts), made once; no key needed. */
let openApi: string | undefined;
const openApiJson: Handler = async () =>
  new Response((openApi ??= JSON.stringify(openApiDocument(`${appConfig().publicUrl}/api/v1`))), {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });

const fileNotFound = () => new AppError('not_found', 'That file does not exist or its link has expired.', { reason: 'fileNotFound' });

/**
 * GET /api/v1/files/{output id}.{ext}?expires=…&signature=…: a file the API answered with. From
 * Atelier's storage once archived; until then, streamed from the service's own URL (valid 7 days),
 * checked as archiving checks it. The signature is the authorisation: no key needed.
 */
const file: Handler = async (request, { file }) => {
  try {
    const outputId = /^([0-9a-f-]{36})\.(png|jpg|webp|mp4)$/i.exec(file)?.[1];
    const search = new URL(request.url).searchParams;
    if (!outputId || !isUuid(outputId) || !validFileSignature(outputId, search.get('expires'), search.get('signature'))) throw fileNotFound();
    const output = await (
      await db()
    ).generationOutput.findFirst({
      where: { id: outputId, status: 'completed', ...LIVE },
      select: { kind: true, upstreamUrl: true, asset: { select: { id: true, storageKey: true, contentType: true } } },
    });
    if (output?.asset) return await serveAsset(request, output.asset, { cacheControl: 'private, max-age=3600' });
    if (!output?.upstreamUrl) throw fileNotFound();
    const remote = await openResultUrl(output.upstreamUrl, output.kind === 'video' ? 'video' : 'image', request.signal).catch(() => {
      throw new AppError('upstream_unavailable', 'The file is not stored yet and the service could not give it.', { reason: 'fileUnavailable' });
    });
    const headers = { 'content-type': remote.contentType, ...(remote.length !== undefined ? { 'content-length': String(remote.length) } : {}), ...noStore };
    if (request.method === 'HEAD') {
      remote.body.destroy();
      return new Response(null, { headers });
    }
    return new Response(Readable.toWeb(remote.body) as ReadableStream<Uint8Array>, { headers });
  } catch (error) {
    return v1ErrorResponse(error);
  }
};

/** A route of the API: its path (`:name` a segment), the pattern that matches it, its handlers. */
const apiRoute = (path: string, methods: Record<string, Handler>) => ({
  path,
  pattern: new RegExp(`^${path.replace(/\./g, '\\.').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
  methods,
});

export const API_ROUTES = [
  apiRoute('/api/v1/openapi.json', { GET: openApiJson }),
  apiRoute('/api/v1/models', { GET: listModels }),
  apiRoute('/api/v1/images/generations', { POST: generations }),
  apiRoute('/api/v1/images/edits', { POST: edits }),
  apiRoute('/api/v1/videos/generations', { POST: videos }),
  apiRoute('/api/v1/videos/generations/:id', { GET: videoTask }),
  apiRoute('/api/v1/approvals/:id', { GET: approval }),
  apiRoute('/api/v1/files/:file', { GET: file, HEAD: file }),
];

/** A path's named parts, percent-decoded; null if one is not valid percent-encoding. */
function decodeParams(groups: Record<string, string>): Record<string, string> | null {
  try {
    return Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return null;
  }
}

/** Answers one /api/v1 request; an unknown path or method in the service's error shape. */
export async function serveApi(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const route of API_ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const handler = route.methods[request.method];
    const params = decodeParams(match.groups ?? {});
    if (handler && params) return handler(request, params);
    if (!params) {
      // As the service answers a path segment that is not valid percent-encoding.
      const param = Object.keys(match.groups ?? {})[0] ?? null;
      return v1ErrorResponse(new AppError('invalid_input', `The ${param ?? 'path'} is not valid percent-encoding.`, { reason: 'pathEncoding', param }));
    }
    const allow = Object.keys(route.methods).join(', ');
    return Response.json(
      { error: { message: `Use ${allow} here.`, type: 'invalid_request_error', code: 'method_not_allowed', param: null } },
      { status: 405, headers: { allow } },
    );
  }
  return v1ErrorResponse(new AppError('not_found', 'There is no such API endpoint.', { reason: 'noEndpoint' }));
}
