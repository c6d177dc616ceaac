import { generateKeyPairSync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFal } from '@ai-sdk/fal';
import { experimental_generateVideo } from 'ai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FAL_SEEDANCE, fal, falEndpoints, translateFalResult, translateFalStatus } from '../../src/providers/fal';
import type { VideoCall, VideoState } from '../../src/providers/types';
import { readMp4 } from '../../src/testing/mp4';
import { FAL_SEEDANCE_PATH, falSeedanceSchema, signFalWebhook, startFalFake, type FalFake } from '../../src/testing/provider-fakes/fal';
import { callbackCatcherForFile, example, failure, fakeForFile, pollToEnd } from './support';

// fal's queue for Seedance 1.0 Pro against the fake, in process: the documented wire format both
// ways, the request's life across polls down to a real MP4, each failure in decisions.md row 19's
// terms, signed webhooks, and cancelling. Last, fal's own AI SDK video model against the same fake.

const vendorExample = (file: string) => example('fal', file);
type VideoModel = Parameters<typeof experimental_generateVideo>[0]['model'];

const fake = fakeForFile(startFalFake) as FalFake;
const hooks = callbackCatcherForFile();
beforeEach(() => void (fake.videoMs = 300));

const video = (apiKey = fake.key) => fal.adapter({ baseUrl: fake.baseUrl, apiKey }).video!;
const videoCall = (over: Partial<VideoCall> = {}): VideoCall => ({
  model: FAL_SEEDANCE,
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
const task = (id: string) => ({ model: FAL_SEEDANCE, id });
const requestPath = (id: string) => `/fal-ai/bytedance/requests/${id}`;

/** The MP4 at a finished state's URL: its video track's size and the file's length. */
async function fileOf(state: VideoState | undefined) {
  expect(state?.status).toBe('completed');
  const res = await fetch((state as { url: string }).url);
  expect(res.headers.get('content-type')).toBe('video/mp4');
  const mp4 = readMp4(Buffer.from(await res.arrayBuffer()));
  const track = mp4.tracks.find((t) => t.handler === 'vide')!;
  return { width: track.width, height: track.height, seconds: mp4.durationSeconds };
}

describe("fal video: queue statuses and results in the interface's terms", () => {
  it('translates every status word fal documents (and one it does not)', () => {
    const table: Array<[unknown, VideoState | undefined]> = [
      [vendorExample('video-queue-status.in-queue.response.json').body, { status: 'processing' }],
      [vendorExample('video-queue-status.in-progress.response.json').body, { status: 'processing' }],
      // COMPLETED says nothing of how it ended: the result does.
      [vendorExample('video-queue-status.completed.response.json').body, undefined],
      [
        { status: 'COMPLETED', error: 'Request timed out', error_type: 'request_timeout' },
        { status: 'failed', reason: 'provider_error', message: 'request_timeout: Request timed out' },
      ],
      [
        { status: 'COMPLETED', error: 'Request was cancelled by the client.', error_type: 'client_cancelled' },
        { status: 'failed', reason: 'cancelled', message: 'Request was cancelled by the client.' },
      ],
      [{ status: 'SOMETHING_NEW' }, { status: 'processing' }],
      [undefined, { status: 'processing' }],
    ];
    for (const [body, state] of table) expect(translateFalStatus(body), JSON.stringify(body)).toEqual(state);
  });

  it('translates every kind of result: the output, a result read too early, a refusal, a runner error, a cancellation', () => {
    const output = vendorExample('video-seedance.response.json');
    const refusal = vendorExample('content-policy-violation.response.json');
    const runner = vendorExample('video-result.runner-error.response.json');
    const early = vendorExample('video-result.in-progress.response.json');
    const table: Array<[number, unknown, VideoState]> = [
      [output.status, output.body, { status: 'completed', url: output.body.video.url }],
      [early.status, early.body, { status: 'processing' }],
      [refusal.status, refusal.body, { status: 'failed', reason: 'content_policy', message: 'The content was flagged by a content checker.' }],
      [
        runner.status,
        runner.body,
        { status: 'failed', reason: 'provider_error', message: 'runner_server_error: The runner encountered an internal server error.' },
      ],
      [
        499,
        { detail: 'Request was cancelled by the client.', error_type: 'client_cancelled' },
        { status: 'failed', reason: 'cancelled', message: 'Request was cancelled by the client.' },
      ],
      // A gateway's error page is no word on the request: the next poll asks again.
      [502, undefined, { status: 'processing' }],
      [200, { seed: 1 }, { status: 'failed', reason: 'provider_error', message: 'the request completed without a video' }],
    ];
    for (const [status, body, state] of table) expect(translateFalResult(status, body), `${status} ${JSON.stringify(body)}`).toEqual(state);
  });
});

describe('fal video: a request from submit to file', () => {
  it('submits in the documented shape, polls the status until COMPLETED, reads the result: a real MP4 of the size and length asked', async () => {
    const id = await video().submit(videoCall());
    const states = await pollToEnd(video(), task(id));

    const [submit, ...polls] = fake.calls;
    expect(submit.method).toBe('POST');
    expect(submit.path).toBe(FAL_SEEDANCE_PATH);
    expect(submit.headers.authorization).toBe(`Key ${fake.key}`);
    expect(submit.body).toEqual({ prompt: 'a lighthouse at dusk', aspect_ratio: '16:9', resolution: '480p', duration: '2', seed: 7 });
    // Each field of the type fal documents (duration a string, seed an integer).
    const documented = vendorExample('video-seedance-options.request.json').body;
    for (const [field, value] of Object.entries(submit.body as object)) expect(typeof value, field).toBe(typeof documented[field]);
    expect(falSeedanceSchema.safeParse(submit.body).success).toBe(true);

    // The status URL names only the owner and the app; the result is read once, after COMPLETED.
    expect(polls.slice(0, -1).every((c) => c.method === 'GET' && c.path === `${requestPath(id)}/status`)).toBe(true);
    expect(polls.at(-1)).toMatchObject({ method: 'GET', path: requestPath(id) });
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.slice(0, -1)).toEqual(states.slice(0, -1).map(() => ({ status: 'processing' })));
    // fal reports no billing figures: the price table settles the cost.
    expect(states.at(-1)).toEqual({ status: 'completed', url: expect.stringMatching(/\.mp4$/) });

    const file = await fileOf(states.at(-1));
    expect([file.width, file.height]).toEqual([864, 480]);
    expect(file.seconds).toBeCloseTo(2, 0);
  });

  it('the queue answers IN_QUEUE, then IN_PROGRESS, then COMPLETED, in the documented shapes; the result only at the end', async () => {
    const submitted = await fetch(`${fake.origin}${FAL_SEEDANCE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Key ${fake.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...vendorExample('video-seedance.request.json').body, resolution: '480p', duration: '2' }),
    });
    const queued = await submitted.json();
    expect(Object.keys(queued).sort()).toEqual(Object.keys(vendorExample('video-queue-submit.response.json').body).sort());

    const early = await fetch(queued.response_url, { headers: { authorization: `Key ${fake.key}` } });
    expect([early.status, await early.json()]).toEqual([400, vendorExample('video-result.in-progress.response.json').body]);

    const seen: string[] = [];
    for (let i = 0; i < 100 && seen.at(-1) !== 'COMPLETED'; i++) {
      const res = await fetch(queued.status_url, { headers: { authorization: `Key ${fake.key}` } });
      const body = await res.json();
      const name = { IN_QUEUE: 'in-queue', IN_PROGRESS: 'in-progress', COMPLETED: 'completed' }[body.status as string]!;
      const documented = vendorExample(`video-queue-status.${name}.response.json`);
      expect([res.status, Object.keys(body).sort()]).toEqual([documented.status, Object.keys(documented.body).sort()]);
      if (seen.at(-1) !== body.status) seen.push(body.status);
      await sleep(40);
    }
    expect(seen).toEqual(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']);

    const result = await (await fetch(queued.response_url, { headers: { authorization: `Key ${fake.key}` } })).json();
    const documented = vendorExample('video-seedance.response.json').body;
    expect(Object.keys(result).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys(result.video).sort()).toEqual(Object.keys(documented.video).sort());
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

  it('sends no seed when the call has none, and no fal_webhook when it has no callback URL', async () => {
    await video().submit(videoCall({ seed: undefined, duration: 5, resolution: '1080p' }));
    expect(fake.calls[0].path).toBe(FAL_SEEDANCE_PATH);
    expect(fake.calls[0].body).toEqual({ prompt: 'a lighthouse at dusk', aspect_ratio: '16:9', resolution: '1080p', duration: '5' });
  });

  it("registers Seedance with fal's documented durations and its default of 5 seconds", () => {
    expect(fal.models[FAL_SEEDANCE]).toEqual({
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

describe('fal video: failures', () => {
  it("a content refusal ends the request as content_policy, in fal's words", async () => {
    fake.faults.push({ kind: 'content_policy' });
    const states = await pollToEnd(video(), task(await video().submit(videoCall())));
    expect(states.at(-1)).toEqual({ status: 'failed', reason: 'content_policy', message: 'The content was flagged by a content checker.' });
  });

  it("a runner's failure ends the request as provider_error, with fal's error type", async () => {
    fake.faults.push({ kind: 'task_failed' });
    const states = await pollToEnd(video(), task(await video().submit(videoCall())));
    expect(states.at(-1)).toEqual({
      status: 'failed',
      reason: 'provider_error',
      message: 'runner_server_error: The runner encountered an internal server error.',
    });
  });

  it('a key fal does not know is provider_auth, on submit and on poll, and no message holds the key', async () => {
    const wrong = `${fake.key.split(':')[0]}:${'f'.repeat(32)}`;
    const refused = await failure(video(wrong).submit(videoCall()));
    expect(refused.reason).toBe('provider_auth');
    const id = await video().submit(videoCall());
    const unread = await failure(video(wrong).poll(task(id), AbortSignal.timeout(5_000)));
    expect(unread.reason).toBe('provider_auth');
    for (const error of [refused, unread]) {
      expect(error.message).not.toContain(wrong);
      expect(error.message).not.toContain(wrong.split(':')[1]);
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

  it('a slow request is still processing when a fast one would be done', async () => {
    fake.faults.push({ kind: 'slow', ms: 1_000 });
    const id = await video().submit(videoCall());
    await sleep(500);
    expect(await video().poll(task(id), AbortSignal.timeout(5_000))).toEqual({ status: 'processing' });
  });
});

describe('fal video: webhooks', () => {
  it('fal calls the webhook when the request ends, signed so that verifyCallback accepts it and nothing else', async () => {
    const url = hooks.url('/hooks/fal?token=t0k3n');
    const id = await video().submit(videoCall({ callbackUrl: url }));
    expect(fake.calls[0].path).toBe(`${FAL_SEEDANCE_PATH}?fal_webhook=${encodeURIComponent(url)}`);

    const hook = await hooks.next();
    await vi.waitFor(() => expect(fake.sentCallbacks).toMatchObject([{ url, status: 204 }]));
    expect(hook.path).toBe('/hooks/fal?token=t0k3n');
    const body = JSON.parse(hook.body);
    expect(body).toMatchObject({ request_id: id, gateway_request_id: id, status: 'OK', payload: { video: { url: expect.any(String) } } });
    expect(Object.keys(body).sort()).toEqual(Object.keys(vendorExample('video-webhook.ok.json').body).sort());

    const verify = (headers: Headers, text = hook.body) => video().verifyCallback!({ headers, body: text });
    expect(await verify(hook.headers)).toBe(true);
    // A tampered body, a signature of another body, a stale or future timestamp, another key, no headers: refused.
    expect(await verify(hook.headers, hook.body.replace(id, 'someone-else'))).toBe(false);
    const now = Math.floor(Date.now() / 1000);
    expect(await verify(new Headers(fake.signWebhook(id, '{"other":true}', now)))).toBe(false);
    expect(await verify(new Headers(fake.signWebhook(id, hook.body, now - 600)))).toBe(false);
    expect(await verify(new Headers(fake.signWebhook(id, hook.body, now + 600)))).toBe(false);
    expect(await verify(new Headers(fake.signWebhook(id, hook.body, now - 60)))).toBe(true);
    const stranger = generateKeyPairSync('ed25519').privateKey;
    expect(await verify(new Headers(signFalWebhook(stranger, id, fake.webhookUserId, now, hook.body)))).toBe(false);
    expect(await verify(new Headers())).toBe(false);
  });

  it("a failed request's webhook says ERROR, with fal's error and the model's details", async () => {
    fake.faults.push({ kind: 'content_policy' });
    await video().submit(videoCall({ callbackUrl: hooks.url() }));
    const body = JSON.parse((await hooks.next()).body);
    await vi.waitFor(() => expect(fake.sentCallbacks).toHaveLength(1));
    expect(body).toMatchObject({ status: 'ERROR', error: 'Invalid status code: 422', payload: { detail: [{ type: 'content_policy_violation' }] } });
    expect(Object.keys(body).sort()).toEqual(Object.keys(vendorExample('video-webhook.error.json').body).sort());
  });

  it('no webhook when the call has no callback URL', async () => {
    await pollToEnd(video(), task(await video().submit(videoCall())));
    await sleep(100);
    expect(fake.sentCallbacks).toEqual([]);
    expect(hooks.received).toEqual([]);
  });

  it("the fake serves its public key as fal's JWKS", async () => {
    const jwks = await (await fetch(`${fake.origin}/.well-known/jwks.json`)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', x: expect.stringMatching(/^[\w-]{43}$/) });
    expect(Object.keys(vendorExample('video-jwks.response.json').body.keys[0]).every((k) => k in jwks.keys[0])).toBe(true);
  });

  it("real fal's queue is queue.fal.run and its keys rest.alpha.fal.ai's; anything else serves both at its own origin", () => {
    expect(falEndpoints('https://fal.run')).toEqual({ queue: 'https://queue.fal.run', jwks: 'https://rest.alpha.fal.ai/.well-known/jwks.json' });
    expect(falEndpoints(fake.baseUrl)).toEqual({ queue: fake.origin, jwks: `${fake.origin}/.well-known/jwks.json` });
  });
});

describe('fal video: cancel', () => {
  it('cancels a request that has not ended: it ends cancelled', async () => {
    fake.videoMs = 10_000;
    const id = await video().submit(videoCall());
    await video().cancel!(task(id), AbortSignal.timeout(5_000));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PUT', path: `${requestPath(id)}/cancel` });
    const states = await pollToEnd(video(), task(id));
    expect(states.at(-1)).toEqual({ status: 'failed', reason: 'cancelled', message: 'Request was cancelled by the client.' });
  });

  it('cancelling a request that already ended is no error', async () => {
    const id = await video().submit(videoCall());
    await pollToEnd(video(), task(id));
    await expect(video().cancel!(task(id), AbortSignal.timeout(5_000))).resolves.toBeUndefined();
  });
});

describe("fal video: the fake checks fal's documented input", () => {
  it('accepts the documented request examples and refuses what the schema does not allow', async () => {
    for (const name of ['video-seedance.request.json', 'video-seedance-options.request.json']) {
      const parsed = falSeedanceSchema.safeParse(vendorExample(name).body);
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
    }
    const prompt = 'x';
    for (const misfit of [
      { prompt, duration: 5 },
      { prompt, duration: '15' },
      { prompt, resolution: '4k' },
      { prompt, aspect_ratio: '2:1' },
      { prompt, audio: true },
    ]) {
      expect(falSeedanceSchema.safeParse(misfit).success, JSON.stringify(misfit)).toBe(false);
    }
    const refused = await fetch(`${fake.origin}${FAL_SEEDANCE_PATH}`, {
      method: 'POST',
      headers: { authorization: `Key ${fake.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt, duration: 5 }),
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).detail[0].type).toBe('value_error');
  });
});

// Differential: fal's own client (the AI SDK's video model, which submits to https://queue.fal.run
// and polls the response_url) against the same fake, proving the fake takes what fal's client sends.
describe("fal video: @ai-sdk/fal's video model drives the fake to a finished video", () => {
  it('generates a video through the fake', async () => {
    const QUEUE = 'https://queue.fal.run';
    const toFake = (url: string) => url.replace(QUEUE, fake.origin);
    // The SDK sends the key only to the origin it submitted to: the fake's answers are read back as fal's.
    const viaFake: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const res = await fetch(toFake(url), init);
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      return new Response((await res.text()).split(fake.origin).join(QUEUE), { status: res.status, headers });
    };
    const { video: file } = await experimental_generateVideo({
      // @ai-sdk/fal 3.0.41 is typed against an older @ai-sdk/provider than ai's: the same interface at run time.
      model: createFal({ apiKey: fake.key, fetch: viaFake }).video(FAL_SEEDANCE) as VideoModel,
      prompt: 'a lighthouse at dusk',
      aspectRatio: '16:9',
      providerOptions: { fal: { resolution: '480p', duration: '2' } },
      poll: { intervalMs: 100, timeoutMs: 20_000 },
      download: async ({ url }) => {
        const res = await fetch(toFake(url.href));
        return { data: new Uint8Array(await res.arrayBuffer()), mediaType: res.headers.get('content-type') ?? undefined };
      },
    });

    const [submit] = fake.calls;
    expect(submit.path).toBe(FAL_SEEDANCE_PATH);
    expect(submit.body).toEqual({ prompt: 'a lighthouse at dusk', aspect_ratio: '16:9', resolution: '480p', duration: '2' });
    const mp4 = readMp4(Buffer.from(file.uint8Array));
    expect(mp4.tracks.find((t) => t.handler === 'vide')).toMatchObject({ width: 864, height: 480 });
    expect(mp4.durationSeconds).toBeCloseTo(2, 0);
  });
});
