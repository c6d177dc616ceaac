import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseLeakyModels, type LeakyModel } from './leaky-models';
import { loadProviderModels, type ProviderModelEntry } from './providers/registry';

/** Faults a test can switch on; never triggered by prompts. Changeable at run time via /v1/admin/knobs. */
export interface Knobs {
  /** A slow upstream model: an image is answered no sooner than this (rendered meanwhile); a video starts this much later. */
  latencyMs: Record<string, number>;
  /**
   * Models whose calls wait, unanswered (a video: not started), until the model is taken off this
   * list or the call's deadline passes: a test's "hold this model until I say so".
   */
  heldModels: string[];
  /** Models whose every call fails with code `model_error`. */
  failModels: string[];
  /** Models that never finish before their deadline, so they fail with code `timeout`. */
  timeoutModels: string[];
  /** Completion webhooks are never sent (a callback that never arrives). */
  dropWebhooks: boolean;
  /** Result files start downloading this much later (a slow file server). */
  fileLatencyMs: number;
  /** What GET /v1/models answers: the catalog, a 503, an empty list, or the list without prices. */
  modelList: ModelListKnob;
  /** Edit models that change pixels outside the mask and may answer at a size of their own (leaky-models.ts). */
  leakyModels: Record<string, LeakyModel>;
  /** Deadlines in place of the configured ones (editDeadlineMs, generationDeadlineMs): a test's "the deadline is now", without a start of its own. */
  deadlineMs: { edit?: number; generation?: number };
}

export const MODEL_LIST_KNOBS = ['normal', 'failing', 'empty', 'unpriced'] as const;
export type ModelListKnob = (typeof MODEL_LIST_KNOBS)[number];

export interface ServiceConfig {
  dataDir: string;
  catalogFile: string;
  /** The models run at providers (SERVICE_PROVIDERS_FILE), bound to adapters holding the operator's keys. */
  providerModels: ProviderModelEntry[];
  /** Guards /v1/admin/*; admin endpoints are off when unset. */
  adminToken: string | undefined;
  /** Standard Webhooks secret (`whsec_…`) used to sign deliveries. */
  webhookSecret: string;
  /** Signs file URLs; generated and kept in the data dir. */
  fileSecret: string;
  /** Tests and local experiments only: any private, loopback or link-local webhook target. */
  allowPrivateWebhooks: boolean;
  /** Origins a webhook may target although private (decisions.md row 7): embedded mode lists Atelier's own. */
  privateWebhookOrigins: string[];
  /** Origin used in file URLs; by default the origin of the request that made the file. */
  publicUrl: string | undefined;
  fileTtlSeconds: number;
  editDeadlineMs: number;
  generationDeadlineMs: number;
  /** A video render still running after this long fails with code `timeout`. */
  videoDeadlineMs: number;
  /** How often a provider's video task is polled (a provider's callback makes the next poll come at once). */
  providerPollMs: number;
  /** A provider's video task still running after this long is cancelled there and fails with `timeout`. */
  providerVideoDeadlineMs: number;
  webhookRetryDelaysMs: number[];
  engineThreads: number;
  videoConcurrency: number;
  /** Which ffmpeg to run; by default the one shipped in @ffmpeg-installer/ffmpeg. */
  ffmpegPath: string | undefined;
  knobs: Knobs;
}

/** decisions.md row 7: after a failed attempt, wait 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h. */
export const WEBHOOK_RETRY_DELAYS_S = [5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400];

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** `atelier-vista=200,atelier-ink=50` or `*=100` */
function latencies(value: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pair of list(value)) {
    const [model, ms] = pair.split('=');
    if (model && Number.isFinite(Number(ms))) out[model] = Number(ms);
  }
  return out;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** Secrets the service invents for itself on first start and must keep across restarts. */
function ownSecrets(dataDir: string): { webhookSecret: string; fileSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = {
    webhookSecret: `whsec_${randomBytes(24).toString('base64')}`,
    fileSecret: randomBytes(32).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const dataDir = path.resolve(env.SERVICE_DATA_DIR ?? '.data/reference-service');
  const secrets = ownSecrets(dataDir);
  const retryScale = Number(env.SERVICE_WEBHOOK_RETRY_SCALE ?? '1');
  return {
    dataDir,
    catalogFile: env.SERVICE_CATALOG ? path.resolve(env.SERVICE_CATALOG) : fileURLToPath(new URL('../catalog.json', import.meta.url)),
    providerModels: env.SERVICE_PROVIDERS_FILE ? loadProviderModels(path.resolve(env.SERVICE_PROVIDERS_FILE), env) : [],
    adminToken: env.SERVICE_ADMIN_TOKEN || undefined,
    webhookSecret: env.SERVICE_WEBHOOK_SECRET || secrets.webhookSecret,
    fileSecret: secrets.fileSecret,
    allowPrivateWebhooks: env.SERVICE_ALLOW_PRIVATE_WEBHOOKS === '1',
    privateWebhookOrigins: list(env.SERVICE_PRIVATE_WEBHOOK_ORIGINS).map((origin) => new URL(origin).origin),
    publicUrl: env.SERVICE_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    fileTtlSeconds: intEnv(env, 'SERVICE_FILE_TTL_SECONDS', 7 * 24 * 3600),
    editDeadlineMs: intEnv(env, 'SERVICE_EDIT_DEADLINE_MS', 90_000),
    generationDeadlineMs: intEnv(env, 'SERVICE_GENERATION_DEADLINE_MS', 60_000),
    videoDeadlineMs: intEnv(env, 'SERVICE_VIDEO_DEADLINE_MS', 600_000),
    providerPollMs: Math.max(50, intEnv(env, 'SERVICE_PROVIDER_POLL_MS', 5_000)),
    providerVideoDeadlineMs: intEnv(env, 'SERVICE_PROVIDER_VIDEO_DEADLINE_MS', 60 * 60_000),
    webhookRetryDelaysMs: WEBHOOK_RETRY_DELAYS_S.map((s) => s * 1000 * retryScale),
    engineThreads: Math.max(1, intEnv(env, 'SERVICE_ENGINE_THREADS', 4)),
    videoConcurrency: Math.max(1, intEnv(env, 'SERVICE_VIDEO_CONCURRENCY', 2)),
    ffmpegPath: env.FFMPEG_PATH || undefined,
    knobs: {
      latencyMs: latencies(env.SERVICE_MODEL_LATENCY_MS),
      heldModels: list(env.SERVICE_HELD_MODELS),
      failModels: list(env.SERVICE_FAIL_MODELS),
      timeoutModels: list(env.SERVICE_TIMEOUT_MODELS),
      dropWebhooks: env.SERVICE_DROP_WEBHOOKS === '1',
      fileLatencyMs: intEnv(env, 'SERVICE_FILE_LATENCY_MS', 0),
      modelList: (MODEL_LIST_KNOBS as readonly string[]).includes(env.SERVICE_MODEL_LIST ?? '') ? (env.SERVICE_MODEL_LIST as ModelListKnob) : 'normal',
      leakyModels: parseLeakyModels(env.SERVICE_LEAKY_MODELS),
      deadlineMs: {},
    },
  };
}

/** How long an edit or a generation may take: the knob's deadline, else the configured one. */
export function deadlineOf(config: ServiceConfig, operation: 'edit' | 'generation'): number {
  return config.knobs.deadlineMs[operation] ?? (operation === 'edit' ? config.editDeadlineMs : config.generationDeadlineMs);
}

/** Resolves once `model` is no longer held (knobs.heldModels, read live), or at `until` (ms since the epoch). */
export async function whileHeld(knobs: Knobs, model: string, { until = Infinity, signal }: { until?: number; signal?: AbortSignal } = {}): Promise<void> {
  while (knobs.heldModels.includes(model) && Date.now() < until) await sleep(20, undefined, { signal });
}

export function modelLatency(knobs: Knobs, model: string): number {
  return knobs.latencyMs[model] ?? knobs.latencyMs['*'] ?? 0;
}
