import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ProviderFailure, type ProviderTaskRef, type VideoAdapter, type VideoState } from '../../src/providers/types';
import type { ProviderFake } from '../../src/testing/provider-fakes/harness';

// What the adapters' tests share: their fake's life, the vendors' documented examples, and failures.

/**
 * The fake for this file's tests: started before them, closed after, and before each test emptied
 * of calls, faults and files, with its URLs living their minute again. The handle reads through to
 * the running fake.
 */
export function fakeForFile(start: () => Promise<ProviderFake>): ProviderFake {
  let fake: ProviderFake | undefined;
  beforeAll(async () => void (fake = await start()));
  afterAll(() => fake?.close());
  beforeEach(() => {
    Object.assign(fake!, { leak: 0, fileTtlMs: 60_000, videoMs: 600, callbacks: true });
    for (const list of [fake!.calls, fake!.faults, fake!.served, fake!.sentCallbacks]) list.length = 0;
  });
  return new Proxy({} as ProviderFake, {
    get: (_, key) => Reflect.get(fake ?? {}, key),
    set: (_, key, value) => Reflect.set(fake!, key, value),
  });
}

/** A body from the vendor's documentation, as committed under provider-fakes/examples/<provider>/ (with its `$source`). */
export const example = (provider: string, file: string): Record<string, any> =>
  JSON.parse(readFileSync(new URL(`../../src/testing/provider-fakes/examples/${provider}/${file}`, import.meta.url), 'utf8'));

/** The ProviderFailure a call ends with. */
export async function failure(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG_SIGNATURE);

/**
 * Polls a provider's video task until it ends (as the service does, faster); every state seen, in
 * order. A fake answers the poll that ends a task once its file is encoded (a 1080p clip took over
 * 10 s under a loaded run), so each poll may take 30 s.
 */
export async function pollToEnd(video: VideoAdapter, task: ProviderTaskRef, timeoutMs = 60_000): Promise<VideoState[]> {
  const seen: VideoState[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await video.poll(task, AbortSignal.timeout(30_000));
    seen.push(state);
    if (state.status !== 'processing') return seen;
    if (Date.now() > until) throw new Error(`task ${task.id} still processing after ${timeoutMs} ms`);
    await sleep(100);
  }
}

export interface CallbackCatcher {
  /** The URL to hand the provider (with a path of the test's choosing). */
  url(path?: string): string;
  /** Every callback received: its headers and raw body. */
  received: Array<{ path: string; headers: Headers; body: string }>;
  /** Resolves with the next callback (or throws after timeoutMs). */
  next(timeoutMs?: number): Promise<{ path: string; headers: Headers; body: string }>;
}

/** A loopback server for this file's tests that records the callbacks a fake sends, answering 204. */
export function callbackCatcherForFile(): CallbackCatcher {
  const received: CallbackCatcher['received'] = [];
  const waiting: Array<(c: CallbackCatcher['received'][number]) => void> = [];
  let origin = '';
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const callback = { path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') };
    received.push(callback);
    waiting.splice(0).forEach((resolve) => resolve(callback));
    res.writeHead(204).end();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => void (received.length = 0));
  return {
    url: (path = '/callback') => `${origin}${path}`,
    received,
    next: (timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no callback arrived')), timeoutMs);
        waiting.push((c) => {
          clearTimeout(timer);
          resolve(c);
        });
      }),
  };
}
