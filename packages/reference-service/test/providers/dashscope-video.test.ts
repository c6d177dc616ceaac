import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dashscope, translateDashScopeTask } from '../../src/providers/dashscope';
import type { VideoAdapter, VideoCall, VideoModelCapabilities, VideoState } from '../../src/providers/types';
import { readMp4 } from '../../src/testing/mp4';
import { dashscopeVideoSchema, startDashScopeFake, VIDEO_SYNTHESIS_PATH } from '../../src/testing/provider-fakes/dashscope';
import { callbackCatcherForFile, example, failure, fakeForFile, pollToEnd } from './support';

// DashScope's Wan text-to-video against its fake, in process: the request as the reference documents it,
// every task status word, the MP4 made at the size and length asked, each failure in row 19's terms,
// cancelling a queued task, and no callbacks (DashScope takes no callback URL per request).

const EXAMPLES = new URL('../../src/testing/provider-fakes/examples/dashscope/', import.meta.url);
const vendorExample = (file: string) => example('dashscope', file);

const fake = fakeForFile(startDashScopeFake);
const catcher = callbackCatcherForFile();
let video: VideoAdapter;
beforeAll(() => void (video = dashscope.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key }).video!));
// Short tasks: a poll every 100 ms sees PENDING, then RUNNING, then the end.
beforeEach(() => void (fake.videoMs = 200));

const call = (over: Partial<VideoCall> = {}): VideoCall => ({
  model: 'wan2.5-t2v-preview',
  prompt: 'a lighthouse at dusk, waves below',
  duration: 5,
  resolution: '480p',
  aspectRatio: '16:9',
  audio: true,
  seed: 2 ** 31 + 5,
  callbackUrl: undefined,
  signal: AbortSignal.timeout(20_000),
  ...over,
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${fake.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${fake.key}`, 'content-type': 'application/json', ...init.headers } });

const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

describe('translateDashScopeTask', () => {
  const DOCUMENTED = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELED', 'UNKNOWN'];
  const task = (output: object, usage?: object) => ({ request_id: 'r', output: { task_id: 't-1', ...output }, ...(usage ? { usage } : {}) });
  // The documented bodies as they are (their `$source` is one more field the translation ignores).
  const succeeded = vendorExample('video-task.succeeded.response.json');
  const succeededWan22 = vendorExample('video-task.succeeded-wan2.2.response.json');
  const failedExample = vendorExample('video-task.failed.response.json');
  const unknownExample = vendorExample('video-task.unknown.response.json');

  const table: Array<[string, unknown, VideoState]> = [
    ['PENDING', task({ task_status: 'PENDING' }), { status: 'processing' }],
    ['RUNNING', task({ task_status: 'RUNNING' }), { status: 'processing' }],
    [
      'SUCCEEDED (documented wan2.5 answer)',
      succeeded,
      { status: 'completed', url: 'https://dashscope-result-bj.oss-accelerate.aliyuncs.com/xxx.mp4?Expires=xxx', usage: { videoSeconds: 10 } },
    ],
    [
      'SUCCEEDED (documented wan2.2 answer)',
      succeededWan22,
      { status: 'completed', url: 'https://dashscope-result-wlcb.oss-cn-wulanchabu.aliyuncs.com/xxx.mp4?xxxxx', usage: { videoSeconds: 5 } },
    ],
    ['SUCCEEDED without usage', task({ task_status: 'SUCCEEDED', video_url: 'https://x/v.mp4' }), { status: 'completed', url: 'https://x/v.mp4' }],
    [
      'SUCCEEDED without a video',
      task({ task_status: 'SUCCEEDED' }, { video_duration: 5 }),
      { status: 'failed', reason: 'provider_error', message: 'DashScope finished the task without a video.' },
    ],
    [
      'FAILED (documented answer)',
      failedExample,
      { status: 'failed', reason: 'provider_error', message: 'DashScope failed the task: InvalidParameter: The size is not match xxxxxx' },
    ],
    [
      'FAILED by content inspection',
      task({ task_status: 'FAILED', code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' }),
      { status: 'failed', reason: 'content_policy', message: 'DataInspectionFailed: Output data may contain inappropriate content.' },
    ],
    [
      'FAILED as suspected IP infringement',
      task({ task_status: 'FAILED', code: 'IPInfringementSuspect', message: 'Input data is suspected of being involved in IP infringement.' }),
      { status: 'failed', reason: 'content_policy', message: 'IPInfringementSuspect: Input data is suspected of being involved in IP infringement.' },
    ],
    ['CANCELED', task({ task_status: 'CANCELED' }), { status: 'failed', reason: 'cancelled', message: 'The task was cancelled at DashScope.' }],
    [
      'UNKNOWN (documented answer: expired)',
      unknownExample,
      { status: 'failed', reason: 'provider_error', message: 'DashScope does not know task 502a00b1-19d9-4839-a82f-xxxxxx (tasks are kept 24 h).' },
    ],
    ['a word it does not document', task({ task_status: 'SUSPENDED' }), { status: 'processing' }],
    ['no status at all', { request_id: 'r' }, { status: 'processing' }],
    ['not an object', 'gateway timeout', { status: 'processing' }],
  ];

  it.each(table)('%s', (_, body, expected) => expect(translateDashScopeTask(body)).toEqual(expected));

  it('covers every status word the reference documents', () => {
    const words = new Set(table.map(([, body]) => (body as { output?: { task_status?: string } })?.output?.task_status));
    for (const word of DOCUMENTED) expect(words, word).toContain(word);
  });
});

describe('DashScope video adapter', () => {
  it('submits the documented request, polls PENDING → RUNNING → SUCCEEDED, and the file is a real MP4 of the size and length asked', async () => {
    const id = await video.submit(call());

    const [create] = fake.calls;
    expect(create.method).toBe('POST');
    expect(create.path).toBe(VIDEO_SYNTHESIS_PATH);
    expect(create.headers['x-dashscope-async']).toBe('enable');
    expect(create.headers.authorization).toBe(`Bearer ${fake.key}`);
    // The seed folded into DashScope's [0, 2^31 − 1]; `audio` said to a model that makes sound.
    expect(create.body).toEqual({
      model: 'wan2.5-t2v-preview',
      input: { prompt: 'a lighthouse at dusk, waves below' },
      parameters: { size: '832*480', duration: 5, seed: 5, audio: true },
    });
    // The same types as the documented example: size a W*H string, duration an integer.
    const documented = vendorExample('video-synthesis.request.wan2.5-t2v-preview.json');
    const sent = create.body as { parameters: { size: unknown; duration: unknown } };
    expect(typeof sent.parameters.size).toBe(typeof documented.parameters.size);
    expect(sent.parameters.size).toMatch(/^\d+\*\d+$/);
    expect(Number.isInteger(sent.parameters.duration)).toBe(Number.isInteger(documented.parameters.duration));
    expect(dashscopeVideoSchema.safeParse(create.body).success).toBe(true);

    const states = await pollToEnd(video, { model: 'wan2.5-t2v-preview', id });
    const end = states.at(-1)!;
    expect(states.slice(0, -1).every((s) => s.status === 'processing')).toBe(true);
    expect(states.length).toBeGreaterThanOrEqual(3);
    expect(end).toMatchObject({ status: 'completed', usage: { videoSeconds: 5 } });

    // One HTTP call a poll (the order of DashScope's words is the next test's).
    expect(fake.calls.filter((c) => c.method === 'GET')).toHaveLength(states.length);

    const mp4 = readMp4(await download((end as { url: string }).url));
    const picture = mp4.tracks.find((t) => t.handler === 'vide')!;
    expect([picture.width, picture.height]).toEqual([832, 480]);
    expect(mp4.durationSeconds).toBeCloseTo(5, 0);
    expect(mp4.tracks.some((t) => t.handler === 'soun')).toBe(true);
  });

  it('asks wan2.2-t2v-plus for a silent video at its size, with no seed when the call has none', async () => {
    const id = await video.submit(call({ model: 'wan2.2-t2v-plus', aspectRatio: '9:16', audio: false, seed: undefined }));
    expect(fake.calls[0].body).toEqual({
      model: 'wan2.2-t2v-plus',
      input: { prompt: 'a lighthouse at dusk, waves below' },
      parameters: { size: '480*832', duration: 5 },
    });

    const end = (await pollToEnd(video, { model: 'wan2.2-t2v-plus', id })).at(-1)!;
    expect(end).toMatchObject({ status: 'completed', usage: { videoSeconds: 5 } });
    const mp4 = readMp4(await download((end as { url: string }).url));
    expect(mp4.tracks.map((t) => [t.handler, t.width, t.height])).toEqual([['vide', 480, 832]]);
    expect(mp4.durationSeconds).toBeCloseTo(5, 0);
  });

  it('sends each tier and ratio as its documented W*H size, and the duration as an integer', async () => {
    const sizes: Record<string, string> = {
      '480p 16:9': '832*480',
      '480p 9:16': '480*832',
      '480p 1:1': '624*624',
      '720p 16:9': '1280*720',
      '720p 9:16': '720*1280',
      '720p 1:1': '960*960',
      '1080p 16:9': '1920*1080',
      '1080p 9:16': '1080*1920',
      '1080p 1:1': '1440*1440',
    };
    for (const [shape, size] of Object.entries(sizes)) {
      const [resolution, aspectRatio] = shape.split(' ') as [VideoCall['resolution'], VideoCall['aspectRatio']];
      fake.calls.length = 0;
      await video.submit(call({ resolution, aspectRatio, duration: 10 }));
      expect((fake.calls[0].body as { parameters: unknown }).parameters, shape).toMatchObject({ size, duration: 10 });
    }
  });

  it('registers its video models with their documented capabilities', () => {
    expect(dashscope.models['wan2.5-t2v-preview']).toEqual({
      kind: 'video',
      durations: [5, 10],
      defaultDuration: 5,
      resolutions: ['480p', '720p', '1080p'],
      aspectRatios: ['16:9', '9:16', '1:1'],
      audio: true,
      seed: true,
    } satisfies VideoModelCapabilities);
    expect(dashscope.models['wan2.2-t2v-plus']).toMatchObject({ durations: [5], defaultDuration: 5, resolutions: ['480p', '1080p'], audio: false });
    expect(video.verifyCallback).toBeUndefined();
  });

  it("the fake's answers carry the documented fields, in the documented order of states", async () => {
    const created = await api(VIDEO_SYNTHESIS_PATH, {
      method: 'POST',
      headers: { 'x-dashscope-async': 'enable' },
      body: JSON.stringify({ model: 'wan2.5-t2v-preview', input: { prompt: 'a flower shop' }, parameters: { size: '624*624', duration: 5 } }),
    }).then((r) => r.json());
    expect(keyPaths(created)).toEqual(expect.arrayContaining(keyPaths(vendorExample('video-synthesis.response.json'))));

    const statuses: string[] = [];
    let last: any;
    for (let i = 0; i < 40 && last?.output?.task_status !== 'SUCCEEDED'; i++) {
      last = await api(`/api/v1/tasks/${created.output.task_id}`).then((r) => r.json());
      if (statuses.at(-1) !== last.output.task_status) statuses.push(last.output.task_status);
      await sleep(60);
    }
    expect(statuses).toEqual(['PENDING', 'RUNNING', 'SUCCEEDED']);
    expect(keyPaths(last)).toEqual(expect.arrayContaining(keyPaths(vendorExample('video-task.succeeded.response.json'))));
    expect(last.usage).toEqual({ video_count: 1, video_duration: 5, video_ratio: '624*624' });

    const unknown = await api('/api/v1/tasks/no-such-task').then((r) => r.json());
    expect(keyPaths(unknown)).toEqual(keyPaths(vendorExample('video-task.unknown.response.json')));
  });

  it('the request schema accepts the documented requests; the fake refuses a malformed body, a missing async header and a size the model lacks', async () => {
    const requests = readdirSync(EXAMPLES).filter((f) => f.startsWith('video-synthesis.request.'));
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const file of requests) {
      const { $source, ...body } = vendorExample(file);
      expect($source).toMatch(/aliyun\.com|alibabacloud\.com/);
      expect(dashscopeVideoSchema.safeParse(body).success, file).toBe(true);
    }
    for (const file of readdirSync(EXAMPLES).filter((f) => f.startsWith('video-'))) expect(vendorExample(file).$source, file).toBeTruthy();

    const post = (body: unknown, headers: Record<string, string> = { 'x-dashscope-async': 'enable' }) =>
      api(VIDEO_SYNTHESIS_PATH, { method: 'POST', headers, body: JSON.stringify(body) });
    const malformed = await post({ model: 'wan2.5-t2v-preview', input: { prompt: 'x' }, parameters: { duration: '5' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).code).toBe('InvalidParameter');

    const sync = await post({ model: 'wan2.5-t2v-preview', input: { prompt: 'x' } }, {});
    expect(sync.status).toBe(403);
    expect(await sync.json()).toMatchObject({ code: 'AccessDenied', message: 'current user api does not support synchronous calls' });

    // wan2.2-t2v-plus has no 720p tier: DashScope fails the task.
    const { output } = await post({ model: 'wan2.2-t2v-plus', input: { prompt: 'x' }, parameters: { size: '1280*720' } }).then((r) => r.json());
    const state = await video.poll({ model: 'wan2.2-t2v-plus', id: output.task_id }, AbortSignal.timeout(5_000));
    expect(state).toMatchObject({ status: 'failed', reason: 'provider_error' });
    expect((state as { message: string }).message).toContain('InvalidParameter: The size is not match');
  });

  it("a content refusal is a FAILED task: content_policy with DashScope's code", async () => {
    fake.faults.push({ kind: 'content_policy' });
    const id = await video.submit(call());
    const end = (await pollToEnd(video, { model: 'wan2.5-t2v-preview', id })).at(-1);
    expect(end).toEqual({ status: 'failed', reason: 'content_policy', message: 'DataInspectionFailed: Output data may contain inappropriate content.' });
  });

  it("a task that fails for its own reason is provider_error with DashScope's words", async () => {
    fake.faults.push({ kind: 'task_failed' });
    const id = await video.submit(call());
    const end = (await pollToEnd(video, { model: 'wan2.5-t2v-preview', id })).at(-1)!;
    expect(end).toMatchObject({ status: 'failed', reason: 'provider_error' });
    expect((end as { message: string }).message).toContain('InternalError: An internal error has occured');
  });

  it('a task DashScope does not know (or no longer keeps) ends failed, not processing for ever', async () => {
    const state = await video.poll({ model: 'wan2.5-t2v-preview', id: 'gone-1' }, AbortSignal.timeout(5_000));
    expect(state).toEqual({ status: 'failed', reason: 'provider_error', message: 'DashScope does not know task gone-1 (tasks are kept 24 h).' });
  });

  it('a wrong or revoked key is provider_auth, and no message holds the key', async () => {
    const wrongKey = 'sk-wrong-0123456789abcdef';
    const wrong = dashscope.adapter({ baseUrl: fake.baseUrl, apiKey: wrongKey }).video!;
    const refused = await failure(wrong.submit(call()));
    expect(refused.reason).toBe('provider_auth');
    expect(refused.message).toContain('InvalidApiKey');
    expect(refused.message).not.toContain(wrongKey);
    const polled = await failure(wrong.poll({ model: 'wan2.5-t2v-preview', id: 'x' }, AbortSignal.timeout(5_000)));
    expect(polled.reason).toBe('provider_auth');

    fake.faults.push({ kind: 'auth' });
    const revoked = await failure(video.submit(call()));
    expect(revoked.reason).toBe('provider_auth');
    expect(revoked.message).not.toContain(fake.key);
  });

  it("a 429 is rate_limited with DashScope's Retry-After; a 5xx is provider_error", async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 7 });
    const limited = await failure(video.submit(call()));
    expect(limited.reason).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(7);
    expect(limited.message).toContain('Throttling.RateQuota');

    fake.faults.push({ kind: 'server_error' });
    const broken = await failure(video.submit(call()));
    expect(broken.reason).toBe('provider_error');
    expect(broken.message).toContain('500');
  });

  it('an aborted poll is timeout', async () => {
    const id = await video.submit(call());
    const error = await failure(video.poll({ model: 'wan2.5-t2v-preview', id }, AbortSignal.abort()));
    expect(error.reason).toBe('timeout');
  });

  it('cancels a queued task (it then reads as cancelled), and a running one is refused', async () => {
    fake.videoMs = 10_000;
    const id = await video.submit(call());
    await video.cancel!({ model: 'wan2.5-t2v-preview', id }, AbortSignal.timeout(5_000));
    const cancel = fake.calls.at(-1)!;
    expect([cancel.method, cancel.path]).toEqual(['POST', `/api/v1/tasks/${id}/cancel`]);
    expect(cancel.headers.authorization).toBe(`Bearer ${fake.key}`);
    expect(await video.poll({ model: 'wan2.5-t2v-preview', id }, AbortSignal.timeout(5_000))).toEqual({
      status: 'failed',
      reason: 'cancelled',
      message: 'The task was cancelled at DashScope.',
    });

    // Past its first quarter and seen queued once, the next poll finds it RUNNING: too late to cancel.
    fake.videoMs = 200;
    const running = await video.submit(call());
    await video.poll({ model: 'wan2.5-t2v-preview', id: running }, AbortSignal.timeout(5_000));
    await sleep(80);
    await video.poll({ model: 'wan2.5-t2v-preview', id: running }, AbortSignal.timeout(5_000));
    const refused = await failure(video.cancel!({ model: 'wan2.5-t2v-preview', id: running }, AbortSignal.timeout(5_000)));
    expect(refused.reason).toBe('provider_error');
    expect(refused.message).toContain(vendorExample('video-task.cancel-refused.response.json').message);
  });

  it('sends no callback (DashScope takes none per request), and none arrives when the task ends', async () => {
    const id = await video.submit(call({ callbackUrl: catcher.url('/hooks/dashscope') }));
    expect(JSON.stringify(fake.calls[0].body)).not.toContain('/hooks/');
    expect((await pollToEnd(video, { model: 'wan2.5-t2v-preview', id })).at(-1)!.status).toBe('completed');
    await sleep(100);
    expect(fake.sentCallbacks).toEqual([]);
    expect(catcher.received).toEqual([]);
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
