// `npm run worker`: background jobs without the web server, for scaling out beside N web replicas.
// With ATELIER_METRICS_PORT (and ATELIER_METRICS_TOKEN) it serves its metrics at /api/metrics there.
import { blobStore } from '../lib/assets/store';
import { appConfig } from '../lib/config';
import { startJobs } from '../lib/jobs';
import { queueDepths } from '../lib/queue/depths';
import { serveWorkerMetrics } from '../lib/observability/http';
import { log, setProcessRole } from '../lib/observability/log';
import { runtime, stopOnSignal } from '../lib/runtime';
import { sealAlertWebhookUrls } from '../lib/alerts/settings';

setProcessRole('worker');
const { db } = await runtime();
await sealAlertWebhookUrls(); // addresses saved before they were sealed (needs the app's secret, so not a migration)
await blobStore().probe();
const jobs = await startJobs(db);
const { metricsPort, host } = appConfig();
const metricsServer = metricsPort ? serveWorkerMetrics(metricsPort, host, () => queueDepths(db)) : undefined;
log().info({ database: db.kind, metrics: metricsPort ? `${host}:${metricsPort}` : null }, 'worker running jobs');

/** SIGTERM: stop taking jobs and let running ones finish, 25 s at most (as the web server does). */
stopOnSignal('finishing running jobs (at most 25 s)', async () => {
  metricsServer?.close();
  await jobs.stop(25_000);
});
