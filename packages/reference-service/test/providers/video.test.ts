import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, download, pollVideo, readMp4, startReceiver, startService, type RunningService } from '../../src/testing';
import { FAKE_VIDEO_MODELS, startProviderFakes, type ProviderFakes } from '../../src/testing/provider-fakes';
import type { ProviderFake } from '../../src/testing/provider-fakes/harness';

// Each provider's video model through the service, over HTTP, against its fake: a task submitted
// once, followed to its end, its file copied into the service's store and priced on what the
// provider reports; failures in the provider's words at no cost; callbacks that only ever make a
// poll come sooner; and a restart in the middle that finishes the task once.

const PROVIDERS = Object.keys(FAKE_VIDEO_MODELS) as Array<keyof typeof FAKE_VIDEO_MODELS>;
/** Providers that call back (DashScope's video tasks take no callback). */
const CALLING_BACK = PROVIDERS.filter((p) => p !== 'dashscope');
/** The fake prices (provider-fakes/index.ts): CNY per second, and Ark's per million tokens. */
const PER_SECOND = { '480p': 0.2, '720p': 0.4, '1080p': 0.8 } as Record<string, number>;
const ARK_PER_MILLION_TOKENS = 15;
/** What each model is asked for: 720p where it makes it (Kling's master model makes 1080p only). */
const RESOLUTION: Record<string, string> = {};

let fakes: ProviderFakes;
/** Polls its providers often: what a task does. */
let service: RunningService;
/** Polls once a minute: a task ends sooner only when a callback wakes it. */
let lazy: RunningService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let dir: string;
beforeAll(async () => {
  fakes = await startProviderFakes();
  receiver = await startReceiver();
  dir = await mkdtemp(path.join(tmpdir(), 'provider-videos-'));
  const env = { SERVICE_PROVIDERS_FILE: await fakes.writeProvidersFile(dir), SERVICE_ALLOW_PRIVATE_WEBHOOKS: '1', ...fakes.env };
  [service, lazy] = await Promise.all([startService({ ...env, SERVICE_PROVIDER_POLL_MS: '150' }), startService({ ...env, SERVICE_PROVIDER_POLL_MS: '60000' })]);
  for (const model of (await call(service, 'GET', '/v1/models')).json.data) {
    if (model.kind === 'video') RESOLUTION[model.id] = model.resolutions.includes('720p') ? '720p' : model.resolutions[0];
  }
});
afterAll(async () => {
  await Promise.all([service?.dispose(), lazy?.dispose()]);
  await Promise.all([fakes?.close(), receiver?.close()]);
  await rm(dir, { recursive: true, force: true });
});

const createVideo = (svc: RunningService, model: string, extra: Record<string, unknown> = {}) =>
  call(svc, 'POST', '/v1/videos/generations', { model, prompt: 'a paper boat drifting down a rainy street', resolution: RESOLUTION[model], ...extra });

/** The calls that created tasks at a fake (polls are GETs; cancels end in /cancel). */
const submits = (fake: ProviderFake) => fake.calls.filter((c) => c.method === 'POST' && !c.path.endsWith('/cancel'));

/** The callback URL the service handed a provider, wherever the provider takes it (a body field or a query parameter). */
function callbackUrlSent(fake: ProviderFake): string {
  const sent = JSON.stringify(submits(fake).at(-1)) ?? '';
  const found = /https?:\/\/[^"\s]*\/v1\/videos\/callbacks\/[^"\s]+/.exec(decodeURIComponent(sent));
  if (!found) throw new Error(`no callback URL in ${sent.slice(0, 400)}`);
  return found[0].replace(/\\u0026/g, '&');
}

const reset = (fake: ProviderFake) => {
  Object.assign(fake, { videoMs: 600, callbacks: true, fileTtlMs: 60_000 });
  for (const list of [fake.calls, fake.faults, fake.sentCallbacks]) list.length = 0;
};

describe.each(PROVIDERS)('%s', (provider) => {
  const model = FAKE_VIDEO_MODELS[provider].id;
  const fake = () => fakes[provider];
  beforeAll(() => reset(fake()));

  it('makes a video: submitted once, followed to its end, copied into the service and priced on what the provider billed', async () => {
    reset(fake());
    const created = await createVideo(service, model, { duration: 5 });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ object: 'video_generation', status: 'processing', model, progress: 0 });
    expect(created.json.id).toMatch(new RegExp(`^vid_${provider}_[0-9a-f]{24}$`));

    const { final, history } = await pollVideo(service, created.json.id, 30_000, 100);
    expect(final.status, JSON.stringify(final)).toBe('completed');
    const progress = history.map((r) => r.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(submits(fake())).toHaveLength(1);

    // The service's own URL, not the provider's (which dies in a day): a real MP4 of the size asked.
    expect(final.video_url.startsWith(`${service.url}/v1/files/`)).toBe(true);
    const file = await download(final.video_url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('video/mp4');
    const mp4 = readMp4(file.bytes);
    const video = mp4.tracks.find((t) => t.handler === 'vide')!;
    // The provider's own frame for the resolution (Seedance's 720p is 1248×704).
    const short = parseInt(RESOLUTION[model]);
    expect(Math.min(video.width, video.height)).toBeGreaterThanOrEqual(short * 0.97);
    expect(Math.min(video.width, video.height)).toBeLessThanOrEqual(short);
    expect(video.width / video.height).toBeCloseTo(16 / 9, 1);
    expect(mp4.durationSeconds).toBeCloseTo(5, 0);

    if (provider === 'ark') {
      // Ark reports the tokens it billed: the cost is those at the model's token price.
      expect(final.usage).toMatchObject({ cost_unit: 'CNY', cost_basis: 'total_tokens' });
      expect(final.usage.total_tokens).toBeGreaterThan(0);
      expect(final.usage.cost).toBeCloseTo((final.usage.total_tokens * ARK_PER_MILLION_TOKENS) / 1e6, 4);
    } else if (provider === 'dashscope' || provider === 'replicate') {
      // DashScope's usage.video_duration and Replicate's metrics.video_output_duration_seconds: the seconds they billed.
      expect(final.usage).toEqual({ cost: 5 * PER_SECOND['720p'], cost_unit: 'CNY', cost_basis: 'video_duration', video_duration: 5 });
    } else {
      expect(final.usage).toEqual({ cost: 5 * PER_SECOND[RESOLUTION[model]], cost_unit: 'CNY', cost_basis: 'price_table' });
    }
  });

  it.each([
    ['task_failed', 'provider_error'],
    ['content_policy', 'content_policy'],
  ] as const)('a task that fails at the provider (%s) fails with its reason, and costs nothing', async (fault, code) => {
    reset(fake());
    fake().faults.push({ kind: fault });
    const created = await createVideo(service, model);
    expect(created.status, created.text).toBe(200);
    const { final } = await pollVideo(service, created.json.id, 30_000, 100);
    expect(final).toMatchObject({ status: 'failed', error: { code } });
    expect(final.error.message.length).toBeGreaterThan(10);
    expect(final.usage).toBeUndefined();
    expect(final.video_url).toBeUndefined();
  });

  it("a refused submit is the request's answer: a rate limit is 429 with Retry-After, a bad operator key 502, and no task is left", async () => {
    reset(fake());
    fake().faults.push({ kind: 'rate_limit', retryAfter: 30 });
    const limited = await createVideo(service, model);
    expect(limited.status, limited.text).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('30');
    fake().faults.push({ kind: 'auth' });
    const refused = await createVideo(service, model);
    expect(refused.status, refused.text).toBe(502);
    expect(refused.json.error.code).toBe('provider_auth');
    expect(refused.text).not.toContain(fake().key);
  });
});

describe('callbacks only make the poll come sooner', () => {
  it.each(CALLING_BACK)('%s: a callback ends a task whose next poll was a minute away; with none, the poll still ends it', async (provider) => {
    const fake = fakes[provider];
    const model = FAKE_VIDEO_MODELS[provider].id;
    reset(fake);
    const created = await createVideo(lazy, model);
    expect(created.status, created.text).toBe(200);
    const { final } = await pollVideo(lazy, created.json.id, 20_000, 100);
    expect(final.status, JSON.stringify(final)).toBe('completed');
    expect(fake.sentCallbacks.some((c) => c.status === 204)).toBe(true);

    // After: the same callback again changes nothing (the task has ended; the record is as it was).
    const again = fake.sentCallbacks.at(-1)!;
    const replayed = await fetch(again.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(again.body) });
    expect([204, 404]).toContain(replayed.status);
    expect((await call(lazy, 'GET', `/v1/videos/generations/${created.json.id}`)).json).toEqual(final);

    // Never: on the often-polling service, a provider that never calls back changes only the time it takes.
    reset(fake);
    fake.callbacks = false;
    const unheard = await createVideo(service, model);
    const polled = await pollVideo(service, unheard.json.id, 20_000, 100);
    expect(polled.final.status).toBe('completed');
    expect(polled.final.usage).toEqual(final.usage);
    expect(fake.sentCallbacks).toHaveLength(0);
  });

  it('a callback before the task ends, or one without the right token, changes nothing', async () => {
    const fake = fakes.kling;
    reset(fake);
    fake.videoMs = 2_500;
    const created = await createVideo(lazy, FAKE_VIDEO_MODELS.kling.id);
    const url = callbackUrlSent(fake);
    // Before: the poll it brings finds the task still running.
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"task_status":"succeed"}' })).status).toBe(204);
    await sleep(400);
    expect((await call(lazy, 'GET', `/v1/videos/generations/${created.json.id}`)).json.status).toBe('processing');
    // A forged token, another task's id: 404, and nothing is polled for them.
    const forged = new URL(url);
    forged.searchParams.set('token', 'x'.repeat(43));
    expect((await fetch(forged, { method: 'POST', body: '{}' })).status).toBe(404);
    const unknown = new URL(url);
    unknown.pathname = unknown.pathname.replace(/vid_[^/]+$/, 'vid_kling_000000000000000000000000');
    expect((await fetch(unknown, { method: 'POST', body: '{}' })).status).toBe(404);
    // A body past 1 MB is refused while it streams (413), and a malformed id is 400: nothing is polled for either.
    expect((await fetch(url, { method: 'POST', body: 'x'.repeat(2_000_000) })).status).toBe(413);
    const malformed = new URL(url);
    malformed.pathname = malformed.pathname.replace(/vid_[^/]+$/, '%E0%A4%A');
    expect((await fetch(malformed, { method: 'POST', body: '{}' })).status).toBe(400);
    const { final } = await pollVideo(lazy, created.json.id, 20_000, 100);
    expect(final.status).toBe('completed');
  });

  it.each(['fal', 'replicate'] as const)("%s signs its callbacks: one without the provider's signature is refused", async (provider) => {
    const fake = fakes[provider];
    reset(fake);
    fake.videoMs = 2_500;
    fake.callbacks = false;
    const created = await createVideo(lazy, FAKE_VIDEO_MODELS[provider].id);
    expect(created.status, created.text).toBe(200);
    const res = await fetch(callbackUrlSent(fake), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"status":"succeeded"}' });
    expect(res.status).toBe(404);
    await call(lazy, 'GET', `/v1/videos/generations/${created.json.id}`);
  });
});

it('a restart in the middle of a task finishes it once: one submit, one completion, one webhook', async () => {
  const provider = 'ark';
  const fake = fakes[provider];
  reset(fake);
  fake.videoMs = 3_000;
  receiver.received.length = 0;
  const created = await createVideo(service, FAKE_VIDEO_MODELS[provider].id, { webhook_url: receiver.url });
  expect(created.status, created.text).toBe(200);
  await service.restart('SIGKILL');
  const { final } = await pollVideo(service, created.json.id, 30_000, 100);
  expect(final.status, JSON.stringify(final)).toBe('completed');
  expect(submits(fake)).toHaveLength(1);
  await sleep(1_000);
  const deliveries = receiver.received.filter((w) => JSON.parse(w.body).data.id === created.json.id);
  expect(deliveries).toHaveLength(1);
  expect(JSON.parse(deliveries[0].body)).toMatchObject({ type: 'video_generation.completed', data: { id: created.json.id, usage: final.usage } });
});

it("an omitted duration is asked for and priced at the provider's own default", async () => {
  reset(fakes.kling);
  const created = await createVideo(service, FAKE_VIDEO_MODELS.kling.id);
  expect(created.status, created.text).toBe(200);
  const models = (await call(service, 'GET', '/v1/models')).json.data as any[];
  const listed = models.find((m) => m.id === FAKE_VIDEO_MODELS.kling.id);
  expect(listed).toMatchObject({ kind: 'video', provider: { id: 'kling' } });
  expect(created.json.params.duration).toBe(listed.default_duration);
  const { final } = await pollVideo(service, created.json.id, 30_000, 100);
  expect(final.usage.cost).toBeCloseTo(listed.default_duration * PER_SECOND[RESOLUTION[listed.id]], 4);
});

it('a duration, resolution or sound the provider cannot make is refused before anything is sent', async () => {
  const listed = ((await call(service, 'GET', '/v1/models')).json.data as any[]).find((m) => m.id === FAKE_VIDEO_MODELS.kling.id);
  reset(fakes.kling);
  const duration = await createVideo(service, FAKE_VIDEO_MODELS.kling.id, { duration: 7 });
  expect(duration.json.error.code).toBe('invalid_duration');
  // Kling's model as the catalog lists it: no sound, 1080p only (so two resolutions to refuse).
  expect(listed).toMatchObject({ audio: false, resolutions: ['1080p'] });
  expect((await createVideo(service, FAKE_VIDEO_MODELS.kling.id, { audio: true })).json.error.code).toBe('invalid_audio');
  for (const resolution of ['480p', '720p']) {
    expect((await createVideo(service, FAKE_VIDEO_MODELS.kling.id, { resolution })).json.error.code).toBe('invalid_resolution');
  }
  expect(submits(fakes.kling)).toHaveLength(0);
});
