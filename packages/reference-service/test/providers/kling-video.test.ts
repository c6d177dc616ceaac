import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { kling, klingToken, translateKlingTask } from '../../src/providers/kling';
import type { VideoAdapter, VideoCall, VideoModelCapabilities } from '../../src/providers/types';
import { readMp4 } from '../../src/testing/mp4';
import { startFake } from '../../src/testing/provider-fakes/harness';
import {
  KLING_GENERIC_FAILURE_MESSAGE,
  KLING_RISK_CONTROL_MESSAGE,
  KLING_TEXT2VIDEO_PATH,
  klingText2VideoSchema,
  startKlingFake,
} from '../../src/testing/provider-fakes/kling';
import { callbackCatcherForFile, example, failure, fakeForFile, pollToEnd } from './support';

// The Kling adapter's video part against its fake, in process: the JWT both ways, the wire format
// against Kling's documented bodies, the task's life across polls and its callback, the file at the
// URL, and each failure in decisions.md row 19's terms (the outer "SUCCEED" of a failed task included).

const EXAMPLES = new URL('../../src/testing/provider-fakes/examples/kling/', import.meta.url);
const vendorExample = (file: string) => example('kling', file);

const fake = fakeForFile(startKlingFake);
const catcher = callbackCatcherForFile();
let video: VideoAdapter;
beforeAll(() => void (video = kling.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key, secret: fake.secret }).video));
afterEach(() => void vi.useRealTimers());

const call = (over: Partial<VideoCall> = {}): VideoCall => ({
  model: 'kling-v2-1-master',
  prompt: 'a red fox trotting through fresh snow at dawn',
  duration: 5,
  resolution: '1080p',
  aspectRatio: '16:9',
  audio: false,
  seed: undefined,
  callbackUrl: undefined,
  signal: AbortSignal.timeout(20_000),
  ...over,
});
const ref = (id: string, model = 'kling-v2-1-master') => ({ model, id });

/** A JWT as a test forges it (apart from the adapter's signer): claims and secret of its choosing. */
function forge(claims: Record<string, unknown>, secret = fake.secret!, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${part(header)}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);
const validToken = () => forge({ iss: fake.key, exp: now() + 1800, nbf: now() - 5 });
const api = (path: string, init: RequestInit = {}, token = validToken()) =>
  fetch(`${fake.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
const claimsOf = (authorization: unknown) => JSON.parse(Buffer.from(String(authorization).split(' ')[1].split('.')[1], 'base64url').toString());

/** Reads a raw task until it ends, recording Kling's own status words. */
async function rawStatuses(id: string): Promise<{ words: string[]; last: any }> {
  const words: string[] = [];
  for (;;) {
    const last = await api(`${KLING_TEXT2VIDEO_PATH}/${id}`).then((r) => r.json());
    if (words.at(-1) !== last.data.task_status) words.push(last.data.task_status);
    if (last.data.task_status === 'succeed' || last.data.task_status === 'failed') return { words, last };
    await sleep(50);
  }
}

describe('Kling video: translateKlingTask', () => {
  const failedWith = (msg: string) => ({ task_id: '1', task_status: 'failed', task_status_msg: msg, task_result: {} });
  it.each([
    ['submitted', { task_id: '1', task_status: 'submitted' }, { status: 'processing' }],
    ['processing', { task_id: '1', task_status: 'processing', task_status_msg: '' }, { status: 'processing' }],
    [
      'succeed',
      { task_id: '1', task_status: 'succeed', task_result: { videos: [{ id: 'v', url: 'https://x/y.mp4', duration: '5.1' }] } },
      { status: 'completed', url: 'https://x/y.mp4' },
    ],
    ['failed (a generic reason)', failedWith('Image pixel is invalid'), { status: 'failed', reason: 'provider_error', message: 'Image pixel is invalid' }],
    ['failed (risk control)', failedWith(KLING_RISK_CONTROL_MESSAGE), { status: 'failed', reason: 'content_policy', message: KLING_RISK_CONTROL_MESSAGE }],
    ['failed (no reason given)', { task_status: 'failed', task_status_msg: '' }, { status: 'failed', reason: 'provider_error', message: 'the task failed' }],
    [
      'succeed without a video',
      { task_status: 'succeed', task_result: {} },
      { status: 'failed', reason: 'provider_error', message: 'the task succeeded without a video' },
    ],
    ['an unknown word', { task_status: 'queueing' }, { status: 'processing' }],
    ['no task at all', undefined, { status: 'processing' }],
  ])('%s', (_, task, state) => expect(translateKlingTask(task)).toEqual(state));

  it("reads the documented bodies: a failed task whose outer message is SUCCEED is failed, in Kling's words", () => {
    const failed = vendorExample('video-task.failed.response.json');
    expect(failed.message).toBe('SUCCEED');
    expect(translateKlingTask(failed.data)).toEqual({ status: 'failed', reason: 'provider_error', message: 'Image pixel is invalid' });

    const risk = vendorExample('video-task.risk-control.response.json');
    expect(risk.message).toBe('SUCCEED');
    expect(translateKlingTask(risk.data)).toEqual({ status: 'failed', reason: 'content_policy', message: 'Failure to pass the risk control system' });

    const done = vendorExample('video-task.succeed.response.json');
    expect(translateKlingTask(done.data)).toEqual({ status: 'completed', url: done.data.task_result.videos[0].url });
    // A callback's body is the task itself.
    const { $source, ...callback } = vendorExample('video-callback.succeed.json');
    expect($source).toBeTruthy();
    expect(translateKlingTask(callback)).toEqual({ status: 'completed', url: callback.task_result.videos[0].url });
    expect(translateKlingTask(vendorExample('video-text2video.response.json').data)).toEqual({ status: 'processing' });
  });
});

describe('Kling video adapter', () => {
  it('registers kling-v2-1-master: 5 or 10 s, 1080p (pro only), three ratios, no sound, no seed; the key pair from two variables', () => {
    expect(kling.baseUrl).toBe('https://api-beijing.klingai.com');
    expect([kling.keyEnv, kling.secretEnv]).toEqual(['KLING_ACCESS_KEY', 'KLING_SECRET_KEY']);
    expect(kling.models['kling-v2-1-master']).toEqual({
      kind: 'video',
      durations: [5, 10],
      defaultDuration: 5,
      resolutions: ['1080p'],
      aspectRatios: ['16:9', '9:16', '1:1'],
      audio: false,
      seed: false,
    } satisfies VideoModelCapabilities);
    const adapter = kling.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key, secret: fake.secret });
    expect(Object.keys(adapter)).toEqual(['video']);
    // Kling documents no cancel and signs no callback.
    expect(adapter.video.cancel).toBeUndefined();
    expect(adapter.video.verifyCallback).toBeUndefined();
  });

  it('submits, polls to completed, and the URL holds a real 1920x1080 MP4 of 5 s', async () => {
    const id = await video.submit(call());
    const states = await pollToEnd(video, ref(id));
    const last = states.at(-1)!;
    expect(last.status).toBe('completed');
    expect(states.slice(0, -1).every((s) => s.status === 'processing')).toBe(true);
    expect(states.length).toBeGreaterThanOrEqual(3);
    // Kling reports no billed figure (it bills units per clip): the price table stands.
    expect(last).toEqual({ status: 'completed', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/__files\/\w+\.mp4$/) });

    const file = Buffer.from(await (await fetch((last as { url: string }).url)).arrayBuffer());
    const mp4 = readMp4(file);
    const track = mp4.tracks.find((t) => t.handler === 'vide')!;
    expect([track.width, track.height]).toEqual([1920, 1080]);
    expect(mp4.durationSeconds).toBeCloseTo(5, 0);
    expect(mp4.tracks.some((t) => t.handler === 'soun')).toBe(false);

    // The request: Kling's documented shape, types as documented (duration a string), no callback_url.
    const [create, ...polls] = fake.calls;
    expect([create.method, create.path]).toEqual(['POST', KLING_TEXT2VIDEO_PATH]);
    expect(create.headers['content-type']).toBe('application/json');
    const body = create.body as Record<string, unknown>;
    expect(body).toEqual({ model_name: 'kling-v2-1-master', prompt: call().prompt, mode: 'pro', aspect_ratio: '16:9', duration: '5' });
    const { $source, ...documented } = vendorExample('video-text2video.request.json');
    expect($source).toMatch(/klingai\.com/);
    for (const [key, value] of Object.entries(body)) expect(typeof value, key).toBe(typeof documented[key]);
    expect(klingText2VideoSchema.safeParse(body).success).toBe(true);
    for (const poll of polls) {
      expect([poll.method, poll.path]).toEqual(['GET', `${KLING_TEXT2VIDEO_PATH}/${id}`]);
      expect(poll.headers.authorization).toBe(create.headers.authorization);
    }
  });

  it('signs its calls with a JWT as Kling documents it, and keeps it until shortly before it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const adapter = kling.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key, secret: fake.secret }).video;
    await adapter.submit(call());
    await adapter.submit(call());
    const [first, second] = fake.calls.map((c) => String(c.headers.authorization));
    expect(first).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(second).toBe(first);

    const [header, claims] = first
      .split(' ')[1]
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims.iss).toBe(fake.key);
    expect(claims.exp - now()).toBeGreaterThan(1790);
    expect(claims.exp - now()).toBeLessThanOrEqual(1800);
    expect(now() - claims.nbf).toBeGreaterThanOrEqual(5);
    // The same token as a signer of the test's own makes: HMAC-SHA256 with the secret key.
    expect(first.split(' ')[1]).toBe(forge({ iss: fake.key, exp: claims.exp, nbf: claims.nbf }));
    expect(klingToken(fake.key, fake.secret!, claims.nbf + 5)).toBe(first.split(' ')[1]);

    // 26 minutes on, 4 before it expires: a fresh one.
    vi.setSystemTime(Date.now() + 26 * 60_000);
    await adapter.submit(call());
    const third = String(fake.calls[2].headers.authorization);
    expect(third).not.toBe(first);
    expect(claimsOf(third).exp).toBeGreaterThan(claims.exp + 1500);
  });

  it('translates 720p to std mode and the aspect ratio as is: a 720x720 MP4 for 1:1', async () => {
    fake.videoMs = 100;
    const id = await video.submit(call({ model: 'kling-v1-6', resolution: '720p', aspectRatio: '1:1' }));
    expect(fake.calls[0].body).toMatchObject({ model_name: 'kling-v1-6', mode: 'std', aspect_ratio: '1:1', duration: '5' });
    const last = (await pollToEnd(video, ref(id, 'kling-v1-6'))).at(-1) as { url: string };
    const track = readMp4(Buffer.from(await (await fetch(last.url)).arrayBuffer())).tracks[0];
    expect([track.width, track.height]).toEqual([720, 720]);
  });

  it("a task reads submitted, then processing, then succeed, in Kling's envelope (code 0, SUCCEED) and documented fields", async () => {
    const created = await api(KLING_TEXT2VIDEO_PATH, {
      method: 'POST',
      body: JSON.stringify({ model_name: 'kling-v2-1-master', prompt: 'a paper boat on a pond', external_task_id: 'boat-1' }),
    }).then((r) => r.json());
    expect(created).toMatchObject({ code: 0, message: 'SUCCEED', data: { task_status: 'submitted', task_info: { external_task_id: 'boat-1' } } });
    expect(keyPaths(created)).toEqual(expect.arrayContaining(keyPaths(vendorExample('video-text2video.response.json'))));

    const { words, last } = await rawStatuses(created.data.task_id);
    expect(words).toEqual(['submitted', 'processing', 'succeed']);
    expect(keyPaths(last)).toEqual(expect.arrayContaining(keyPaths(vendorExample('video-task.succeed.response.json'))));
    // The length made, as Kling gives it: a decimal string.
    expect(last.data.task_result.videos[0].duration).toMatch(/^\d+\.\d+$/);
    expect(Number.parseFloat(last.data.task_result.videos[0].duration)).toBeCloseTo(5, 0);
    // Kling also finds a task by the caller's own id.
    const byExternal = await api(`${KLING_TEXT2VIDEO_PATH}/boat-1`).then((r) => r.json());
    expect(byExternal.data.task_id).toBe(created.data.task_id);
  });

  it('the request schema accepts every documented request, and Kling refuses a malformed one with 400 / 1201', async () => {
    const requests = readdirSync(EXAMPLES).filter((f) => f.endsWith('.request.json'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const file of requests) {
      const { $source, ...body } = vendorExample(file);
      expect($source, file).toBeTruthy();
      expect(klingText2VideoSchema.safeParse(body).success, file).toBe(true);
    }
    for (const file of readdirSync(EXAMPLES)) expect(vendorExample(file).$source, file).toBeTruthy();

    // A number for duration, as Kling refuses it.
    const res = await api(KLING_TEXT2VIDEO_PATH, { method: 'POST', body: JSON.stringify({ prompt: 'x', duration: 5 }) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe(1201);
    expect(fake.sentCallbacks).toEqual([]);
  });

  it('checks the JWT as Kling does: missing, badly signed, foreign, not yet valid and expired tokens are 401s with its codes', async () => {
    const codeOf = async (headers: Record<string, string>) => {
      const res = await fetch(`${fake.baseUrl}${KLING_TEXT2VIDEO_PATH}/1`, { headers });
      expect(res.status).toBe(401);
      return (await res.json()).code;
    };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect(await codeOf({})).toBe(1001);
    expect(await codeOf(bearer('not-a-jwt'))).toBe(1002);
    expect(await codeOf(bearer(forge({ iss: fake.key, exp: now() + 1800, nbf: now() - 5 }, 'another-secret')))).toBe(1002);
    expect(await codeOf(bearer(forge({ iss: fake.key, exp: now() + 1800, nbf: now() - 5 }, fake.secret, { alg: 'none' })))).toBe(1002);
    expect(await codeOf(bearer(forge({ iss: 'someone-else', exp: now() + 1800, nbf: now() - 5 })))).toBe(1000);
    expect(await codeOf(bearer(forge({ iss: fake.key, exp: now() + 1800, nbf: now() + 60 })))).toBe(1003);
    expect(await codeOf(bearer(forge({ iss: fake.key, exp: now() - 1, nbf: now() - 1800 })))).toBe(1004);
    // A good token reaches the task (an unknown one: 404 / 1203).
    const res = await api(`${KLING_TEXT2VIDEO_PATH}/no-such-task`);
    expect([res.status, (await res.json()).code]).toEqual([404, 1203]);
  });

  it("a risk-control failure is failed with content_policy and Kling's words, though the answer says SUCCEED", async () => {
    fake.videoMs = 100;
    fake.faults.push({ kind: 'content_policy' });
    const id = await video.submit(call());
    const last = (await pollToEnd(video, ref(id))).at(-1);
    expect(last).toEqual({ status: 'failed', reason: 'content_policy', message: KLING_RISK_CONTROL_MESSAGE });
    const raw = await api(`${KLING_TEXT2VIDEO_PATH}/${id}`).then((r) => r.json());
    expect([raw.code, raw.message, raw.data.task_status]).toEqual([0, 'SUCCEED', 'failed']);
  });

  it("a generic task failure is failed with provider_error and Kling's reason", async () => {
    fake.videoMs = 100;
    fake.faults.push({ kind: 'task_failed' });
    const id = await video.submit(call());
    expect((await pollToEnd(video, ref(id))).at(-1)).toEqual({ status: 'failed', reason: 'provider_error', message: KLING_GENERIC_FAILURE_MESSAGE });
  });

  it('a refused key pair is provider_auth, and no message holds the access key, the secret or the token', async () => {
    const wrongSecret = 'wrong-secret-0123456789abcdef';
    const badSecret = await failure(kling.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key, secret: wrongSecret }).video.submit(call()));
    expect(badSecret.reason).toBe('provider_auth');
    expect(badSecret.message).toContain('1002');
    expect(badSecret.message).not.toContain(wrongSecret);
    expect(badSecret.message).not.toContain(fake.key);

    const wrongKey = 'ak-wrong-0123456789abcdef';
    const badKey = await failure(kling.adapter({ baseUrl: fake.baseUrl, apiKey: wrongKey, secret: fake.secret }).video.submit(call()));
    expect([badKey.reason, badKey.message.includes('1000'), badKey.message.includes(wrongKey)]).toEqual(['provider_auth', true, false]);

    fake.faults.push({ kind: 'auth' });
    const revoked = await failure(video.submit(call()));
    expect(revoked.reason).toBe('provider_auth');

    const noSecret = await failure(kling.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key }).video.submit(call()));
    expect([noSecret.reason, fake.calls.length]).toEqual(['provider_auth', 3]);

    // Even a service that echoes the Authorization header gets neither key nor token out in a message.
    const echo = await startFake('kling', '', (ctx) => ctx.json(401, { code: 1002, message: `Authorization is invalid: ${ctx.req.headers.authorization}` }));
    try {
      const echoed = await failure(kling.adapter({ baseUrl: echo.baseUrl, apiKey: wrongKey, secret: wrongSecret }).video.submit(call()));
      expect(echoed.message).toContain('Authorization is invalid: Bearer [redacted]');
      const token = String(echo.calls[0].headers.authorization).split(' ')[1];
      for (const secret of [wrongKey, wrongSecret, token]) expect(echoed.message).not.toContain(secret);
    } finally {
      await echo.close();
    }
  });

  it("a 429 is rate_limited with the Retry-After when one comes (1302), and without when none does (1303's documented answer)", async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 7 });
    const limited = await failure(video.submit(call()));
    expect([limited.reason, limited.retryAfterSeconds]).toEqual(['rate_limited', 7]);
    expect(limited.message).toContain('1302');

    const concurrency = await failure(documentedError('video-error.concurrency.response.json'));
    expect([concurrency.reason, concurrency.retryAfterSeconds]).toEqual(['rate_limited', undefined]);
    expect(concurrency.message).toContain('parallel task over resource pack limit');
  });

  it("maps Kling's other documented errors: 1301 content_policy, 1102 (its 429 for a spent resource pack) provider_auth, 1004 provider_auth, 5000 provider_error", async () => {
    const content = await failure(documentedError('video-error.content-security.response.json'));
    expect([content.reason, content.message]).toEqual(['content_policy', '1301 Trigger the content security policy of the platform']);
    // A spent balance is the operator's to fix: not a rate to wait out, so not a 429 to the caller.
    const pack = await failure(documentedError('video-error.resource-pack.response.json'));
    expect([pack.reason, pack.retryAfterSeconds]).toEqual(['provider_auth', undefined]);
    expect(pack.message).toContain('1102');
    expect((await failure(documentedError('video-error.auth-expired.response.json'))).reason).toBe('provider_auth');
    expect((await failure(documentedError('video-error.rate-limit.response.json'))).reason).toBe('rate_limited');

    fake.faults.push({ kind: 'server_error' });
    const server = await failure(video.submit(call()));
    expect([server.reason, server.message]).toEqual(['provider_error', 'Kling answered 500: 5000 Server internal error']);
    const documented = await failure(documentedError('video-error.server.response.json'));
    expect(documented.reason).toBe('provider_error');
    // An unknown task on a poll: Kling's 404 / 1203.
    expect((await failure(video.poll(ref('no-such-task'), AbortSignal.timeout(5_000)))).reason).toBe('provider_error');
  });

  it('calls the callback URL with the task when it ends, and is polled to the same end', async () => {
    fake.videoMs = 100;
    const callbackUrl = catcher.url('/kling/task-1?token=abc');
    const id = await video.submit(call({ callbackUrl }));
    expect((fake.calls[0].body as { callback_url: string }).callback_url).toBe(callbackUrl);
    const arrived = await catcher.next();
    expect(arrived.path).toBe('/kling/task-1?token=abc');
    expect(arrived.headers.get('content-type')).toBe('application/json');
    const body = JSON.parse(arrived.body);
    expect(body).toMatchObject({ task_id: id, task_status: 'succeed' });
    // The documented body's fields (task_info.external_task_id only when the request named one).
    const documented = keyPaths(vendorExample('video-callback.succeed.json')).filter((p) => p !== '.task_info.external_task_id');
    expect(keyPaths(body)).toEqual(expect.arrayContaining(documented));
    // The fake records a callback once the catcher has answered it.
    await vi.waitFor(() => expect(fake.sentCallbacks).toEqual([{ url: callbackUrl, body, status: 204 }]));
    const state = translateKlingTask(body);
    expect((await pollToEnd(video, ref(id))).at(-1)).toEqual(state);
  });

  it("a failed task's callback carries Kling's reason; no callback without a URL, nor when the fake is told not to", async () => {
    fake.videoMs = 50;
    fake.faults.push({ kind: 'task_failed' });
    const failedId = await video.submit(call({ callbackUrl: catcher.url() }));
    const arrived = JSON.parse((await catcher.next()).body);
    expect(arrived).toMatchObject({ task_id: failedId, task_status: 'failed', task_status_msg: KLING_GENERIC_FAILURE_MESSAGE });

    const quiet = await video.submit(call());
    fake.callbacks = false;
    const muted = await video.submit(call({ callbackUrl: catcher.url() }));
    await Promise.all([pollToEnd(video, ref(quiet)), pollToEnd(video, ref(muted))]);
    await sleep(100);
    const ours = new Set([failedId, quiet, muted]);
    const sent = fake.sentCallbacks.map((c) => (c.body as { task_id: string }).task_id).filter((id) => ours.has(id));
    expect(sent).toEqual([failedId]);
    expect(catcher.received).toHaveLength(1);
  });

  it('a slow task stays processing; an aborted signal is timeout', async () => {
    fake.faults.push({ kind: 'slow', ms: 10_000 });
    const id = await video.submit(call());
    await sleep(50);
    expect(await video.poll(ref(id), AbortSignal.timeout(5_000))).toEqual({ status: 'processing' });

    const aborted = await failure(video.poll(ref(id), AbortSignal.abort()));
    expect(aborted.reason).toBe('timeout');
    const timedOut = await failure(video.submit(call({ signal: AbortSignal.abort() })));
    expect(timedOut.reason).toBe('timeout');
  });
});

/** The adapter's failure against a server answering one documented Kling error (status and body). */
async function documentedError(file: string) {
  const { status, body } = vendorExample(file);
  const server = await startFake('kling', '', (ctx) => ctx.json(status, body));
  try {
    return await kling.adapter({ baseUrl: server.baseUrl, apiKey: 'ak-documented-0123456789', secret: 'sk-documented-0123456789abcdef' }).video.submit(call());
  } finally {
    await server.close();
  }
}

/** Every key path of a JSON value (array items as `[]`), without the example's own `$source`: the shape of an answer. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.slice(0, 1).flatMap((v) => keyPaths(v, `${prefix}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([key]) => key !== '$source')
    .flatMap(([key, v]) => [`${prefix}.${key}`, ...keyPaths(v, `${prefix}.${key}`)]);
}
