import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashscope } from '../../src/providers/dashscope';
import type { EditCall, GenerateCall, ProviderAdapter } from '../../src/providers/types';
import { maskPng, meanAbsDiff, rgba, scenePng } from '../../src/testing/images';
import {
  dashscopeImage2ImageSchema,
  dashscopeMultimodalSchema,
  dashscopeText2ImageSchema,
  IMAGE2IMAGE_PATH,
  MULTIMODAL_PATH,
  startDashScopeFake,
  TEXT2IMAGE_PATH,
} from '../../src/testing/provider-fakes/dashscope';
import { sizeOf, startFake } from '../../src/testing/provider-fakes/harness';
import { example, failure, fakeForFile, isPng } from './support';

// The DashScope adapter against its fake, in process: the wire format both ways, the task's life
// across polls, masked edits seen in pixels, and each failure in decisions.md row 19's terms.

const EXAMPLES = new URL('../../src/testing/provider-fakes/examples/dashscope/', import.meta.url);

const fake = fakeForFile(startDashScopeFake);
let adapter: ProviderAdapter;
beforeAll(() => void (adapter = dashscope.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key })));

const generation = (over: Partial<GenerateCall> = {}): GenerateCall => ({
  model: 'wan2.2-t2i-flash',
  prompt: 'a lighthouse at dusk',
  width: 1280,
  height: 720,
  n: 2,
  seed: 7,
  background: 'opaque',
  signal: AbortSignal.timeout(20_000),
  ...over,
});

const edit = async (over: Partial<EditCall> = {}): Promise<EditCall> => ({
  model: 'wanx2.1-imageedit',
  prompt: 'a ceramic rabbit holding a ceramic flower',
  kind: 'local',
  image: await scenePng(640, 512),
  mask: null,
  width: 640,
  height: 512,
  seed: 3,
  signal: AbortSignal.timeout(20_000),
  ...over,
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${fake.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${fake.key}`, 'content-type': 'application/json', ...init.headers } });

describe('DashScope adapter', () => {
  it('generates PNGs of the size asked, through an asynchronous task', async () => {
    const files = await adapter.generate(generation());
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(isPng(file)).toBe(true);
      expect(await sizeOf(file)).toEqual({ width: 1280, height: 720 });
    }
    // seed, seed+1: two different pictures.
    expect(files[0].equals(files[1])).toBe(false);

    const [create, ...polls] = fake.calls;
    expect(create.method).toBe('POST');
    expect(create.path).toBe(TEXT2IMAGE_PATH);
    expect(create.headers.authorization).toBe(`Bearer ${fake.key}`);
    expect(create.headers['x-dashscope-async']).toBe('enable');
    expect(create.headers['content-type']).toBe('application/json');
    expect(create.body).toEqual({ model: 'wan2.2-t2i-flash', input: { prompt: 'a lighthouse at dusk' }, parameters: { size: '1280*720', n: 2, seed: 7 } });
    // Polled until done (RUNNING on the first poll), with the key and without the async header.
    expect(polls.length).toBeGreaterThanOrEqual(2);
    for (const poll of polls) {
      expect(poll.method).toBe('GET');
      expect(poll.path).toMatch(/^\/api\/v1\/tasks\/[\w-]+$/);
      expect(poll.headers.authorization).toBe(`Bearer ${fake.key}`);
      expect(poll.headers['x-dashscope-async']).toBeUndefined();
    }
  });

  it('leaves the seed out when the call has none', async () => {
    await adapter.generate(generation({ seed: undefined, n: 1, width: 1024, height: 1024 }));
    expect((fake.calls[0].body as { parameters: unknown }).parameters).toEqual({ size: '1024*1024', n: 1 });
  });

  it("edits inside the mask only (wanx2.1-imageedit's description_edit_with_mask, white = edit)", async () => {
    const box = { x: 200, y: 150, w: 240, h: 200 };
    const call = await edit({ mask: await maskPng(640, 512, box, 0) });
    const out = await adapter.edit!(call);
    expect(isPng(out)).toBe(true);

    const before = await rgba(call.image);
    const after = await rgba(out);
    expect([after.width, after.height]).toEqual([640, 512]);
    const inside = (p: number) => {
      const [x, y] = [p % 640, Math.floor(p / 640)];
      return x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h;
    };
    expect(meanAbsDiff(before.data, after.data, (p) => !inside(p))).toBe(0);
    expect(meanAbsDiff(before.data, after.data, inside)).toBeGreaterThan(20);

    const body = fake.calls[0].body as { model: string; input: Record<string, string>; parameters: unknown };
    expect(fake.calls[0].path).toBe(IMAGE2IMAGE_PATH);
    expect(fake.calls[0].headers['x-dashscope-async']).toBe('enable');
    expect(body.model).toBe('wanx2.1-imageedit');
    expect(body.input.function).toBe('description_edit_with_mask');
    expect(body.input.prompt).toBe(call.prompt);
    expect(body.input.base_image_url).toBe(`data:image/png;base64,${call.image.toString('base64')}`);
    expect(body.input.mask_image_url).toBe(`data:image/png;base64,${call.mask!.toString('base64')}`);
    expect(body.parameters).toEqual({ n: 1, seed: 3 });
  });

  it('maps the unmasked kinds to their functions: a style to stylization_all, an upscale to super_resolution at the same size', async () => {
    const styled = await adapter.edit!(await edit({ kind: 'style', prompt: 'French picture book style' }));
    expect(await sizeOf(styled)).toEqual({ width: 640, height: 512 });
    expect((fake.calls[0].body as { input: { function: string } }).input.function).toBe('stylization_all');

    fake.calls.length = 0;
    const sharper = await adapter.edit!(await edit({ kind: 'upscale', prompt: 'enhance details' }));
    expect(await sizeOf(sharper)).toEqual({ width: 640, height: 512 });
    const body = fake.calls[0].body as { input: { function: string }; parameters: unknown };
    expect(body.input.function).toBe('super_resolution');
    expect(body.parameters).toEqual({ n: 1, seed: 3, upscale_factor: 1 });
  });

  it('edits with qwen-image-edit synchronously, and scales its ~1 MP answer back to the size asked', async () => {
    const call = await edit({ model: 'qwen-image-edit', kind: 'background', prompt: 'put a beach behind', seed: undefined });
    const out = await adapter.edit!(call);
    expect(isPng(out)).toBe(true);
    expect(await sizeOf(out)).toEqual({ width: 640, height: 512 });

    expect(fake.calls).toHaveLength(1);
    const [request] = fake.calls;
    expect(request.path).toBe(MULTIMODAL_PATH);
    expect(request.headers['x-dashscope-async']).toBeUndefined();
    expect(request.body).toEqual({
      model: 'qwen-image-edit',
      input: { messages: [{ role: 'user', content: [{ image: `data:image/png;base64,${call.image.toString('base64')}` }, { text: 'put a beach behind' }] }] },
      parameters: { watermark: false },
    });
  });

  it('a task goes PENDING → RUNNING → SUCCEEDED across polls, and its answers carry the documented fields', async () => {
    const created = await api(TEXT2IMAGE_PATH, {
      method: 'POST',
      headers: { 'x-dashscope-async': 'enable' },
      body: JSON.stringify({ model: 'wan2.2-t2i-flash', input: { prompt: 'a flower shop' }, parameters: { size: '1024*1024', n: 1 } }),
    }).then((r) => r.json());
    expect(created.output.task_status).toBe('PENDING');
    expect(keyPaths(created)).toEqual(expect.arrayContaining(keyPaths(vendorExample('text2image.response.json'))));

    const statuses = [];
    let last: any;
    for (let i = 0; i < 5; i++) {
      last = await api(`/api/v1/tasks/${created.output.task_id}`).then((r) => r.json());
      statuses.push(last.output.task_status);
    }
    expect(statuses).toEqual(['RUNNING', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    expect(keyPaths(last)).toEqual(expect.arrayContaining(keyPaths(vendorExample('task.succeeded.response.json'))));

    const unknown = await api('/api/v1/tasks/no-such-task').then((r) => r.json());
    expect(unknown.output.task_status).toBe('UNKNOWN');
  });

  it('refuses a task endpoint called without X-DashScope-Async, as DashScope does', async () => {
    const res = await api(TEXT2IMAGE_PATH, { method: 'POST', body: JSON.stringify({ model: 'wan2.2-t2i-flash', input: { prompt: 'x' } }) });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('AccessDenied');
  });

  it("answers qwen-image-edit with the documented response's fields", async () => {
    const image = `data:image/png;base64,${(await scenePng(640, 480)).toString('base64')}`;
    const res = await api(MULTIMODAL_PATH, {
      method: 'POST',
      body: JSON.stringify({ model: 'qwen-image-edit', input: { messages: [{ role: 'user', content: [{ image }, { text: 'make it winter' }] }] } }),
    });
    const json = await res.json();
    expect(keyPaths(json)).toEqual(expect.arrayContaining(keyPaths(vendorExample('multimodal-generation.response.json'))));
    expect([json.usage.width, json.usage.height]).toEqual([1184, 880]);
  });

  it('the request schemas accept every documented request example, and refuse a malformed body with a 400', async () => {
    const schemas: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
      text2image: dashscopeText2ImageSchema,
      image2image: dashscopeImage2ImageSchema,
      'multimodal-generation': dashscopeMultimodalSchema,
    };
    const requests = readdirSync(EXAMPLES).filter((f) => f.endsWith('.request.json'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const file of requests) {
      const schema = schemas[file.split('.')[0]];
      expect(schema, `no schema for ${file}`).toBeDefined();
      const { $source, ...body } = vendorExample(file);
      expect($source).toMatch(/alibabacloud\.com|aliyun\.com/);
      expect(schema.safeParse(body).success, file).toBe(true);
    }
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.response.json'))) expect(vendorExample(file).$source, file).toBeTruthy();

    const res = await api(TEXT2IMAGE_PATH, {
      method: 'POST',
      headers: { 'x-dashscope-async': 'enable' },
      body: JSON.stringify({ model: 'wan2.2-t2i-flash', input: {}, parameter: {} }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('InvalidParameter');
  });

  it("a 429 is rate_limited with DashScope's Retry-After", async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 7 });
    const error = await failure(adapter.generate(generation()));
    expect(error.reason).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.message).toContain('Throttling.RateQuota');
  });

  it('a content refusal is content_policy: a FAILED Wan task, or a 400 from qwen-image-edit', async () => {
    fake.faults.push({ kind: 'content_policy' });
    const wan = await failure(adapter.generate(generation()));
    expect(wan.reason).toBe('content_policy');
    expect(wan.message).toContain('DataInspectionFailed');

    fake.faults.push({ kind: 'content_policy' });
    const qwen = await failure(adapter.edit!(await edit({ model: 'qwen-image-edit', kind: 'style' })));
    expect(qwen.reason).toBe('content_policy');
    expect(qwen.message).toContain('inappropriate content');
  });

  it('a wrong key is provider_auth, and no message holds a key', async () => {
    const wrongKey = 'sk-wrong-0123456789abcdef';
    const wrong = dashscope.adapter({ baseUrl: fake.baseUrl, apiKey: wrongKey });
    const error = await failure(wrong.generate(generation()));
    expect(error.reason).toBe('provider_auth');
    expect(error.message).toContain('InvalidApiKey');
    expect(error.message).not.toContain(wrongKey);

    fake.faults.push({ kind: 'auth' });
    const revoked = await failure(adapter.generate(generation()));
    expect(revoked.reason).toBe('provider_auth');
    expect(revoked.message).not.toContain(fake.key);

    // Even a service that echoes the key in its error gets it out of the message.
    const echo = await startFake('dashscope', '', (ctx) =>
      ctx.json(401, { code: 'InvalidApiKey', message: `Invalid API-key provided: ${ctx.req.headers.authorization}` }),
    );
    try {
      const echoed = await failure(dashscope.adapter({ baseUrl: echo.baseUrl, apiKey: wrongKey }).generate(generation()));
      expect(echoed.reason).toBe('provider_auth');
      expect(echoed.message).toContain('Invalid API-key provided: Bearer [redacted]');
      expect(echoed.message).not.toContain(wrongKey);
    } finally {
      await echo.close();
    }
  });

  it("a FAILED task is provider_error with DashScope's message", async () => {
    // DashScope reads the pictures inside the task: one under 512 px fails it.
    const error = await failure(adapter.edit!(await edit({ image: await scenePng(300, 300), width: 300, height: 300, kind: 'style' })));
    expect(error.reason).toBe('provider_error');
    expect(error.message).toContain('InvalidParameter');
    expect(error.message).toContain('must be between 512 and 4096');
  });

  it('a server error is provider_error', async () => {
    fake.faults.push({ kind: 'server_error' });
    const error = await failure(adapter.generate(generation()));
    expect(error.reason).toBe('provider_error');
    expect(error.message).toContain('500');
  });

  it('has the bytes before the result URL dies (it answers 403 after its TTL)', async () => {
    fake.fileTtlMs = 200;
    const [file] = await adapter.generate(generation({ n: 1 }));
    expect(await sizeOf(file)).toEqual({ width: 1280, height: 720 });

    const taskPath = fake.calls.find((c) => c.method === 'GET')!.path;
    const task = await api(taskPath).then((r) => r.json());
    const url: string = task.output.results[0].url;
    expect(url.startsWith(fake.origin)).toBe(true);
    await sleep(250);
    expect((await fetch(url)).status).toBe(403);
  });

  it('an aborted signal is timeout, and the polling stops', async () => {
    fake.faults.push({ kind: 'slow', ms: 10_000 });
    const started = Date.now();
    const error = await failure(adapter.generate(generation({ signal: AbortSignal.timeout(600) })));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
    const polls = fake.calls.length;
    await sleep(600);
    expect(fake.calls.length).toBe(polls);
  });
});

const vendorExample = (file: string) => example('dashscope', file);

/** Every key path of a JSON value (array items as `[]`), without the example's own `$source`: the shape of an answer. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.slice(0, 1).flatMap((v) => keyPaths(v, `${prefix}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([key]) => key !== '$source')
    .flatMap(([key, v]) => [`${prefix}.${key}`, ...keyPaths(v, `${prefix}.${key}`)]);
}
