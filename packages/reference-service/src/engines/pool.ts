import { Worker } from 'node:worker_threads';
import 'sharp'; // sharp must be loaded by the main thread before any worker loads it (libvips is not unload-safe).
import type { EngineFailure, EngineJob } from './jobs';

export class DeadlineError extends Error {
  constructor() {
    super('deadline exceeded');
    this.name = 'DeadlineError';
  }
}

export class EngineError extends Error {
  constructor(readonly failure: EngineFailure) {
    super(failure.message);
    this.name = 'EngineError';
  }
}

interface Pending {
  job: EngineJob;
  deadlineAt: number;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  timer?: NodeJS.Timeout;
}

/** Set in Atelier's bundle (lib/build/node-bundle.ts): the engine thread's bundled entry. */
declare const __ENGINE_THREAD_BUNDLE__: string | undefined;
// From the sources, each thread registers tsx's loader (worker-boot.mjs) and then loads worker.ts.
const BOOT = typeof __ENGINE_THREAD_BUNDLE__ === 'string' ? new URL(__ENGINE_THREAD_BUNDLE__) : new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./worker.ts', import.meta.url).href;

/**
 * A fixed set of engine threads. Models run here, off the event loop, so the HTTP side stays
 * responsive and the models of one request run side by side. A job past its deadline has its
 * thread terminated (the only way to really stop CPU-bound work) and a fresh thread takes its place.
 */
export class EnginePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {}

  run(job: EngineJob, deadlineAt = Infinity): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('engine pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, deadlineAt, resolve, reject });
      this.dispatch();
    });
  }

  /** Starts the threads ahead of the first request, so the first request does not pay for it. */
  warm(): void {
    while (this.slots.length < this.size) this.slots.push(this.spawn());
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('engine pool is closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY } });
    const slot: Slot = { worker, busy: null };
    worker.on('message', (msg: { ok: boolean; result?: Uint8Array; error?: EngineFailure }) => {
      const pending = slot.busy;
      if (!pending) return;
      this.release(slot);
      if (msg.ok) pending.resolve(Buffer.from(msg.result!.buffer, msg.result!.byteOffset, msg.result!.byteLength));
      else pending.reject(new EngineError(msg.error!));
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot)) this.replace(slot, new Error(`engine thread exited with code ${code}`));
    });
    return slot;
  }

  private release(slot: Slot) {
    clearTimeout(slot.timer);
    slot.busy = null;
  }

  private replace(slot: Slot, error: Error) {
    const pending = slot.busy;
    this.release(slot);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void slot.worker.terminate();
    pending?.reject(error);
    this.dispatch();
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const pending = this.queue[0];
      if (Date.now() >= pending.deadlineAt) {
        this.queue.shift();
        pending.reject(new DeadlineError());
        continue;
      }
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) {
        slot = this.spawn();
        this.slots.push(slot);
      }
      if (!slot) return;
      this.queue.shift();
      slot.busy = pending;
      if (Number.isFinite(pending.deadlineAt)) {
        slot.timer = setTimeout(() => this.replace(slot!, new DeadlineError()), pending.deadlineAt - Date.now());
      }
      slot.worker.postMessage({ id: this.nextId++, job: pending.job });
    }
  }
}
