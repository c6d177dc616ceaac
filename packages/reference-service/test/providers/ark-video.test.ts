import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ark, arkTaskBody, translateArkTask } from '../../src/providers/ark';
import type { VideoAdapter, VideoCall, VideoModelCapabilities, VideoState } from '../../src/providers/types';
import { readMp4 } from '../../src/testing/mp4';
import { ARK_TASKS_PATH, arkCreateTaskSchema, startArkFake } from '../../src/testing/provider-fakes/ark';
import { startFake } from '../../src/testing/provider-fakes/harness';
import { callbackCatcherForFile, example, failure, fakeForFile, pollToEnd } from './support';

// The Ark (Seedance) video adapter against its fake, in process: the documented wire format both ways,
// every status word, a real MP4 of the size Ark's table gives, usage in tokens, each failure in
// decisions.md row 19's terms, callbacks, and cancelling.

const EXAMPLES = new URL('../../src/testing/provider-fakes/examples/ark/', import.meta.url);
const vendorExample = (file: string) => example('ark', file);

const fake = fakeForFile(startArkFake);
const catcher = callbackCatcherForFile();
let video: VideoAdapter;
beforeAll(() => void (video = ark.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key }).video));

// Small shapes, each encoded once per process: 864x480 for 3 s (Seedance 1.0), 496x864 for 4 s with sound (1.5 pro).
const call = (over: Partial<VideoCall> = {}): VideoCall => ({
  model: 'doubao-seedance-1-0-pro-250528',
  prompt: 'a lighthouse at dusk, waves below',
  duration: 3,
  resolution: '480p',
  aspectRatio: '16:9',
  audio: false,
  seed: 11,
  callbackUrl: undefined,
  signal: AbortSignal.timeout(20_000),
  ...over,
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${fake.origin}${path}`, { ...init, headers: { authorization: `Bearer ${fake.key}`, 'content-type': 'application/json', ...init.headers } });

const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

describe('translateArkTask', () => {
  const task = (status: string, extra: Record<string, unknown> = {}) => ({ id: 'cgt-1', model: 'm', status, ...extra });
  const table: Array<[string, unknown, VideoState]> = [
    ['queued', task('queued'), { status: 'processing' }],
    ['running', task('running'), { status: 'processing' }],
    ['running (documented fields)', vendorExample('video-task.running.response.json'), { status: 'processing' }],
    [
      'succeeded (the documented example)',
      vendorExample('video-task.succeeded.response.json'),
      { status: 'completed', url: vendorExample('video-task.succeeded.response.json').content.video_url, usage: { totalTokens: 108900 } },
    ],
    ['succeeded without usage', task('succeeded', { content: { video_url: 'https://x/v.mp4' } }), { status: 'completed', url: 'https://x/v.mp4' }],
    [
      'succeeded without a video',
      task('succeeded', { content: {} }),
      { status: 'failed', reason: 'provider_error', message: 'the task succeeded without a video' },
    ],
    [
      'failed by moderation (documented codes)',
      vendorExample('video-task.failed.response.json'),
      {
        status: 'failed',
        reason: 'content_policy',
        message: 'OutputVideoSensitiveContentDetected: The request failed because the output video may contain sensitive information. Request ID: {id}',
      },
    ],
    [
      'failed by moderation (a sub-code)',
      task('failed', { error: { code: 'OutputVideoSensitiveContentDetected.PolicyViolation', message: 'copyright' } }),
      { status: 'failed', reason: 'content_policy', message: 'OutputVideoSensitiveContentDetected.PolicyViolation: copyright' },
    ],
    [
      'failed otherwise',
      task('failed', { error: { code: 'InternalServiceError', message: 'unexpected' } }),
      { status: 'failed', reason: 'provider_error', message: 'InternalServiceError: unexpected' },
    ],
    ['failed without an error', task('failed', { error: null }), { status: 'failed', reason: 'provider_error', message: 'the task failed' }],
    ['cancelled', task('cancelled'), { status: 'failed', reason: 'cancelled', message: 'the task was cancelled' }],
    ['expired', task('expired'), { status: 'failed', reason: 'provider_error', message: expect.stringContaining('expired') }],
    ['a word Ark may add later', task('paused'), { status: 'processing' }],
  ];
  it.each(table)('%s', (_, body, state) => expect(translateArkTask(body)).toEqual(state));

  it('a body that is no task is provider_error', () => {
    expect(() => translateArkTask({ error: { code: 'x' } })).toThrow(/without a task/);
  });
});

describe('Ark video adapter', () => {
  it('registers Seedance 1.0 pro (silent) and 1.5 pro (with sound) as video models, with no image part', () => {
    expect(ark.keyEnv).toBe('ARK_API_KEY');
    expect(ark.baseUrl).toBe('https://ark.cn-beijing.volces.com/api/v3');
    const pro = ark.models['doubao-seedance-1-0-pro-250528'] as VideoModelCapabilities;
    expect(pro).toMatchObject({ kind: 'video', defaultDuration: 5, resolutions: ['480p', '720p', '1080p'], audio: false, seed: true });
    expect(pro.durations).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(ark.models['doubao-seedance-1-5-pro-251215']).toMatchObject({ kind: 'video', resolutions: ['480p', '720p'], audio: true });
    const adapter = ark.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key });
    expect(Object.keys(adapter)).toEqual(['video']);
    // Ark signs no callback: the callback URL's own token is all there is.
    expect(adapter.video.verifyCallback).toBeUndefined();
  });

  it('submits the documented body, sees queued → running → succeeded, and the file is a real MP4 of the size Ark makes', async () => {
    fake.videoMs = 300;
    const id = await video.submit(call());
    expect(id).toMatch(/^cgt-\d{14}-\w{5}$/);

    const [create] = fake.calls;
    expect([create.method, create.path]).toEqual(['POST', ARK_TASKS_PATH]);
    expect(create.headers.authorization).toBe(`Bearer ${fake.key}`);
    expect(create.headers['content-type']).toBe('application/json');
    expect(create.body).toEqual({
      model: 'doubao-seedance-1-0-pro-250528',
      content: [{ type: 'text', text: 'a lighthouse at dusk, waves below' }],
      resolution: '480p',
      ratio: '16:9',
      duration: 3,
      seed: 11,
      watermark: false,
    });
    // Each field has the documented example's type (duration an integer, resolution a string like "720p", …).
    const { $source, ...documented } = vendorExample('video-create.request.json');
    expect($source).toContain('volcengine.com');
    for (const [key, value] of Object.entries(create.body as Record<string, unknown>)) {
      expect(typeof value, key).toBe(typeof documented[key]);
    }
    expect(arkCreateTaskSchema.safeParse(create.body).success).toBe(true);

    const states = await pollToEnd(video, { model: 'doubao-seedance-1-0-pro-250528', id });
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(states.slice(0, -1).every((s) => s.status === 'processing')).toBe(true);
    const done = states.at(-1)!;
    if (done.status !== 'completed') throw new Error(`ended ${JSON.stringify(done)}`);
    // 864 × 480 × 24 fps × 3 s / 1024.
    expect(done.usage).toEqual({ totalTokens: 29160 });

    const mp4 = readMp4(await download(done.url));
    const track = mp4.tracks.find((t) => t.handler === 'vide')!;
    expect([track.width, track.height]).toEqual([864, 480]);
    expect(mp4.durationSeconds).toBeCloseTo(3, 0);
    expect(mp4.tracks.some((t) => t.handler === 'soun')).toBe(false);

    // Polled with the key, by GET on the task's path.
    for (const poll of fake.calls.slice(1)) {
      expect([poll.method, poll.path]).toEqual(['GET', `${ARK_TASKS_PATH}/${id}`]);
      expect(poll.headers.authorization).toBe(`Bearer ${fake.key}`);
    }
  });

  it("the fake's task answers carry the documented fields, in order, never skipping a word", async () => {
    fake.videoMs = 0;
    const { id } = await api(ARK_TASKS_PATH, { method: 'POST', body: JSON.stringify(arkTaskBody(call())) }).then((r) => r.json());
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await api(`${ARK_TASKS_PATH}/${id}`).then((r) => r.json()));
    expect(answers.map((a) => a.status)).toEqual(['queued', 'running', 'succeeded', 'succeeded']);
    expect(keyPaths(answers[0])).toEqual(expect.arrayContaining(keyPaths(vendorExample('video-task.running.response.json'))));
    expect(keyPaths(answers[2])).toEqual(expect.arrayContaining(keyPaths(vendorExample('video-task.succeeded.response.json'))));
    expect(answers[2]).toMatchObject({ resolution: '480p', ratio: '16:9', duration: 3, seed: 11, framespersecond: 24, error: null });
    // The final answer is fixed once given: one URL.
    expect(answers[3].content.video_url).toBe(answers[2].content.video_url);

    const gone = await api(`${ARK_TASKS_PATH}/cgt-nope`);
    expect(gone.status).toBe(404);
  });

  it('asks Seedance 1.5 pro for sound, or tells it not to make any (it does by default); 1.0 gets no generate_audio', async () => {
    fake.videoMs = 200;
    const loud = call({ model: 'doubao-seedance-1-5-pro-251215', duration: 4, aspectRatio: '9:16', audio: true, seed: undefined });
    const id = await video.submit(loud);
    expect(fake.calls[0].body).toEqual({
      model: 'doubao-seedance-1-5-pro-251215',
      content: [{ type: 'text', text: loud.prompt }],
      resolution: '480p',
      ratio: '9:16',
      duration: 4,
      watermark: false,
      generate_audio: true,
    });
    const done = (await pollToEnd(video, { model: loud.model, id })).at(-1)!;
    if (done.status !== 'completed') throw new Error(`ended ${JSON.stringify(done)}`);
    const mp4 = readMp4(await download(done.url));
    const track = mp4.tracks.find((t) => t.handler === 'vide')!;
    // Seedance 1.5 pro's own table: 480p 9:16 is 496 × 864.
    expect([track.width, track.height]).toEqual([496, 864]);
    expect(mp4.tracks.some((t) => t.handler === 'soun')).toBe(true);
    expect(done.usage).toEqual({ totalTokens: (496 * 864 * 24 * 4) / 1024 });

    expect(arkTaskBody(call({ model: 'doubao-seedance-1-5-pro-251215', audio: false }))).toMatchObject({ generate_audio: false });
    expect(arkTaskBody(call())).not.toHaveProperty('generate_audio');
  });

  it("sends a seed in Ark's range only when there is one", () => {
    expect(arkTaskBody(call({ seed: 2 ** 32 - 1 }))).toMatchObject({ seed: 4_294_967_295 });
    expect(arkTaskBody(call({ seed: undefined }))).not.toHaveProperty('seed');
  });

  it("the schema accepts every documented request example, and the fake refuses a malformed body with a 400 in Ark's words", async () => {
    const requests = readdirSync(EXAMPLES).filter((f) => f.endsWith('.request.json'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const file of requests) {
      const { $source, ...body } = vendorExample(file);
      expect($source).toMatch(/volcengine\.com|byteplus\.com/);
      expect(arkCreateTaskSchema.safeParse(body).success, file).toBe(true);
    }
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'))) expect(vendorExample(file).$source, file).toBeTruthy();

    const bad = await api(ARK_TASKS_PATH, { method: 'POST', body: JSON.stringify({ model: 'doubao-seedance-1-0-pro-250528', content: [], duration: '5' }) });
    expect(bad.status).toBe(400);
    const json = await bad.json();
    expect(keyPaths(json)).toEqual(keyPaths(vendorExample('video-error.authentication.response.json')));
    expect(json.error).toMatchObject({ code: 'InvalidParameter', type: 'BadRequest' });

    // What a model does not take is refused too (1080p and generate_audio are not Seedance 1.5 pro's / 1.0's).
    for (const body of [
      arkTaskBody(call({ model: 'doubao-seedance-1-5-pro-251215', resolution: '1080p', duration: 5 })),
      { ...arkTaskBody(call()), generate_audio: true },
    ]) {
      const res = await api(ARK_TASKS_PATH, { method: 'POST', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
    }
    const unknown = await api(ARK_TASKS_PATH, { method: 'POST', body: JSON.stringify(arkTaskBody(call({ model: 'doubao-seedance-9' }))) });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('InvalidEndpointOrModel.NotFound');
  });

  it("a moderated task is content_policy with Ark's code; a task that fails otherwise is provider_error", async () => {
    fake.videoMs = 100;
    fake.faults.push({ kind: 'content_policy' });
    const refused = (await pollToEnd(video, { model: 'm', id: await video.submit(call()) })).at(-1)!;
    expect(refused).toMatchObject({ status: 'failed', reason: 'content_policy', message: expect.stringContaining('OutputVideoSensitiveContentDetected') });

    fake.faults.push({ kind: 'task_failed' });
    const broken = (await pollToEnd(video, { model: 'm', id: await video.submit(call()) })).at(-1)!;
    expect(broken).toMatchObject({ status: 'failed', reason: 'provider_error', message: expect.stringContaining('InternalServiceError') });
  });

  it('a prompt refused at once (400 InputTextSensitiveContentDetected) is content_policy', async () => {
    const refusing = await startFake('ark', '/api/v3', (ctx) => ctx.json(400, vendorExample('video-error.input-text-sensitive.response.json')));
    try {
      const error = await failure(ark.adapter({ baseUrl: refusing.baseUrl, apiKey: 'k' }).video.submit(call()));
      expect(error.reason).toBe('content_policy');
      expect(error.message).toContain('InputTextSensitiveContentDetected');
    } finally {
      await refusing.close();
    }
  });

  it('a wrong key is provider_auth, and no message holds a key', async () => {
    const wrongKey = 'ark-wrong-0123456789abcdef';
    const wrong = ark.adapter({ baseUrl: fake.baseUrl, apiKey: wrongKey }).video;
    const error = await failure(wrong.submit(call()));
    expect(error.reason).toBe('provider_auth');
    expect(error.message).toContain('AuthenticationError');
    expect(error.message).not.toContain(wrongKey);
    const polled = await failure(wrong.poll({ model: 'm', id: 'cgt-1' }, AbortSignal.timeout(5_000)));
    expect(polled.reason).toBe('provider_auth');

    fake.faults.push({ kind: 'auth' });
    const revoked = await failure(video.submit(call()));
    expect(revoked.reason).toBe('provider_auth');
    expect(revoked.message).not.toContain(fake.key);

    // Even an answer that echoes the key loses it, on a thrown failure and on a failed task's message.
    const echo = await startFake('ark', '/api/v3', (ctx) =>
      ctx.req.method === 'POST'
        ? ctx.json(401, { error: { code: 'AuthenticationError', message: `bad key ${ctx.req.headers.authorization}` } })
        : ctx.json(200, { id: 'cgt-1', status: 'failed', error: { code: 'InternalServiceError', message: `for ${ctx.req.headers.authorization}` } }),
    );
    try {
      const echoing = ark.adapter({ baseUrl: echo.baseUrl, apiKey: wrongKey }).video;
      const echoed = await failure(echoing.submit(call()));
      expect(echoed.message).toContain('bad key Bearer [redacted]');
      const state = await echoing.poll({ model: 'm', id: 'cgt-1' }, AbortSignal.timeout(5_000));
      expect(state).toMatchObject({ status: 'failed', message: 'InternalServiceError: for Bearer [redacted]' });
    } finally {
      await echo.close();
    }
  });

  it('a 429 is rate_limited with the Retry-After; a 500 is provider_error', async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 7 });
    const limited = await failure(video.submit(call()));
    expect(limited.reason).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(7);
    expect(limited.message).toContain('RateLimitExceeded.EndpointRPMExceeded');

    fake.faults.push({ kind: 'server_error' });
    const broken = await failure(video.submit(call()));
    expect(broken.reason).toBe('provider_error');
    expect(broken.message).toContain('500');
    expect(broken.message).toContain('InternalServiceError');
  });

  it('an aborted signal is timeout', async () => {
    const slow = await startFake('ark', '/api/v3', async (ctx) => {
      await sleep(2_000);
      ctx.json(200, { id: 'cgt-1' });
    });
    try {
      const error = await failure(ark.adapter({ baseUrl: slow.baseUrl, apiKey: 'k' }).video.submit(call({ signal: AbortSignal.timeout(200) })));
      expect(error.reason).toBe('timeout');
    } finally {
      await slow.close();
    }
  });

  it('calls the callback URL with the task as GET shows it on each change, ending succeeded; none without a URL', async () => {
    fake.videoMs = 150;
    const id = await video.submit(call({ callbackUrl: catcher.url('/hooks/ark?token=t1') }));
    expect((fake.calls[0].body as Record<string, unknown>).callback_url).toBe(catcher.url('/hooks/ark?token=t1'));
    const deadline = Date.now() + 10_000;
    while (!catcher.received.some((c) => JSON.parse(c.body).status === 'succeeded') && Date.now() < deadline) await sleep(50);
    const bodies = catcher.received.map((c) => JSON.parse(c.body));
    expect(bodies.map((b) => b.status)).toEqual(['queued', 'running', 'succeeded']);
    expect(catcher.received.every((c) => c.path === '/hooks/ark?token=t1' && c.headers.get('content-type') === 'application/json')).toBe(true);
    const last = bodies.at(-1);
    expect(last.id).toBe(id);
    expect(keyPaths(last)).toEqual(expect.arrayContaining(keyPaths(vendorExample('video-task.succeeded.response.json'))));
    // The callback's body translates as a poll's does.
    expect(translateArkTask(last)).toMatchObject({ status: 'completed', usage: { totalTokens: 29160 } });

    const quiet = await video.submit(call());
    expect(fake.calls.at(-1)!.body).not.toHaveProperty('callback_url');
    await pollToEnd(video, { model: 'm', id: quiet });
    await sleep(100);
    expect(fake.sentCallbacks.filter((c) => (c.body as { id: string }).id === quiet)).toEqual([]);
    expect(catcher.received.filter((c) => JSON.parse(c.body).id === quiet)).toEqual([]);
  });

  it('cancels a queued task (then cancelled); a running one cannot be (an error, it runs on); a finished one is deleted', async () => {
    fake.videoMs = 3_000;
    const queued = await video.submit(call());
    await video.cancel!({ model: 'm', id: queued }, AbortSignal.timeout(5_000));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `${ARK_TASKS_PATH}/${queued}` });
    expect(await video.poll({ model: 'm', id: queued }, AbortSignal.timeout(5_000))).toEqual({
      status: 'failed',
      reason: 'cancelled',
      message: 'the task was cancelled',
    });

    // Running from a third of videoMs until its end.
    fake.videoMs = 1_500;
    const running = await video.submit(call());
    await sleep(700);
    const refused = await failure(video.cancel!({ model: 'm', id: running }, AbortSignal.timeout(5_000)));
    expect(refused.reason).toBe('provider_error');
    expect(refused.message).toContain('OperationDenied.InvalidState');
    const end = (await pollToEnd(video, { model: 'm', id: running })).at(-1)!;
    expect(end.status).toBe('completed');

    await video.cancel!({ model: 'm', id: running }, AbortSignal.timeout(5_000));
    const gone = await failure(video.poll({ model: 'm', id: running }, AbortSignal.timeout(5_000)));
    expect(gone.reason).toBe('provider_error');
    expect(gone.message).toContain('404');
  });
});

/** Every key path of a JSON value (array items as `[]`), without the example's own `$source`: the shape of an answer. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.slice(0, 1).flatMap((v) => keyPaths(v, `${prefix}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([key]) => key !== '$source')
    .flatMap(([key, v]) => [`${prefix}.${key}`, ...keyPaths(v, `${prefix}.${key}`)]);
}
