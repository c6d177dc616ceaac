import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { appConfig } from '../config';
import { processLabel } from './log';

// Prometheus metrics of this process, scraped at /api/metrics (a bearer token, ATELIER_METRICS_TOKEN):
// the service's latency by operation, model and status; Atelier's own requests; budget refusals;
// webhooks sent and received by outcome; archive failures; and, read from the database when
// scraped, each job queue's depth and oldest waiting job, and whether the service answers. Every
// series carries `process`, so that replicas and workers can be told apart. One registry per
// process, on globalThis: the custom server and Next's bundles load separate copies of this module.

function create() {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processLabel() });
  collectDefaultMetrics({ register: registry, prefix: 'atelier_' });
  const registers = [registry];
  return {
    registry,
    serviceSeconds: new Histogram({
      name: 'atelier_service_request_duration_seconds',
      help: 'Calls to the image/video service, by operation, model and HTTP status (0: no answer).',
      labelNames: ['operation', 'model', 'status'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 45, 90],
      registers,
    }),
    httpSeconds: new Histogram({
      name: 'atelier_http_request_duration_seconds',
      help: 'Requests Atelier answered, by kind (page, action, api, gateway, webhook, service, static) and status class. Webhook deliveries (POST) are counted in atelier_webhooks_total instead.',
      labelNames: ['kind', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 30, 90],
      registers,
    }),
    ownSeconds: new Histogram({
      name: 'atelier_http_request_own_duration_seconds',
      help: 'Atelier’s own share of each request: its whole time less the time spent waiting on the service.',
      labelNames: ['kind', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    }),
    budgetRefusals: new Counter({
      name: 'atelier_budget_refusals_total',
      help: 'Requests refused by a budget, by which (team, member, key).',
      labelNames: ['budget'] as const,
      registers,
    }),
    webhooks: new Counter({
      name: 'atelier_webhooks_total',
      help: 'Webhooks sent (alerts, API callers’ callbacks) and received (the service’s), by outcome.',
      labelNames: ['direction', 'kind', 'outcome'] as const,
      registers,
    }),
    archiveFailures: new Counter({
      name: 'atelier_archive_failures_total',
      help: 'Attempts to copy a result into storage that failed (each is retried; the last marks it unsaved).',
      registers,
    }),
    jobs: new Gauge({
      name: 'atelier_jobs',
      help: 'Jobs per queue: waiting (due now), scheduled (due later) and active. Read from the database when scraped.',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    oldestJob: new Gauge({
      name: 'atelier_job_oldest_waiting_seconds',
      help: 'Age of each queue’s oldest job that is due and not yet taken.',
      labelNames: ['queue'] as const,
      registers,
    }),
    serviceUp: new Gauge({
      name: 'atelier_service_up',
      help: '1 when the image/video service answered its model list within 3 s at the last scrape.',
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof create>;
const KEY = Symbol.for('atelier.metrics');
type Holder = { [KEY]?: Metrics };

/** This process's metrics. */
export function metrics(): Metrics {
  return ((globalThis as Holder)[KEY] ??= create());
}

/** One queue's jobs by state, as a scrape reports them. */
export interface QueueDepth {
  queue: string;
  /** Due now and not yet taken. */
  waiting: number;
  /** Due later (a retry's backoff, a poll scheduled ahead). */
  scheduled: number;
  active: number;
  /** Seconds the oldest waiting job has been due; null when none waits. */
  oldest: number | null;
}

/** What a scrape reads from the database: each queue's jobs by state (lib/queue/depths.ts). */
export type QueueReader = () => Promise<QueueDepth[]>;

/** Reads what lives in the database and the service, then renders every metric. */
export async function scrape(readQueues: QueueReader): Promise<string> {
  const m = metrics();
  const [queues] = await Promise.all([readQueues(), probeService().then((up) => m.serviceUp.set(up ? 1 : 0))]);
  m.jobs.reset();
  m.oldestJob.reset();
  for (const q of queues) {
    for (const state of ['waiting', 'scheduled', 'active'] as const) m.jobs.set({ queue: q.queue, state }, q[state]);
    m.oldestJob.set({ queue: q.queue }, q.oldest ?? 0);
  }
  return m.registry.metrics();
}

async function probeService(): Promise<boolean> {
  try {
    // Any HTTP answer (401 included) shows the service is there.
    await fetch(`${appConfig().upstream.baseUrl}/v1/models`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Whether a request may read the metrics: the configured token as a bearer; without a token, nobody. */
export function metricsAllowed(authorization: string | undefined): boolean {
  const token = appConfig().metricsToken;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
