import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findModel, videoCost, type Catalog, type Resolution, type VideoModel } from './catalog';
import type { VideoBinding } from './providers/registry';
import { ProviderFailure, type ProviderId } from './providers/types';
import { callbackToken, callbackTokenMatches, copyVideo, settledCost, submitVideo, taskError, type CostBasis } from './providers/video';
import type { Knobs } from './config';
import { modelLatency, whileHeld } from './config';
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
  cost_basis?: CostBasis;
  error?: { message: string; code: string };
  /**
   * A task run at a provider: which one and its id there, on disk from the moment it is known, so
   * that a poll after a restart reaches the provider that has it (whatever the providers file now
   * binds the model to), and the price as it was when the task was priced.
   */
  upstream?: { provider: ProviderId; model: string; task_id: string | null; price: VideoModel['price'] };
}

/** A render interrupted this many times (restarts mid-render) fails instead of looping forever. */
const MAX_ATTEMPTS = 3;
/** A provider's task is given up after this many polls in a row fail (its API down, its result file unreachable). */
const MAX_POLL_FAILURES = 8;
/** However often callbacks arrive, a task is polled at most this often. */
const MIN_POLL_GAP_MS = 200;
/** The time one provider call may take. */
const PROVIDER_CALL_MS = 60_000;

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
  /** Provider-backed tasks: how often they are polled, how long they may run, and the key their callback URLs are signed with. */
  providerPollMs: number;
  providerDeadlineMs: number;
  callbackSecret: string;
}

/** Seconds we expect a render to take: frames to encode, scaled by resolution and audio. */
export function estimateSeconds(p: Pick<VideoParams, 'duration' | 'resolution' | 'audio'>): number {
  const perSecond = { '480p': 0.35, '720p': 0.7, '1080p': 1.4 }[p.resolution];
  return Math.ceil(3 + p.duration * perSecond * (p.audio ? 1.15 : 1));
}

/** Seconds a provider takes for a video, as a guess when it reports no progress (a minute and more). */
const providerSeconds = (p: Pick<VideoParams, 'duration'>) => 30 + 12 * p.duration;

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
  /** Wakes a provider task's poll loop early (a callback came), and the tasks a callback came for since their last poll. */
  private readonly wakers = new Map<string, () => void>();
  private readonly nudged = new Set<string>();

  constructor(private readonly deps: VideoTaskDeps) {}

  async start(): Promise<void> {
    for (const task of await this.deps.store.list<TaskRecord>('videos')) {
      this.tasks.set(task.id, task);
      if (task.status !== 'processing') continue;
      if (task.upstream) {
        if (task.upstream.task_id) this.follow(task.id);
        // The service stopped while the provider was being asked: whether it took the task is unknown, and the
        // caller never heard of it (its request did not complete), so it is not sent again.
        else
          await this.finish(task.id, {
            status: 'failed',
            cost: 0,
            error: { code: 'interrupted', message: 'The service restarted before the provider accepted the task; please retry.' },
          });
      } else if (task.attempts >= MAX_ATTEMPTS) {
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
    const binding = model.provider;
    const task: TaskRecord = {
      // A provider's task says whose it is in its id too (for people reading logs; the record is what polls follow).
      id: binding ? `vid_${binding.provider}_${randomBytes(12).toString('hex')}` : `vid_${randomBytes(12).toString('hex')}`,
      object: 'video_generation',
      status: 'processing',
      progress: 0,
      estimated_remaining: binding ? providerSeconds(params) : estimateSeconds(params),
      created: Math.floor(Date.now() / 1000),
      model: model.id,
      params,
      owner,
      base_url: baseUrl,
      webhook_url: webhookUrl,
      attempts: 0,
      ...(binding ? { upstream: { provider: binding.provider, model: binding.model, task_id: null, price: model.price } } : {}),
    };
    await this.deps.store.put('videos', task.id, task);
    this.tasks.set(task.id, task);
    if (binding) {
      await this.submit(task, binding);
      this.follow(task.id);
    } else this.enqueue(task.id);
    return { ...this.view(task), estimated_time: task.estimated_remaining };
  }

  /** Asks the provider for the task; a refusal is the request's own answer, and leaves no task behind. */
  private async submit(task: TaskRecord, binding: VideoBinding): Promise<void> {
    const callbackUrl = `${task.base_url}/v1/videos/callbacks/${task.id}?token=${callbackToken(this.deps.callbackSecret, task.id)}`;
    let providerTaskId: string;
    try {
      providerTaskId = await submitVideo(binding, task.params, callbackUrl, Date.now() + PROVIDER_CALL_MS);
    } catch (error) {
      this.tasks.delete(task.id);
      await this.deps.store.delete('videos', task.id);
      throw error;
    }
    await this.update(task.id, (t) => ({ upstream: { ...t.upstream!, task_id: providerTaskId } }));
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
      // What the cost rests on: the price table, or the figure the provider reported it billed.
      record.usage = { cost: t.cost ?? 0, cost_unit: 'CNY', ...(t.cost_basis ?? { cost_basis: 'price_table' }) };
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

  /**
   * A provider's callback for a task: with the token its URL carries (and the provider's signature,
   * where it signs), it makes the task's next poll come now. It changes nothing by itself: the poll reads
   * the task from the provider. False when the callback is not the provider's for a task of ours.
   */
  async nudge(id: string, token: string | null, callback: { headers: Headers; body: string }): Promise<boolean> {
    const task = this.tasks.get(id);
    if (!task?.upstream || !callbackTokenMatches(this.deps.callbackSecret, id, token)) return false;
    if (task.status !== 'processing') return true;
    const video = this.providerOf(task)?.video;
    if (video?.verifyCallback && !(await video.verifyCallback(callback).catch(() => false))) return false;
    this.nudged.add(id);
    this.wakers.get(id)?.();
    return true;
  }

  /** The provider a task runs at, as the providers file binds it now (any of its models: one adapter per provider). */
  private providerOf(task: TaskRecord): VideoBinding | undefined {
    const bindings = this.deps.catalog.models.flatMap((m) => (m.kind === 'video' && m.provider ? [m.provider] : []));
    return bindings.find((b) => b.provider === task.upstream?.provider);
  }

  private follow(id: string) {
    const abort = new AbortController();
    this.aborts.add(abort);
    void this.pollProvider(id, abort.signal)
      .catch((error) => {
        if (!abort.signal.aborted) console.error(`[reference-service] ${id}: following the provider's task failed`, error);
      })
      .finally(() => this.aborts.delete(abort));
  }

  /**
   * Waits for the next poll: the interval, unless a callback wakes it sooner. A callback that came
   * while the last poll was under way is not lost: it is remembered, and the next poll comes at once.
   * True when a callback woke it.
   */
  private async nextPoll(id: string, ms: number, signal: AbortSignal): Promise<boolean> {
    await sleep(MIN_POLL_GAP_MS, undefined, { signal });
    if (this.nudged.delete(id)) return true;
    const wake = new AbortController();
    this.wakers.set(id, () => wake.abort());
    try {
      await sleep(Math.max(0, ms - MIN_POLL_GAP_MS), undefined, { signal: AbortSignal.any([signal, wake.signal]) }).catch(() => signal.throwIfAborted());
      return wake.signal.aborted;
    } finally {
      this.wakers.delete(id);
      this.nudged.delete(id);
    }
  }

  /** Polls a provider's task until it ends, the deadline passes, or the service shuts down (to resume on start). */
  private async pollProvider(id: string, signal: AbortSignal): Promise<void> {
    const task = this.tasks.get(id)!;
    const upstream = task.upstream!;
    const binding = this.providerOf(task);
    if (!binding) {
      return this.finish(id, {
        status: 'failed',
        cost: 0,
        error: { code: 'provider_error', message: `The provider ${upstream.provider} is no longer configured.` },
      });
    }
    const ref = { model: upstream.model, id: upstream.task_id! };
    const deadlineAt = task.created * 1000 + this.deps.providerDeadlineMs;
    const expectedS = providerSeconds(task.params);
    let failures = 0;
    const soon = Math.min(this.deps.providerPollMs, 1_000);
    let wait = soon;
    // After a callback, a few quick polls: a provider's API may show the change a moment after it calls.
    let followUps = 0;
    for (;;) {
      if (await this.nextPoll(id, wait, signal)) followUps = 3;
      wait = followUps-- > 0 ? soon : this.deps.providerPollMs;
      if (Date.now() >= deadlineAt) {
        await binding.video.cancel?.(ref, AbortSignal.timeout(PROVIDER_CALL_MS)).catch(() => undefined);
        const minutes = Math.round(this.deps.providerDeadlineMs / 60_000);
        return this.finish(id, {
          status: 'failed',
          cost: 0,
          error: { code: 'timeout', message: `${binding.providerName} did not finish the video within ${minutes} min.` },
        });
      }
      const call = AbortSignal.any([signal, AbortSignal.timeout(PROVIDER_CALL_MS)]);
      try {
        const state = await binding.video.poll(ref, call);
        if (state.status === 'processing') {
          const elapsed = Date.now() / 1000 - task.created;
          const progress = Math.min(99, state.progress ?? (95 * elapsed) / expectedS);
          const remaining = state.progress ? (elapsed / Math.max(1, state.progress)) * (100 - state.progress) : expectedS - elapsed;
          await this.update(id, (t) =>
            Math.floor(progress) > t.progress ? { progress: Math.floor(progress), estimated_remaining: Math.max(1, Math.round(remaining)) } : null,
          );
        } else if (state.status === 'failed') {
          return this.finish(id, { status: 'failed', cost: 0, error: taskError(state, binding.providerName) });
        } else {
          // Copied at once: the provider's URL may live a day only, the service's lives 7.
          const work = path.join(this.deps.dataDir, 'renders', id);
          await mkdir(work, { recursive: true });
          try {
            await copyVideo(state.url, path.join(work, 'video.mp4'), call);
            const file = await this.deps.files.put(task.owner, 'mp4', { path: path.join(work, 'video.mp4') });
            const { cost, basis } = settledCost(upstream, task.params, state.usage);
            return this.finish(id, { status: 'completed', file, cost, cost_basis: basis });
          } finally {
            await rm(work, { recursive: true, force: true });
          }
        }
        failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        // A failing poll (or copy) is tried again later; the task fails only when they keep failing.
        failures += 1;
        const message = error instanceof Error ? error.message : String(error);
        if (failures >= MAX_POLL_FAILURES) {
          return this.finish(id, { status: 'failed', cost: 0, error: { code: 'provider_error', message: `${binding.providerName}: ${message}` } });
        }
        const retryAfter = error instanceof ProviderFailure ? error.retryAfterSeconds : undefined;
        wait = Math.max(this.deps.providerPollMs * 2 ** Math.min(failures, 4), (retryAfter ?? 0) * 1000);
      }
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
    if (!catalogModel || catalogModel.provider) throw new TaskFailure('model_not_found', `${model} is no longer offered.`);
    await sleep(modelLatency(knobs, model), undefined, { signal });
    await whileHeld(knobs, model, { signal });
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
