import { randomBytes } from 'node:crypto';
import { startService, type RunningService } from '@atelier/reference-service/testing';
import { startS3rver } from '../../../lib/storage/testing/s3rver-server';
import { startAtelier, type Atelier } from '../../support/atelier';
import { freePort } from '../../support/free-port';
import { startWorker, type WorkerProcess } from '../../support/worker';
import { deployBlock, envFor } from './deploy-doc';
import { startProxy, type Proxy } from './proxy';

// Atelier in its production shape, each process started the way docs/deploy.md says (its command,
// and its variables with local values): the reference service on its own, two web replicas that run
// no jobs, one `npm run worker`, one PostgreSQL database, S3 (s3rver) and a round-robin balancer in
// front. The cluster spec and bench/cluster both run on it.

export interface Cluster {
  proxy: Proxy;
  service: RunningService;
  first: Atelier;
  second: Atelier;
  worker: WorkerProcess;
  s3: Awaited<ReturnType<typeof startS3rver>>;
  /** The worker's /api/metrics origin. */
  workerMetrics: string;
  metricsToken: string;
  /** Starts the worker again (after it was stopped), as `npm run worker` with the page's variables. */
  restartWorker(): Promise<WorkerProcess>;
  stop(): Promise<void>;
}

export const DEPLOY_BLOCKS = { web: deployBlock('web'), worker: deployBlock('worker'), service: deployBlock('service') };

export async function startCluster({ serviceEnv = {} }: { serviceEnv?: Record<string, string> } = {}): Promise<Cluster> {
  const proxy = await startProxy();
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  const metricsToken = randomBytes(24).toString('base64url');
  // startService gives the service its data dir and admin token itself.
  const documented = envFor(DEPLOY_BLOCKS.service, { SERVICE_WEBHOOK_SECRET: webhookSecret, SERVICE_PRIVATE_WEBHOOK_ORIGINS: proxy.origin }, [
    'SERVICE_DATA_DIR',
    'SERVICE_ADMIN_TOKEN',
  ]);
  const [service, s3] = await Promise.all([startService({ ...documented, ...serviceEnv }), startS3rver('atelier-cluster')]);
  const values: Record<string, string> = {
    NODE_ENV: 'production',
    ATELIER_SECRET: randomBytes(32).toString('base64url'),
    ATELIER_PUBLIC_URL: proxy.origin,
    ATELIER_WEBHOOK_BASE_URL: proxy.origin,
    ATELIER_RUN_WORKERS: 'false',
    UPSTREAM_BASE_URL: service.url,
    UPSTREAM_WEBHOOK_SECRET: webhookSecret,
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.config.bucket,
    S3_REGION: s3.config.region,
    S3_ENDPOINT: s3.config.endpoint!,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    ATELIER_METRICS_TOKEN: metricsToken,
  };
  // startAtelier makes the database and sets NODE_ENV (as `npm run serve` does).
  const env = envFor(DEPLOY_BLOCKS.web, values, ['DATABASE_URL', 'NODE_ENV']);
  const first = await startAtelier({ database: 'postgres', env });
  const workerMetrics = `http://127.0.0.1:${await freePort()}`;
  const startDeployedWorker = () =>
    startWorker(envFor(DEPLOY_BLOCKS.worker, { ...values, DATABASE_URL: first.databaseUrl, ATELIER_METRICS_PORT: new URL(workerMetrics).port }), process.env);
  const [second, worker] = await Promise.all([startAtelier({ database: 'postgres', env, replicaOf: first }), startDeployedWorker()]);
  proxy.targets = [first.origin, second.origin];
  const cluster: Cluster = {
    proxy,
    service,
    first,
    second,
    worker,
    s3,
    workerMetrics,
    metricsToken,
    async restartWorker() {
      cluster.worker = await startDeployedWorker();
      return cluster.worker;
    },
    async stop() {
      await cluster.worker.stop();
      await second.stop();
      await first.stop();
      await proxy.stop();
      await s3.stop();
      await service.dispose();
    },
  };
  return cluster;
}
