import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createReferenceService, loadConfig, type ReferenceService } from '../../src/index';
import { FAKE_MODELS, startProviderFakes, type ProviderFakes } from '../../src/testing/provider-fakes';

// A provider's result URL dies within the hour (Replicate deletes outputs after 1 h, DashScope's
// last 24 h; the fakes' a minute). The service copies every file into its own store as soon as it
// exists, so its URL lives the contract's 7 days: checked with the clock moved on, in-process.

let fakes: ProviderFakes;
let service: ReferenceService;
let dir: string;
beforeAll(async () => {
  fakes = await startProviderFakes();
  dir = await mkdtemp(path.join(tmpdir(), 'providers-expiry-'));
  const env = { SERVICE_DATA_DIR: dir, SERVICE_PROVIDERS_FILE: await fakes.writeProvidersFile(dir), SERVICE_ENGINE_THREADS: '1', ...fakes.env };
  service = await createReferenceService(loadConfig({ ...process.env, ...env }));
});
afterAll(async () => {
  vi.useRealTimers();
  await service?.close();
  await fakes?.close();
  await rm(dir, { recursive: true, force: true });
});

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
