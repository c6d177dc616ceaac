import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { loadStorageConfig, type StorageConfig } from './storage/config';

/** An empty variable counts as unset (`FOO=` in a .env file). */
const optional = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().optional());

const envSchema = z.object({
  ATELIER_DATA_DIR: optional,
  PORT: optional.pipe(z.string().regex(/^\d+$/, 'PORT must be a number').transform(Number).optional()),
  HOST: optional,
  ATELIER_PUBLIC_URL: optional.pipe(z.url().optional()),
  ATELIER_WEBHOOK_BASE_URL: optional.pipe(z.url().optional()),
  DATABASE_URL: optional,
  ATELIER_SECRET: optional.pipe(z.string().min(32, 'ATELIER_SECRET must be at least 32 characters').optional()),
  AUTH_SECRET: optional,
  UPSTREAM_BASE_URL: optional.pipe(z.url().optional()),
  UPSTREAM_TASK_PATH: optional,
  UPSTREAM_WEBHOOK_SECRET: optional,
  ATELIER_RUN_WORKERS: optional.pipe(z.stringbool().optional()),
  ATELIER_PRICES_FILE: optional,
  ATELIER_TRUSTED_PROXY_HOPS: optional.pipe(z.string().regex(/^\d$/, 'ATELIER_TRUSTED_PROXY_HOPS must be a number from 0 to 9').transform(Number).optional()),
  FFMPEG_PATH: optional,
  ATELIER_VIDEO_MAX_MINUTES: optional.pipe(z.string().regex(/^\d+$/, 'ATELIER_VIDEO_MAX_MINUTES must be a number').transform(Number).optional()),
  AUTH_GITHUB_ID: optional,
  AUTH_GITHUB_SECRET: optional,
  ATELIER_PRIVATE_CALLBACK_ORIGINS: optional,
  ATELIER_TEST_HOSTS: optional,
  NODE_ENV: optional,
  SMTP_URL: optional.pipe(z.url('SMTP_URL must be a URL such as smtp://user:pass@mail.example.com:587').optional()),
  ALERTS_FROM: optional,
  ATELIER_METRICS_TOKEN: optional.pipe(z.string().min(16, 'ATELIER_METRICS_TOKEN must be at least 16 characters').optional()),
  ATELIER_METRICS_PORT: optional.pipe(z.string().regex(/^\d+$/, 'ATELIER_METRICS_PORT must be a port number').transform(Number).optional()),
  ATELIER_REQUEST_LOG_DAYS: optional.pipe(z.string().regex(/^\d+$/, 'ATELIER_REQUEST_LOG_DAYS must be a number of days').transform(Number).optional()),
});

export interface AppConfig {
  dataDir: string;
  port: number;
  host: string;
  /** Where browsers (and the service's webhooks) reach Atelier. */
  publicUrl: string;
  /**
   * Unset ATELIER_PUBLIC_URL (a local run): a request's own Host also counts as Atelier's origin,
   * so http://127.0.0.1:3000 works as well as http://localhost:3000. Production sets the URL.
   */
  publicUrlDefaulted: boolean;
  /**
   * Where the service reaches Atelier's video webhooks when the operator says so
   * (ATELIER_WEBHOOK_BASE_URL; a private address is then trusted: the service runs inside the same
   * network). Unset: the public URL, if the service can reach it (lib/videos/webhook-target.ts).
   */
  webhookBaseUrl: string | undefined;
  /** How many proxies in front of Atelier append to X-Forwarded-For; 0: the header is not trusted. */
  trustedProxyHops: number;
  databaseUrl: string | undefined;
  /** Encrypts service keys at rest (AES-256-GCM). */
  atelierSecret: string;
  authSecret: string;
  upstream: {
    /** True when Atelier serves the reference service itself at /v1 (UPSTREAM_BASE_URL unset). */
    embedded: boolean;
    baseUrl: string;
    taskStatusPath: string;
    /** Verifies Standard Webhooks signatures when the service signs its callbacks. */
    webhookSecret: string | undefined;
    /** Embedded mode only: mints a key on the reference service for each new user. */
    adminToken: string | undefined;
  };
  runWorkers: boolean;
  /**
   * Origins on private or loopback addresses that an API caller's webhook_url may still name
   * (ATELIER_PRIVATE_CALLBACK_ORIGINS, comma-separated: a receiver inside the operator's network, tests).
   */
  privateCallbackOrigins: string[];
  /**
   * Tests only (ATELIER_TEST_HOSTS=`example.com:443=127.0.0.1:40123,…`): where a callback to a host
   * name and port connects instead of its DNS answer, so a test's receiver answers a documented
   * example's host name. Refused at start unless NODE_ENV=test: production cannot switch it on.
   */
  testHosts: ReadonlyMap<string, { address: string; port: number }>;
  /** Where alert emails go out (SMTP_URL) and whom they say they are from (ALERTS_FROM); no URL, no email. */
  smtp: { url: string; from: string } | null;
  /** The bearer token that reads /api/metrics (ATELIER_METRICS_TOKEN); unset: metrics are not served. */
  metricsToken: string | undefined;
  /** `npm run worker` serves its metrics on this port (ATELIER_METRICS_PORT); web replicas serve them at /api/metrics. */
  metricsPort: number | undefined;
  /** How many days the request log keeps its entries (ATELIER_REQUEST_LOG_DAYS). */
  requestLogDays: number;
  /** The operator's price table (CNY), used for models the service's own list gives no price for. */
  pricesFile: string;
  /** Where assets are stored: local disk (by default under the data dir) or S3 (STORAGE_*, S3_*). */
  storage: StorageConfig;
  /** The ffmpeg that makes video posters; by default the one shipped in @ffmpeg-installer/ffmpeg. */
  ffmpegPath: string | undefined;
  /** A video task still unfinished after this long is failed with a clear message. */
  videoMaxMinutes: number;
  oauth: { github?: { clientId: string; clientSecret: string } };
}

interface GeneratedSecrets {
  atelierSecret: string;
  serviceAdminToken: string;
  serviceWebhookSecret: string;
}

/**
 * Secrets a newcomer never has to set: generated on first start and kept in the data dir. Read (and
 * written) only when one is missing: a deployment that sets its secrets writes no file.
 */
function generatedSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets: GeneratedSecrets = {
    atelierSecret: randomBytes(32).toString('base64url'),
    serviceAdminToken: randomBytes(24).toString('base64url'),
    serviceWebhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Storage settings; with STORAGE_LOCAL_DIR unset, local files live under the data dir. */
function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const storage = loadStorageConfig(env);
  return storage.driver === 'local' && !env.STORAGE_LOCAL_DIR?.trim() ? { driver: 'local', dir: path.join(dataDir, 'assets') } : storage;
}

/** ATELIER_TEST_HOSTS as a map of `host:port` to the address and port to connect to; refused outside the tests. */
function testHosts(value: string | undefined, nodeEnv: string | undefined): Map<string, { address: string; port: number }> {
  const hosts = new Map<string, { address: string; port: number }>();
  if (!value) return hosts;
  if (nodeEnv !== 'test') throw new Error('Invalid configuration: ATELIER_TEST_HOSTS is for the tests only, and is refused unless NODE_ENV=test.');
  for (const entry of value.split(',')) {
    const match = /^([\w.-]+:\d+)=([\d.]+):(\d+)$/.exec(entry.trim());
    if (!match) throw new Error(`Invalid configuration: ATELIER_TEST_HOSTS entry "${entry}" is not host:port=address:port.`);
    hosts.set(match[1].toLowerCase(), { address: match[2], port: Number(match[3]) });
  }
  return hosts;
}

/** Every variable Atelier reads, parsed and checked at once: a bad one fails the start, named. */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.ATELIER_DATA_DIR ?? '.data');
  const port = e.PORT ?? 3000;
  const host = e.HOST ?? '0.0.0.0';
  const publicUrl = (e.ATELIER_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const embedded = !e.UPSTREAM_BASE_URL;
  // The embedded service's admin token and webhook secret have no variables of their own.
  const secrets: Partial<GeneratedSecrets> = e.ATELIER_SECRET && !embedded ? {} : generatedSecrets(dataDir);
  if (!e.ATELIER_SECRET && e.DATABASE_URL) {
    console.warn('[config] ATELIER_SECRET is unset: using one generated into the data dir. Replicas must share one secret: set it.');
  }
  const atelierSecret = e.ATELIER_SECRET ?? secrets.atelierSecret!;
  return {
    dataDir,
    port,
    host,
    publicUrl,
    publicUrlDefaulted: !e.ATELIER_PUBLIC_URL,
    webhookBaseUrl: e.ATELIER_WEBHOOK_BASE_URL?.replace(/\/+$/, ''),
    trustedProxyHops: e.ATELIER_TRUSTED_PROXY_HOPS ?? 0,
    databaseUrl: e.DATABASE_URL,
    atelierSecret,
    authSecret: e.AUTH_SECRET ?? `auth:${atelierSecret}`,
    upstream: {
      embedded,
      baseUrl: (e.UPSTREAM_BASE_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
      taskStatusPath: e.UPSTREAM_TASK_PATH ?? '/v1/videos/generations/{id}',
      webhookSecret: e.UPSTREAM_WEBHOOK_SECRET ?? (embedded ? secrets.serviceWebhookSecret : undefined),
      adminToken: embedded ? secrets.serviceAdminToken : undefined,
    },
    runWorkers: e.ATELIER_RUN_WORKERS ?? true,
    privateCallbackOrigins: (e.ATELIER_PRIVATE_CALLBACK_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
    testHosts: testHosts(e.ATELIER_TEST_HOSTS, e.NODE_ENV),
    requestLogDays: e.ATELIER_REQUEST_LOG_DAYS ?? 30,
    metricsToken: e.ATELIER_METRICS_TOKEN,
    metricsPort: e.ATELIER_METRICS_PORT,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.ALERTS_FROM ?? 'Atelier <alerts@localhost>' } : null,
    pricesFile: path.resolve(/*turbopackIgnore: true*/ e.ATELIER_PRICES_FILE ?? 'config/prices.json'),
    storage: storageConfig(env, dataDir),
    ffmpegPath: e.FFMPEG_PATH,
    videoMaxMinutes: e.ATELIER_VIDEO_MAX_MINUTES ?? 60,
    oauth: e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET ? { github: { clientId: e.AUTH_GITHUB_ID, clientSecret: e.AUTH_GITHUB_SECRET } } : {},
  };
}

const CONFIG_KEY = Symbol.for('atelier.config');
type Holder = { [CONFIG_KEY]?: AppConfig };

/** The process's configuration, read once (shared across module copies, like the runtime). */
export function appConfig(): AppConfig {
  return ((globalThis as Holder)[CONFIG_KEY] ??= loadAppConfig());
}

/** Makes `config` the process's configuration (the runtime does this when it is given one). */
export function useAppConfig(config: AppConfig): void {
  (globalThis as Holder)[CONFIG_KEY] = config;
}
