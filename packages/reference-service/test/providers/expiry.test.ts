import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createReferenceService, loadConfig, type ReferenceService } from '../../src/index';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAKE_MODELS, FAKE_VIDEO_MODELS, startProviderFakes, type ProviderFakes } from '../../src/testing/provider-fakes';

// A provider's result URL dies within the hour (Replicate deletes outputs after 1 h, DashScope's
// last 24 h; the fakes' a minute). The service copies every file into its own store as soon as it
// exists, so its URL lives the contract's 7 days: checked with the clock moved on, in-process.

let fakes: ProviderFakes;
let service: ReferenceService;
let dir: string;
beforeAll(async () => {
  fakes = await startProviderFakes();
  dir = await mkdtemp(path.join(tmpdir(), 'providers-expiry-'));
  const env = {
    SERVICE_DATA_DIR: dir,
    SERVICE_PROVIDERS_FILE: await fakes.writeProvidersFile(dir),
    SERVICE_ENGINE_THREADS: '1',
    SERVICE_PROVIDER_POLL_MS: '100',
    ...fakes.env,
  };
  service = await createReferenceService(loadConfig({ ...process.env, ...env }));
});
afterAll(async () => {
  vi.useRealTimers();
  await service?.close();
  await fakes?.close();
  await rm(dir, { recursive: true, force: true });
});

const api = async (key: string, method: string, route: string, body?: unknown) => {
  const res = await service.handle(
    new Request(`http://service${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  return { status: res.status, json: (await res.json()) as any };
};

const fetchFile = async (url: string) => {
  const res = url.startsWith('http://service') ? await service.handle(new Request(url)) : await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
};

it.each(['fal', 'replicate', 'dashscope'] as const)("serves %s's result 7 days on, long after the provider's URL died", async (provider) => {
  const key = await service.mintKey();
  const res = await service.handle(
    new Request('http://service/v1/images/generations', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: FAKE_MODELS[provider].image.id, prompt: 'a harbour at noon', seed: 5 }),
    }),
  );
  const batch = (await res.json()) as any;
  expect(res.status, JSON.stringify(batch)).toBe(200);
  const ours = batch.results[0].data[0].url as string;
  const theirs = fakes[provider].served.at(-1)!;
  expect(ours.startsWith('http://service/v1/files/')).toBe(true);
  const fresh = await fetchFile(ours);

  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() + 7 * 24 * 3600_000 - 60_000);
    expect((await fetchFile(theirs)).status).toBe(403);
    const later = await fetchFile(ours);
    expect(later.status).toBe(200);
    expect(later.bytes.equals(fresh.bytes)).toBe(true);
    vi.setSystemTime(Date.now() + 120_000);
    expect((await fetchFile(ours)).status).toBe(410);
  } finally {
    vi.useRealTimers();
  }
});

it.each(['dashscope', 'ark'] as const)("serves %s's video 7 days on, though the provider's URL died after 24 hours", async (provider) => {
  fakes[provider].fileTtlMs = 24 * 3600_000;
  const key = await service.mintKey();
  const created = await api(key, 'POST', '/v1/videos/generations', { model: FAKE_VIDEO_MODELS[provider].id, prompt: 'a tram crossing a bridge', duration: 5 });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  let task = created.json;
  for (let i = 0; i < 200 && task.status === 'processing'; i++) {
    await sleep(100);
    task = (await api(key, 'GET', `/v1/videos/generations/${created.json.id}`)).json;
  }
  expect(task.status, JSON.stringify(task)).toBe('completed');
  const theirs = fakes[provider].served.at(-1)!;
  expect((await fetchFile(theirs)).status).toBe(200);
  const fresh = await fetchFile(task.video_url);
  expect(fresh.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');

  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() + 24 * 3600_000 + 60_000);
    expect((await fetchFile(theirs)).status).toBe(403);
    vi.setSystemTime(Date.now() + 6 * 24 * 3600_000 - 2 * 60_000);
    const later = await fetchFile(task.video_url);
    expect(later.status).toBe(200);
    expect(later.bytes.equals(fresh.bytes)).toBe(true);
    vi.setSystemTime(Date.now() + 120_000);
    expect((await fetchFile(task.video_url)).status).toBe(410);
  } finally {
    vi.useRealTimers();
  }
});
