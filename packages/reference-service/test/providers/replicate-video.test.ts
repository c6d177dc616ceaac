import { setTimeout as sleep } from 'node:timers/promises';
import { createReplicate } from '@ai-sdk/replicate';
import { experimental_generateVideo } from 'ai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { progressOf, replicate, REPLICATE_SEEDANCE, translateReplicatePrediction, verifyReplicateWebhook } from '../../src/providers/replicate';
import type { VideoCall, VideoState } from '../../src/providers/types';
import { readMp4 } from '../../src/testing/mp4';
import { seedanceRequestSchema, signReplicateWebhook, startReplicateFake, type ReplicateFake } from '../../src/testing/provider-fakes/replicate';
import { callbackCatcherForFile, example, failure, fakeForFile, pollToEnd } from './support';

// Replicate's predictions for Seedance 1.0 Pro against the fake, in process: the documented wire
// format both ways, a prediction's life across polls (with the progress its logs show) down to a real
// MP4 and the seconds Replicate bills, each failure in decisions.md row 19's terms, Standard Webhooks
// signatures, and cancelling. Last, Replicate's own AI SDK video model against the same fake.

const vendorExample = (file: string) => example('replicate', file);

const fake = fakeForFile(startReplicateFake) as ReplicateFake;
const hooks = callbackCatcherForFile();
beforeEach(() => void (fake.videoMs = 300));

const video = (apiKey = fake.key) => replicate.adapter({ baseUrl: fake.baseUrl, apiKey }).video!;
const videoCall = (over: Partial<VideoCall> = {}): VideoCall => ({
  model: REPLICATE_SEEDANCE,
  prompt: 'a lighthouse at dusk',
  duration: 2,
  resolution: '480p',
  aspectRatio: '16:9',
  audio: false,
  seed: 7,
  callbackUrl: undefined,
  signal: AbortSignal.timeout(20_000),
  ...over,
});
const task = (id: string) => ({ model: REPLICATE_SEEDANCE, id });
const CREATE_PATH = '/v1/models/bytedance/seedance-1-pro/predictions';

/** The MP4 at a finished state's URL: its video track's size and the file's length. */
async function fileOf(state: VideoState | undefined) {
  expect(state?.status).toBe('completed');
  const res = await fetch((state as { url: string }).url);
  expect(res.headers.get('content-type')).toBe('video/mp4');
  const mp4 = readMp4(Buffer.from(await res.arrayBuffer()));
  const track = mp4.tracks.find((t) => t.handler === 'vide')!;
  return { width: track.width, height: track.height, seconds: mp4.durationSeconds };
}

describe("Replicate video: predictions in the interface's terms", () => {
  it('translates every status Replicate documents, its documented examples included (and a word it does not document)', () => {
    const succeeded = vendorExample('video-prediction.succeeded.response.json').body;
    const table: Array<[unknown, VideoState]> = [
      [vendorExample('video-prediction.starting.response.json').body, { status: 'processing' }],
      // The last percentage the model's progress bar wrote.
      [vendorExample('video-prediction.processing.response.json').body, { status: 'processing', progress: 44 }],
      [succeeded, { status: 'completed', url: succeeded.output, usage: { videoSeconds: 5 } }],
      [
        vendorExample('video-prediction.failed.response.json').body,
        { status: 'failed', reason: 'content_policy', message: 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)' },
      ],
      [
        { status: 'failed', error: 'NSFW content detected' },
        { status: 'failed', reason: 'content_policy', message: 'NSFW content detected' },
      ],
      [
        { status: 'failed', error: 'Director: unexpected error handling prediction (E9828)' },
        { status: 'failed', reason: 'provider_error', message: 'Director: unexpected error handling prediction (E9828)' },
      ],
      [
        { status: 'failed', error: null },
        { status: 'failed', reason: 'provider_error', message: 'the prediction failed' },
      ],
      [vendorExample('video-prediction.canceled.response.json').body, { status: 'failed', reason: 'cancelled', message: 'the prediction was canceled' }],
      [{ status: 'aborted' }, { status: 'failed', reason: 'cancelled', message: 'the prediction passed its deadline before it started' }],
      // A list of outputs: the first; no metrics: no usage (the price table settles it).
      [
        { status: 'succeeded', output: ['https://x/a.mp4', 'https://x/b.mp4'] },
        { status: 'completed', url: 'https://x/a.mp4' },
      ],
      [
        { status: 'succeeded', output: null },
        { status: 'failed', reason: 'provider_error', message: 'the prediction succeeded without an output' },
      ],
      [{ status: 'queued' }, { status: 'processing' }],
      [undefined, { status: 'processing' }],
    ];
    for (const [body, state] of table) expect(translateReplicatePrediction(body), String(JSON.stringify(body)).slice(0, 80)).toEqual(state);
  });

  it("reads progress off a progress bar's last line, and none off logs without one", () => {
    expect(progressOf('')).toBeUndefined();
    expect(progressOf(null)).toBeUndefined();
    expect(progressOf('Using seed: 42\nloading weights')).toBeUndefined();
    expect(progressOf('  0%|          | 0/50\n 10%|█         | 5/50\n 90%|█████████ | 45/50')).toBe(90);
    expect(progressOf('100%|██████████| 50/50 [00:41<00:00, 1.20it/s]')).toBe(100);
  });
});

describe('Replicate video: a prediction from submit to file', () => {
  it('creates the prediction in the documented shape, polls it with rising progress, and ends with a real MP4 and the seconds billed', async () => {
    const id = await video().submit(videoCall());
    const states = await pollToEnd(video(), task(id));

    const [create, ...polls] = fake.calls;
    expect(create.method).toBe('POST');
    expect(create.path).toBe(CREATE_PATH);
    expect(create.headers.authorization).toBe(`Bearer ${fake.key}`);
    expect(create.body).toEqual({ input: { prompt: 'a lighthouse at dusk', duration: 2, resolution: '480p', aspect_ratio: '16:9', seed: 7 } });
    // Each field of the type Replicate documents (duration an integer).
    const documented = vendorExample('video-seedance-options.request.json').body.input;
    for (const [field, value] of Object.entries((create.body as { input: object }).input)) expect(typeof value, field).toBe(typeof documented[field]);
    expect(seedanceRequestSchema.safeParse(create.body).success).toBe(true);
    expect(polls.every((c) => c.method === 'GET' && c.path === `/v1/predictions/${id}`)).toBe(true);

    expect(states.length).toBeGreaterThanOrEqual(3);
    const running = states.slice(0, -1) as Array<{ status: string; progress?: number }>;
    expect(running.every((s) => s.status === 'processing')).toBe(true);
    const progress = running.flatMap((s) => (s.progress === undefined ? [] : [s.progress]));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(states.at(-1)).toEqual({ status: 'completed', url: expect.stringMatching(/\.mp4$/), usage: { videoSeconds: 2 } });

    const file = await fileOf(states.at(-1));
    expect([file.width, file.height]).toEqual([864, 480]);
    expect(file.seconds).toBeCloseTo(2, 0);
  });

  it('a prediction goes starting → processing → succeeded, in the documented shapes', async () => {
    const created = await fetch(`${fake.baseUrl}/models/${REPLICATE_SEEDANCE}/predictions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { ...vendorExample('video-seedance.request.json').body.input, resolution: '480p', duration: 2 } }),
    });
    const prediction = await created.json();
    const starting = vendorExample('video-prediction.starting.response.json');
    expect([created.status, Object.keys(prediction).sort()]).toEqual([starting.status, Object.keys(starting.body).sort()]);

    const seen: string[] = [prediction.status];
    for (let i = 0; i < 100 && seen.at(-1) !== 'succeeded'; i++) {
      const body = await (await fetch(prediction.urls.get, { headers: { authorization: `Bearer ${fake.key}` } })).json();
      const documented = vendorExample(`video-prediction.${body.status}.response.json`).body;
      expect(Object.keys(body).sort(), body.status).toEqual(Object.keys(documented).sort());
      if (seen.at(-1) !== body.status) seen.push(body.status);
      await sleep(40);
    }
    expect(seen).toEqual(['starting', 'processing', 'succeeded']);
  });

  it("makes each aspect ratio at Seedance's sizes", async () => {
    const ends = await Promise.all(
      (['9:16', '1:1'] as const).map(async (aspectRatio) => (await pollToEnd(video(), task(await video().submit(videoCall({ aspectRatio }))))).at(-1)),
    );
    const files = await Promise.all(ends.map(fileOf));
    expect(files.map((f) => [f.width, f.height])).toEqual([
      [480, 864],
      [640, 640],
    ]);
  });

  it('sends no seed when the call has none, and no webhook when it has no callback URL', async () => {
    await video().submit(videoCall({ seed: undefined, duration: 5, resolution: '1080p' }));
    expect(fake.calls[0].body).toEqual({ input: { prompt: 'a lighthouse at dusk', duration: 5, resolution: '1080p', aspect_ratio: '16:9' } });
  });

  it("registers Seedance with Replicate's documented durations and its default of 5 seconds", () => {
    expect(replicate.models[REPLICATE_SEEDANCE]).toEqual({
      kind: 'video',
      durations: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      defaultDuration: 5,
      resolutions: ['480p', '720p', '1080p'],
      aspectRatios: ['16:9', '9:16', '1:1'],
      audio: false,
      seed: true,
    });
  });
});

describe('Replicate video: failures', () => {
  it("a content refusal fails the prediction as content_policy, in Replicate's words", async () => {
    fake.faults.push({ kind: 'content_policy' });
    const states = await pollToEnd(video(), task(await video().submit(videoCall())));
    expect(states.at(-1)).toEqual({
      status: 'failed',
      reason: 'content_policy',
      message: 'The input or output was flagged as sensitive. Please try again with different inputs. (E005)',
    });
  });

  it("Replicate's own failure is provider_error, in its words", async () => {
    fake.faults.push({ kind: 'task_failed' });
    const states = await pollToEnd(video(), task(await video().submit(videoCall())));
    expect(states.at(-1)).toEqual({ status: 'failed', reason: 'provider_error', message: 'Director: unexpected error handling prediction (E9828)' });
  });

  it('a token Replicate does not know is provider_auth, on submit and on poll, and no message holds the token', async () => {
    const wrong = `r8_${'f'.repeat(38)}`;
    const refused = await failure(video(wrong).submit(videoCall()));
    const id = await video().submit(videoCall());
    const unread = await failure(video(wrong).poll(task(id), AbortSignal.timeout(5_000)));
    for (const error of [refused, unread]) {
      expect(error.reason).toBe('provider_auth');
      expect(error.message).not.toContain(wrong);
    }
  });

  it('a 429 is rate_limited with the Retry-After seconds; a 500 is provider_error; an aborted call is timeout', async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 7 });
    const limited = await failure(video().submit(videoCall()));
    expect([limited.reason, limited.retryAfterSeconds]).toEqual(['rate_limited', 7]);

    fake.faults.push({ kind: 'server_error' });
    expect((await failure(video().submit(videoCall()))).reason).toBe('provider_error');

    expect((await failure(video().submit(videoCall({ signal: AbortSignal.abort() })))).reason).toBe('timeout');
  });

  it('a slow prediction is still processing when a fast one would be done', async () => {
    fake.faults.push({ kind: 'slow', ms: 1_000 });
    const id = await video().submit(videoCall());
    await sleep(500);
    expect((await video().poll(task(id), AbortSignal.timeout(5_000))).status).toBe('processing');
  });
});

describe('Replicate video: webhooks', () => {
  it('Replicate posts the prediction when it completes, signed so that verifyCallback accepts it and nothing else', async () => {
    const url = hooks.url('/hooks/replicate?token=t0k3n');
    const adapter = video();
    const id = await adapter.submit(videoCall({ callbackUrl: url }));
    expect(fake.calls[0].body).toMatchObject({ webhook: url, webhook_events_filter: ['completed'] });

    const hook = await hooks.next();
    await vi.waitFor(() => expect(fake.sentCallbacks).toMatchObject([{ url, status: 204 }]));
    expect(hook.path).toBe('/hooks/replicate?token=t0k3n');
    const body = JSON.parse(hook.body);
    expect(body).toMatchObject({ id, status: 'succeeded', output: expect.any(String), metrics: { video_output_duration_seconds: 2 } });
    expect(Object.keys(body).sort()).toEqual(Object.keys(vendorExample('video-webhook.json').body).sort());

    const verify = (headers: Headers, text = hook.body) => adapter.verifyCallback!({ headers, body: text });
    expect(await verify(hook.headers)).toBe(true);
    // A tampered body, a signature of another body, a stale or future timestamp, another secret, no headers: refused.
    expect(await verify(hook.headers, hook.body.replace(id, 'someone-else'))).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    expect(await verify(new Headers(fake.signWebhook('{"other":true}', now)))).toBe(false);
    expect(await verify(new Headers(fake.signWebhook(hook.body, now - 600)))).toBe(false);
    expect(await verify(new Headers(fake.signWebhook(hook.body, now + 600)))).toBe(false);
    expect(await verify(new Headers(fake.signWebhook(hook.body, now - 60)))).toBe(true);
    const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(await verify(new Headers(signReplicateWebhook(otherSecret, 'msg_1', now, hook.body)))).toBe(false);
    expect(await verify(new Headers())).toBe(false);
    // Several signatures (a secret being rotated): one that verifies is enough.
    const signed = fake.signWebhook(hook.body, now, 'msg_2');
    const rotated = { ...signed, 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')} ${signed['webhook-signature']}` };
    expect(await verify(new Headers(rotated))).toBe(true);

    // The signing secret was read once, from the documented endpoint.
    const reads = fake.calls.filter((c) => c.path === '/v1/webhooks/default/secret');
    expect(reads).toHaveLength(1);
    expect(reads[0].headers.authorization).toBe(`Bearer ${fake.key}`);
  });

  it("the fake's signing secret is Replicate's documented shape, and the signature the Standard Webhooks one", async () => {
    const res = await fetch(`${fake.baseUrl}/webhooks/default/secret`, { headers: { authorization: `Bearer ${fake.key}` } });
    const body = await res.json();
    expect(Object.keys(body)).toEqual(Object.keys(vendorExample('video-webhook-secret.response.json').body));
    expect(body.key).toBe(fake.webhookSecret);
    expect(body.key).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const headers = new Headers(signReplicateWebhook(body.key, 'msg_x', 1_700_000_000, '{}'));
    expect(verifyReplicateWebhook(body.key, headers, '{}', 1_700_000_000_000)).toBe(true);
    expect(verifyReplicateWebhook(body.key, headers, '{}', 1_700_000_301_000)).toBe(false);
    expect(verifyReplicateWebhook(body.key, headers, '{ }', 1_700_000_000_000)).toBe(false);
  });

  it("a failed prediction's webhook carries its error", async () => {
    fake.faults.push({ kind: 'content_policy' });
    await video().submit(videoCall({ callbackUrl: hooks.url() }));
    const body = JSON.parse((await hooks.next()).body);
    await vi.waitFor(() => expect(fake.sentCallbacks).toHaveLength(1));
    expect(body).toMatchObject({ status: 'failed', error: expect.stringContaining('(E005)'), output: null });
  });

  it('no webhook when the call has no callback URL', async () => {
    await pollToEnd(video(), task(await video().submit(videoCall())));
    await sleep(100);
    expect(fake.sentCallbacks).toEqual([]);
    expect(hooks.received).toEqual([]);
  });
});

describe('Replicate video: cancel', () => {
  it('cancels a running prediction: it ends cancelled', async () => {
    fake.videoMs = 10_000;
    const id = await video().submit(videoCall());
    await video().cancel!(task(id), AbortSignal.timeout(5_000));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/predictions/${id}/cancel` });
    const states = await pollToEnd(video(), task(id));
    expect(states).toEqual([{ status: 'failed', reason: 'cancelled', message: 'the prediction was canceled' }]);
  });

  it('cancelling a prediction that already ended is no error, and changes nothing', async () => {
    const id = await video().submit(videoCall());
    await pollToEnd(video(), task(id));
    await video().cancel!(task(id), AbortSignal.timeout(5_000));
    expect((await video().poll(task(id), AbortSignal.timeout(5_000))).status).toBe('completed');
  });
});

describe("Replicate video: the fake checks Replicate's documented input", () => {
  it('accepts the documented request examples and refuses what the schema does not allow', async () => {
    for (const name of ['video-seedance.request.json', 'video-seedance-options.request.json']) {
      const parsed = seedanceRequestSchema.safeParse(vendorExample(name).body);
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
    }
    const prompt = 'x';
    for (const input of [
      { prompt, duration: '5' },
      { prompt, duration: 15 },
      { prompt, resolution: '4k' },
      { prompt, fps: 30 },
      { prompt, aspect_ratio: '2:1' },
    ]) {
      expect(seedanceRequestSchema.safeParse({ input }).success, JSON.stringify(input)).toBe(false);
    }
    const refused = await fetch(`${fake.baseUrl}/models/${REPLICATE_SEEDANCE}/predictions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { prompt, duration: '5' } }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ title: 'Input validation failed', status: 422 });
  });
});

// Differential: Replicate's own client (the AI SDK's video model, which creates the prediction and
// polls urls.get) against the same fake, proving the fake takes what Replicate's client sends.
describe("Replicate video: @ai-sdk/replicate's video model drives the fake to a finished video", () => {
  it('generates a video through the fake', async () => {
    const { video: file } = await experimental_generateVideo({
      model: createReplicate({ apiToken: fake.key, baseURL: fake.baseUrl }).video(REPLICATE_SEEDANCE),
      prompt: 'a lighthouse at dusk',
      aspectRatio: '16:9',
      duration: 2,
      providerOptions: { replicate: { resolution: '480p' } },
      poll: { intervalMs: 100, timeoutMs: 20_000 },
      // The SDK's own download refuses loopback addresses; the fake serves its files on one.
      download: async ({ url }) => {
        const res = await fetch(url);
        return { data: new Uint8Array(await res.arrayBuffer()), mediaType: res.headers.get('content-type') ?? undefined };
      },
    });

    const [create] = fake.calls;
    expect(create.path).toBe(CREATE_PATH);
    expect(create.body).toEqual({ input: { prompt: 'a lighthouse at dusk', aspect_ratio: '16:9', duration: 2, resolution: '480p' } });
    const mp4 = readMp4(Buffer.from(file.uint8Array));
    expect(mp4.tracks.find((t) => t.handler === 'vide')).toMatchObject({ width: 864, height: 480 });
    expect(mp4.durationSeconds).toBeCloseTo(2, 0);
  });
});
