import type { z } from 'zod';
import { batchResultSchema, type BatchResult } from './batch-result';
import { editResultSchema, type EditResult } from './edit-result';
import { UpstreamError } from './errors';
import { modelListSchema, type ModelInfo } from './models';
import { editForm, generationBody, videoBody, type CreateVideoInput, type EditImageInput, type GenerateImagesInput } from './requests';
import { send, type Transport, type UpstreamRequest } from './transport';
import { noteUnknownStatus } from './unknown-status';
import { isKnownTaskStatus, videoTaskSchema, type VideoTask } from './video-task';
import { log as logger } from '../observability/log';

export interface UpstreamTimeouts {
  /** Edits: the service promises 90 s (decisions row 13), we allow 95 s. */
  editMs: number;
  /** Generations: the service promises 60 s, we allow 65 s. */
  generationMs: number;
  /** Everything else answers at once: video task creation, task status, model list. */
  requestMs: number;
}

export const DEFAULT_TIMEOUTS: UpstreamTimeouts = { editMs: 95_000, generationMs: 65_000, requestMs: 15_000 };

export interface UpstreamClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Where a video task is read; `{id}` is replaced by the task id (decisions row 5). */
  taskStatusPath?: string;
  fetch?: typeof fetch;
  timeouts?: Partial<UpstreamTimeouts>;
  /** Where the client reports oddities of the service (unknown task states). */
  log?: (line: string) => void;
  /** Told of every call once it has answered or failed (the request log). */
  observe?: (call: ObservedCall) => void;
}

/** One call as the request log keeps it. */
export interface ObservedCall {
  operation: 'images.edits' | 'images.generations' | 'videos.generations' | 'videos.status' | 'models';
  models: string[];
  /** The service's HTTP status; 0 when it could not be reached. */
  status: number;
  upstreamMs: number;
  cost: string | null;
  errorCode: string | null;
  createdAt: Date;
}

export interface UpstreamClient {
  editImage(input: EditImageInput): Promise<EditResult>;
  generateImages(input: GenerateImagesInput): Promise<BatchResult>;
  createVideo(input: CreateVideoInput): Promise<VideoTask>;
  getVideoTask(id: string, options?: { signal?: AbortSignal }): Promise<VideoTask>;
  /** null when the service has no model list: the app then uses its configured one. */
  listModels(options?: { signal?: AbortSignal }): Promise<ModelInfo[] | null>;
}

/** Statuses with which a service says "there is no such endpoint". */
const NO_ENDPOINT = new Set([404, 405, 501]);

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  if (!options.baseUrl) throw new Error('createUpstreamClient: baseUrl is required');
  if (!options.apiKey) throw new Error('createUpstreamClient: apiKey is required');
  const taskStatusPath = options.taskStatusPath ?? '/v1/videos/generations/{id}';
  if (!taskStatusPath.includes('{id}')) throw new Error('createUpstreamClient: taskStatusPath must contain {id}');
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const log = options.log ?? ((line: string) => logger().warn(line));
  // The key lives in this closure only: the returned object holds functions, nothing to print.
  const transport: Transport = { baseUrl: options.baseUrl, apiKey: options.apiKey, fetch: options.fetch ?? globalThis.fetch };

  const checked = (task: VideoTask) => {
    if (!isKnownTaskStatus(task.rawStatus)) noteUnknownStatus(task.rawStatus, log);
    return task;
  };

  /** Times a call and tells the observer how it went. */
  const observed = async <T>(
    operation: ObservedCall['operation'],
    models: string[],
    call: () => Promise<T>,
    costOf?: (result: T) => string,
    /** An answer that is a failure all the same (a batch whose every model failed). */
    failureOf?: (result: T) => string | null,
  ): Promise<T> => {
    if (!options.observe) return call();
    const createdAt = new Date();
    const started = performance.now();
    const note = (status: number, cost: string | null, errorCode: string | null) =>
      options.observe!({ operation, models, status, upstreamMs: Math.round(performance.now() - started), cost, errorCode, createdAt });
    try {
      const result = await call();
      note(200, costOf?.(result) ?? null, failureOf?.(result) ?? null);
      return result;
    } catch (error) {
      const failure = error instanceof UpstreamError ? error : null;
      note(failure?.status ?? 0, null, failure?.code ?? 'network');
      throw error;
    }
  };

  const post = <S extends z.ZodType>(path: string, body: UpstreamRequest<S>['body'], timeoutMs: number, signal: AbortSignal | undefined, schema: S) =>
    send(transport, { method: 'POST', path, body, timeoutMs, signal, schema });
  const get = <S extends z.ZodType>(path: string, signal: AbortSignal | undefined, schema: S) =>
    send(transport, { method: 'GET', path, timeoutMs: timeouts.requestMs, signal, schema });

  return {
    async editImage(input) {
      const form = await editForm(input);
      return observed(
        'images.edits',
        input.model ? [input.model] : [],
        () => post('/v1/images/edits', form, timeouts.editMs, input.signal, editResultSchema),
        (result) => result.cost.amount,
      );
    },
    generateImages(input) {
      const requested = Array.isArray(input.model) ? input.model : [input.model];
      return observed(
        'images.generations',
        requested,
        () => post('/v1/images/generations', generationBody(input), timeouts.generationMs, input.signal, batchResultSchema(requested)),
        (batch) => batch.totalCost.amount,
        (batch) => (batch.status === 'failed' ? 'all_models_failed' : null),
      );
    },
    async createVideo(input) {
      const task = await observed('videos.generations', [input.model], () =>
        post('/v1/videos/generations', videoBody(input), timeouts.requestMs, input.signal, videoTaskSchema),
      );
      return checked(task);
    },
    async getVideoTask(id, { signal } = {}) {
      if (!id) throw new UpstreamError({ status: 0, code: 'invalid_request', message: 'A video task id is required.' });
      return checked(await observed('videos.status', [], () => get(taskStatusPath.replace('{id}', encodeURIComponent(id)), signal, videoTaskSchema)));
    },
    async listModels({ signal } = {}) {
      try {
        const models = await observed('models', [], () => get('/v1/models', signal, modelListSchema));
        // A list with nothing the app can use is no better than no list.
        return models.length > 0 ? models : null;
      } catch (error) {
        if (error instanceof UpstreamError && NO_ENDPOINT.has(error.status)) return null;
        throw error;
      }
    },
  };
}
