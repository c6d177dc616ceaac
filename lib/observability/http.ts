import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { RequestContext } from './context';
import { log } from './log';
import { METRICS_CONTENT_TYPE, metrics, metricsAllowed, scrape, type QueueReader } from './metrics';

// What the web server (server.ts) and the worker's metrics port do with node:http requests: time
// and count every answer, log the ones worth reading, and serve /api/metrics.

export type RequestKind = 'page' | 'action' | 'api' | 'gateway' | 'webhook' | 'service' | 'static' | 'probe';

/** The kind of a request, for metrics (a handful of values, never the path itself). */
export function requestKind(pathname: string, isAction: boolean): RequestKind {
  if (pathname.startsWith('/_next/') || pathname === '/favicon.ico') return 'static';
  if (pathname === '/api/health' || pathname === '/api/ready' || pathname === '/api/metrics') return 'probe';
  if (pathname.startsWith('/api/v1/')) return 'gateway';
  if (pathname.startsWith('/api/webhooks/')) return 'webhook';
  if (pathname.startsWith('/v1/')) return 'service';
  if (pathname.startsWith('/api/')) return 'api';
  return isAction ? 'action' : 'page';
}

/** Paths whose last segment is a credential (webhook tokens, share and invite links): logged without it. */
const CAPABILITY_PATHS = /^(\/api\/webhooks\/video\/[^/]+|\/s|\/invite)\/[^/]+/;

/** The path as the access log shows it: capability tokens cut out, so a log reader cannot reuse them. */
export function loggedPath(pathname: string): string {
  return pathname.replace(CAPABILITY_PATHS, '$1/…');
}

/**
 * The access log's line for one answer, with any capability token cut out of its path; `timing`
 * when it was timed (server.ts times every request but webhook deliveries, whose refusals are logged
 * where they are judged).
 */
export function logRequest(
  request: { requestId: string; method: string | undefined; pathname: string; kind: RequestKind; status: number },
  timing?: { ms: number; serviceMs: number; ownMs: number },
): void {
  const { requestId, method, pathname, kind, status } = request;
  log().info({ requestId, method, path: loggedPath(pathname), kind, status, ...timing }, 'request');
}

/** What observeRequest keeps on a response until it closes. */
const OBSERVED = Symbol('atelier.observed');
type Observed = { started: number; pathname: string; kind: RequestKind; context: RequestContext };
type ObservedResponse = ServerResponse & { [OBSERVED]?: Observed };

/**
 * Times the answer `res` into the request histograms and logs it (static files and probes are
 * only counted): its whole time, and Atelier's own share, without the service's time (`context`,
 * which the request's service calls add to). One shared listener, so a request costs no closure.
 */
export function observeRequest(res: ServerResponse, pathname: string, kind: RequestKind, context: RequestContext): void {
  (res as ObservedResponse)[OBSERVED] = { started: performance.now(), pathname, kind, context };
  res.once('close', answered);
}

function answered(this: ObservedResponse): void {
  const { started, pathname, kind, context } = this[OBSERVED]!;
  const ms = performance.now() - started;
  const ownMs = Math.max(0, ms - context.serviceMs);
  const status = this.writableFinished ? this.statusCode : 0; // 0: the client left before the answer ended
  const labels = { kind, status: status === 0 ? 'aborted' : `${Math.floor(status / 100)}xx` };
  metrics().httpSeconds.observe(labels, ms / 1000);
  metrics().ownSeconds.observe(labels, ownMs / 1000);
  // Static files and probes are only counted. (Webhook deliveries do not come here: see server.ts.)
  if (kind !== 'static' && kind !== 'probe') {
    const timing = { ms: Math.round(ms), serviceMs: Math.round(context.serviceMs), ownMs: Math.round(ownMs) };
    logRequest({ requestId: context.requestId, method: this.req.method, pathname, kind, status }, timing);
  }
}

/** GET /api/metrics: Prometheus text for the configured bearer token; 404 for anyone else (or when no token is set). */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, readQueues: QueueReader): Promise<void> {
  if (req.method !== 'GET' || !metricsAllowed(req.headers.authorization)) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }));
    return;
  }
  try {
    const text = await scrape(readQueues);
    res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text);
  } catch (error) {
    log().error({ err: error }, 'metrics scrape failed');
    res.writeHead(503).end();
  }
}

/** The worker's own small server: /api/metrics on `port`, nothing else. */
export function serveWorkerMetrics(port: number, host: string, readQueues: QueueReader): Server {
  const server = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] === '/api/metrics') void serveMetrics(req, res, readQueues);
    else res.writeHead(404).end();
  });
  server.listen(port, host);
  return server;
}
