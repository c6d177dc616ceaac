// Atelier's server: migrates the database, serves the embedded reference service at /v1 when no
// UPSTREAM_BASE_URL is configured, runs background jobs, and hands every other request to Next.js.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { serveApi } from './lib/api/routes';
import { blobStore } from './lib/assets/store';
import { appConfig } from './lib/config';
import { checkActionBody, isActionPost } from './lib/http/action-body';
import { bodyLimit, capBody } from './lib/http/body-limit';
import { CLIENT_IP_HEADER, clientIp } from './lib/http/client-ip';
import { guardRequest } from './lib/http/request-guard';
import { securityHeaders } from './lib/http/security-headers';
import { startJobs } from './lib/jobs';
import { queueDepths } from './lib/queue/depths';
import { requestIdFrom, withRequestContext } from './lib/observability/context';
import { observeRequest, requestKind, serveMetrics } from './lib/observability/http';
import { log, setProcessRole } from './lib/observability/log';
import { handleVideoWebhookNode } from './lib/videos/webhook-delivery';
import { webhookBase } from './lib/videos/webhook-target';
import { createReferenceService, loadConfig as loadServiceConfig, nodeHandler } from '@atelier/reference-service';
import { runtime, stopOnSignal } from './lib/runtime';
import { withDeadline } from './lib/async';
import { sealAlertWebhookUrls } from './lib/alerts/settings';

setProcessRole('web');
const dev = process.env.NODE_ENV === 'development';
const config = appConfig();
const { db } = await runtime();
await sealAlertWebhookUrls(); // addresses saved before they were sealed (needs the app's secret, so not a migration)
// A wrong bucket, credentials or folder stops the start here, not the first upload.
await blobStore().probe();
log().info({ database: db.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL' }, 'database ready');

const service = config.upstream.embedded
  ? await createReferenceService(
      loadServiceConfig({
        ...process.env,
        SERVICE_DATA_DIR: path.join(config.dataDir, 'reference-service'),
        SERVICE_ADMIN_TOKEN: config.upstream.adminToken,
        SERVICE_WEBHOOK_SECRET: config.upstream.webhookSecret,
        // The service may call back this very process (on loopback or a private network), and nothing else private.
        SERVICE_PRIVATE_WEBHOOK_ORIGINS: new URL(config.publicUrl).origin,
      }),
    )
  : undefined;
const serveEmbedded = service && nodeHandler((request) => service.handle(request), config.upstream.baseUrl);
const serveApiNode = nodeHandler(serveApi, config.publicUrl);

const app = next({ dev, dir: import.meta.dirname, hostname: config.host, port: config.port });
await app.prepare();
const handle = app.getRequestHandler();

const WEBHOOK_PATH = /^\/api\/webhooks\/video\/([^/]+)\/([^/]+)$/;

const server = createServer((req, res) => {
  const pathname = (req.url ?? '/').split('?')[0];
  // Webhook deliveries come by the hundred from the service, not from a browser: they are answered
  // first, before request ids, timing and Next.js, which took a quarter of this process's CPU in a
  // burst (bench/webhooks). They are counted by outcome, and refusals logged, where they are judged.
  // Their body is capped like every other.
  const webhook = req.method === 'POST' && WEBHOOK_PATH.exec(pathname);
  if (webhook) {
    if (capBody(req, res, bodyLimit(pathname))) handleVideoWebhookNode(req, res, webhook[1], webhook[2]);
    return;
  }
  // Every other request has an id (the caller's X-Request-Id, or a new one): in the answer, the
  // logs, the service calls it makes and the jobs it queues.
  const context = { requestId: requestIdFrom(req.headers['x-request-id']), serviceMs: 0 };
  req.headers['x-request-id'] = context.requestId;
  res.setHeader('x-request-id', context.requestId);
  observeRequest(res, pathname, requestKind(pathname, isActionPost(req, pathname)), context);
  if (pathname === '/api/metrics') {
    void serveMetrics(req, res, () => queueDepths(db));
    return;
  }
  withRequestContext(context, () => route(req, res, pathname));
});

function route(req: IncomingMessage, res: ServerResponse, pathname: string) {
  // Set once for every other response: pages, APIs, files, errors, the embedded service.
  const { nonce, headers } = securityHeaders(config, { dev });
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  req.headers['content-security-policy'] = headers['content-security-policy'];
  req.headers['x-nonce'] = nonce;
  req.headers[CLIENT_IP_HEADER] = clientIp(req, config.trustedProxyHops);
  // Every body is capped while it streams in, before anything reads it.
  if (!capBody(req, res, bodyLimit(pathname))) return;
  // State changes with this browser's cookies come from Atelier's own pages only.
  const refusal = guardRequest(req, pathname, config);
  if (refusal) {
    res.writeHead(refusal.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: refusal.code, message: refusal.message } }));
    return;
  }
  // Atelier's API: a metered gateway answers without Next.js routing in its path (lib/api/routes.ts).
  if (pathname.startsWith('/api/v1/')) {
    void serveApiNode(req, res);
    return;
  }
  if (serveEmbedded && pathname.startsWith('/v1/')) {
    void serveEmbedded(req, res);
    return;
  }
  if (isActionPost(req, pathname)) {
    void checkActionBody(req, res).then((checked) => checked && handle(checked, res));
    return;
  }
  void handle(req, res);
}
server.requestTimeout = 0; // edits may take up to 90 s upstream
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

const jobs = config.runWorkers ? await startJobs(db) : undefined;

server.listen(config.port, config.host, () => {
  const upstream = service ? 'embedded reference service at /v1' : config.upstream.baseUrl;
  log().info(
    { listening: `${config.host}:${config.port}`, publicUrl: config.publicUrl, upstream, workers: Boolean(jobs) },
    `ready: listening on ${config.host}:${config.port}`,
  );
  if (!webhookBase(config)) {
    log().warn(
      `video webhooks are off: the service cannot reach ${config.publicUrl}, so videos are followed by polling. ` +
        'Set ATELIER_WEBHOOK_BASE_URL to where the service reaches Atelier (a private address is fine when it runs in your network).',
    );
  }
});

/** How long a stop waits for requests in flight and running jobs (a load balancer has stopped sending by then). */
const DRAIN_MS = 25_000;

/**
 * SIGTERM: stop taking connections, let requests in flight and running jobs finish (at most
 * DRAIN_MS), then close. Idle keep-alive connections are closed at once, and each busy one as soon
 * as its request is answered.
 */
stopOnSignal(`finishing requests in flight and running jobs (at most ${DRAIN_MS / 1000} s)`, async () => {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  await Promise.all([withDeadline(closed, DRAIN_MS), jobs?.stop(DRAIN_MS)]);
  clearInterval(idle);
  server.closeAllConnections();
  await service?.close();
});
