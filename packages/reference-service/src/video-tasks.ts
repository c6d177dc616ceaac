import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findModel, videoCost, type Catalog, type Resolution, type VideoModel } from './catalog';
import type { Knobs } from './config';
import { modelLatency } from './config';
import { encodeVideo, frameSize, type AspectRatio } from './engines/video/render';
import { hashSeed } from './engines/pixels/raw';
import type { EnginePool } from './engines/pool';
import type { FileShelf, StoredFile } from './files';
import type { JsonStore } from './store';
import type { WebhookOutbox } from './webhooks';

export interface VideoParams {
  prompt: string;
  duration: number;
  resolution: Resolution;
  audio: boolean;
  aspect_ratio: AspectRatio;
}

interface TaskRecord {
  id: string;
  object: 'video_generation';
  status: 'processing' | 'completed' | 'failed';
  progress: number;
  estimated_remaining: number;
  created: number;
  model: string;
  params: VideoParams;
  // Private to the service:
  owner: string;
  base_url: string;
  webhook_url: string | null;
  attempts: number;
  file?: StoredFile;
  cost?: number;
  error?: { message: string; code: string };
}

/** A render interrupted this many times (restarts mid-render) fails instead of looping forever. */
const MAX_ATTEMPTS = 3;

class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface VideoTaskDeps {
  store: JsonStore;
  files: FileShelf;
  pool: EnginePool;
  webhooks: WebhookOutbox;
  catalog: Catalog;
  knobs: Knobs;
  dataDir: string;
  ffmpegPath: string;
  concurrency: number;
  deadlineMs: number;
  fileUrl: (base: string, file: StoredFile) => string;
}

/** Seconds we expect a render to take: frames to encode, scaled by resolution and audio. */
export function estimateSeconds(p: Pick<VideoParams, 'duration' | 'resolution' | 'audio'>): number {
  const perSecond = { '480p': 0.35, '720p': 0.7, '1080p': 1.4 }[p.resolution];
  return Math.ceil(3 + p.duration * perSecond * (p.audio ? 1.15 : 1));
}

/**
 * Asynchronous video tasks. A task is written to disk before anything renders, every progress value
 * is persisted before anyone can read it (so it never goes backwards, even across a restart), and on
 * start-up every task left `processing` by a previous run is rendered again or failed with a reason.
 */
export class VideoTasks {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly writes = new Map<string, Promise<void>>();
  private readonly queue: string[] = [];
  private running = 0;
  private readonly aborts = new Set<AbortController>();

  constructor(private readonly deps: VideoTaskDeps) {}

  async start(): Promise<void> {
    for (const task of await this.deps.store.list<TaskRecord>('videos')) {
      this.tasks.set(task.id, task);
      if (task.status !== 'processing') continue;
      if (task.attempts >= MAX_ATTEMPTS) {
        await this.finish(task.id, {
          status: 'failed',
          error: { code: 'interrupted', message: `Rendering was interrupted ${task.attempts} times by service restarts; please retry.` },
        });
      } else {
        this.enqueue(task.id);
      }
    }
  }

  close(): void {
    for (const a of this.aborts) a.abort();
  }

  async create(owner: string, baseUrl: string, model: VideoModel, params: VideoParams, webhookUrl: string | null) {
    const task: TaskRecord = {
      id: `vid_${randomBytes(12).toString('hex')}`,
      object: 'video_generation',
      status: 'processing',
      progress: 0,
      estimated_remaining: estimateSeconds(params),
      created: Math.floor(Date.now() / 1000),
      model: model.id,
      params,
      owner,
      base_url: baseUrl,
      webhook_url: webhookUrl,
      attempts: 0,
    };
    await this.deps.store.put('videos', task.id, task);
    this.tasks.set(task.id, task);
    this.enqueue(task.id);
    return { ...this.view(task), estimated_time: task.estimated_remaining };
  }

  /** The task record of decisions.md row 5, or undefined for an unknown id or another key's task. */
  get(owner: string, id: string) {
    const task = this.tasks.get(id);
    return task && task.owner === owner ? this.view(task) : undefined;
  }

  private view(t: TaskRecord) {
    const record: Record<string, unknown> = {
      id: t.id,
      object: t.object,
      status: t.status,
      progress: t.progress,
      estimated_remaining: t.estimated_remaining,
      created: t.created,
      model: t.model,
      params: t.params,
    };
    if (t.status === 'completed' && t.file) {
      record.video_url = this.deps.fileUrl(t.base_url, t.file);
      record.expires_at = t.file.expiresAt;
      record.usage = { cost: t.cost ?? 0, cost_unit: 'CNY' };
    }
    if (t.status === 'failed') record.error = t.error;
    return record;
  }

  /** Persist first, then publish: readers only ever see what is on disk. Writes to one task are serial. */
  private update(id: string, patch: (t: TaskRecord) => Partial<TaskRecord> | null): Promise<void> {
    const previous = this.writes.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      const current = this.tasks.get(id)!;
      if (current.status !== 'processing') return; // terminal states never change
      const changes = patch(current);
      if (!changes) return;
      const updated = { ...current, ...changes };
      await this.deps.store.put('videos', id, updated);
      this.tasks.set(id, updated);
    });
    this.writes.set(
      id,
      next.catch(() => undefined),
    );
    return next;
  }

  private async finish(id: string, changes: Partial<TaskRecord>): Promise<void> {
    await this.update(id, () => ({ ...changes, estimated_remaining: 0, ...(changes.status === 'completed' ? { progress: 100 } : {}) }));
    const task = this.tasks.get(id)!;
    // The dropWebhooks knob simulates callbacks that never arrive (clients must poll).
    if (task.webhook_url && !this.deps.knobs.dropWebhooks) {
      await this.deps.webhooks.enqueue(task.webhook_url, {
        type: task.status === 'completed' ? 'video_generation.completed' : 'video_generation.failed',
        data: this.view(task),
      });
    }
  }

  private enqueue(id: string) {
    this.queue.push(id);
    this.pump();
  }

  private pump() {
    while (this.running < this.deps.concurrency && this.queue.length > 0) {
      const id = this.queue.shift()!;
      this.running++;
      void this.render(id).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async render(id: string): Promise<void> {
    const abort = new AbortController();
    this.aborts.add(abort);
    const work = path.join(this.deps.dataDir, 'renders', id);
    try {
      await this.update(id, (t) => ({ attempts: t.attempts + 1 }));
      const task = this.tasks.get(id)!;
      const deadline = setTimeout(
        () => abort.abort(new TaskFailure('timeout', `Rendering did not finish within ${Math.round(this.deps.deadlineMs / 1000)} s.`)),
        this.deps.deadlineMs,
      );
      try {
        await this.renderInto(task, work, abort.signal);
      } finally {
        clearTimeout(deadline);
      }
    } catch (error) {
      if (abort.signal.aborted && !(abort.signal.reason instanceof TaskFailure)) return; // shutting down: resume on next start
      const failure = abort.signal.reason instanceof TaskFailure ? abort.signal.reason : error;
      const code = failure instanceof TaskFailure ? failure.code : 'render_failed';
      const message = failure instanceof Error ? failure.message : String(failure);
      await this.finish(id, { status: 'failed', error: { code, message } });
    } finally {
      this.aborts.delete(abort);
      await rm(work, { recursive: true, force: true });
    }
  }

  private async renderInto(task: TaskRecord, work: string, signal: AbortSignal): Promise<void> {
    const { knobs, pool } = this.deps;
    const model = task.model;
    const catalogModel = findModel(this.deps.catalog, model, 'video');
    if (!catalogModel) throw new TaskFailure('model_not_found', `${model} is no longer offered.`);
    await sleep(modelLatency(knobs, model), undefined, { signal });
    if (knobs.timeoutModels.includes(model)) await sleep(this.deps.deadlineMs * 2, undefined, { signal });
    const started = Date.now();
    const report = (progress: number) =>
      this.update(task.id, (t) => {
        const next = Math.floor(progress);
        if (next <= t.progress) return null;
        // Before encoding starts, the estimate made at creation is the better guess.
        if (next < 5) return { progress: next };
        const elapsed = (Date.now() - started) / 1000;
        return { progress: next, estimated_remaining: Math.max(1, Math.round((elapsed / next) * (100 - next))) };
      });

    const { width, height } = frameSize(task.params.resolution, task.params.aspect_ratio);
    const seed = hashSeed(task.id, task.params.prompt);
    await mkdir(work, { recursive: true });
    await report(1);
    const common = { op: 'generate' as const, style: catalogModel.engine, prompt: task.params.prompt, seed };
    const plateWidth = Math.min(4096, Math.round(width * 1.3));
    const plateHeight = Math.min(4096, Math.round(height * 1.3));
    const [plate, layer] = await Promise.all([
      pool.run({ ...common, width: plateWidth, height: plateHeight, background: 'opaque' }),
      // Clouds and birds drift against the pan (the plate already holds what the prompt names).
      pool.run({ op: 'elements', prompt: 'a few clouds and birds', width, height, seed: seed ^ 0x5bd1e995 }),
    ]);
    signal.throwIfAborted();
    if (knobs.failModels.includes(model)) {
      throw new TaskFailure('model_error', `${model} failed while rendering (fault injected by configuration).`);
    }
    const platePath = path.join(work, 'plate.png');
    const layerPath = path.join(work, 'layer.png');
    await Promise.all([writeFile(platePath, plate), writeFile(layerPath, layer)]);
    await report(5);
    const outPath = path.join(work, 'video.mp4');
    await encodeVideo({
      ffmpegPath: this.deps.ffmpegPath,
      platePath,
      layerPath,
      width,
      height,
      duration: task.params.duration,
      audio: task.params.audio,
      seed,
      outPath,
      signal,
      onProgress: (f) => void report(5 + f * 93),
    });
    const file = await this.deps.files.put(task.owner, 'mp4', { path: outPath });
    const cost = videoCost(catalogModel, task.params.duration, task.params.resolution, task.params.audio);
    await this.finish(task.id, { status: 'completed', file, cost });
  }
}
