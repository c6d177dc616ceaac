import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPeer, type PeerRequest } from '../../test/support/http-peer';
import { createUpstreamClient } from './index';

// The shapes other services answer with and the reference service never does, served over real HTTP.
const KEY = 'sk-variants-0123456789abcdef';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const TINY_B64 = Buffer.from(PNG).toString('base64');

let peer: Awaited<ReturnType<typeof startPeer>>;
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(() => peer?.close());

const client = (options: { taskStatusPath?: string; log?: (line: string) => void } = {}) =>
  createUpstreamClient({ baseUrl: `${peer.url}/`, apiKey: KEY, ...options });
const formOf = (req: PeerRequest) =>
  new Request('http://peer', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: new Uint8Array(req.body) }).formData();

describe('editImage', () => {
  it('sends multipart with typed, named parts and reads revised_prompt and base64 images', async () => {
    peer.answer({
      json: {
        id: 'edit_1',
        object: 'image',
        status: 'completed',
        extra: { ignored: true },
        data: [{ url: 'https://cdn.example/a.png', revised_prompt: 'Background: a beach' }, { b64: TINY_B64 }],
        usage: { cost: 0.2, cost_unit: 'CNY' },
      },
    });
    const result = await client().editImage({ image: PNG, mask: new Blob([PNG]), prompt: 'replace the background', model: 'edit-hd', size: '64x64' });
    expect(result).toEqual({
      id: 'edit_1',
      images: [
        { url: 'https://cdn.example/a.png', revisedPrompt: 'Background: a beach', seed: null },
        { url: `data:image/png;base64,${TINY_B64}`, seed: null },
      ],
      cost: { amount: '0.2', currency: 'CNY' },
    });
    const req = peer.requests.at(-1)!;
    expect([req.method, req.path, req.headers.authorization]).toEqual(['POST', '/v1/images/edits', `Bearer ${KEY}`]);
    const form = await formOf(req);
    const image = form.get('image') as File;
    const mask = form.get('mask') as File;
    expect([image.name, image.type, mask.name, mask.type]).toEqual(['image.png', 'image/png', 'mask.png', 'image/png']);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect([form.get('prompt'), form.get('model'), form.get('size'), form.get('seed')]).toEqual(['replace the background', 'edit-hd', '64x64', null]);
  });

  it('sends a seed as a form field and reads the seed each image says, a seed out of range as none (decisions row 17)', async () => {
    peer.answer({
      json: {
        id: 'edit_2',
        data: [
          { url: 'https://cdn.example/a.png', seed: 0 },
          { url: 'https://cdn.example/b.png', seed: -3 },
          { b64_json: TINY_B64, seed: 4_294_967_295 },
        ],
      },
    });
    const result = await client().editImage({ image: PNG, prompt: 'make it red', seed: 0 });
    expect(result.images.map((image) => image.seed)).toEqual([0, null, 4_294_967_295]);
    expect((await formOf(peer.requests.at(-1)!)).get('seed')).toBe('0');
  });
});

describe('generateImages', () => {
  const entry = (model: string, index: number, data: object[], cost: number | string = 0.1) => ({ model, index, data, usage: { cost, cost_unit: 'CNY' } });

  it('reads base64 under every known name and from data URLs, and sends the body in snake_case', async () => {
    peer.answer({
      json: {
        id: 'batch_1',
        created: 1_700_000_000,
        status: 'completed',
        results: [
          entry('a', 0, [
            { b64_json: TINY_B64 },
            { b64: TINY_B64 },
            { base64: TINY_B64 },
            { image_base64: TINY_B64 },
            { url: `data:image/webp;base64,${TINY_B64}` },
            { b64_json: `data:image/png;base64,${TINY_B64}` },
          ]),
        ],
        total_cost: { amount: 0.1, currency: 'CNY' },
      },
    });
    const batch = await client().generateImages({ model: 'a', prompt: 'p', n: 4, responseFormat: 'b64_json', background: 'transparent', seed: 7 });
    expect(batch.results[0].images).toEqual([
      { base64: TINY_B64 },
      { base64: TINY_B64 },
      { base64: TINY_B64 },
      { base64: TINY_B64 },
      { base64: TINY_B64, mimeType: 'image/webp' },
      { base64: TINY_B64, mimeType: 'image/png' },
    ]);
    const req = peer.requests.at(-1)!;
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body.toString())).toEqual({ model: 'a', prompt: 'p', n: 4, response_format: 'b64_json', background: 'transparent', seed: 7 });
  });

  it('turns a requested model with no entry into a failed entry, in request order', async () => {
    peer.answer({
      json: {
        id: 'batch_2',
        status: 'completed',
        results: [entry('b', 0, [{ url: 'https://cdn.example/b.png' }], 0.08)],
        total_cost: { amount: 0.08, currency: 'CNY' },
      },
    });
    const batch = await client().generateImages({ model: ['a', 'b', 'c'], prompt: 'p' });
    expect(batch.status).toBe('completed');
    expect(batch.results.map((r) => [r.model, r.index, r.error?.message ?? 'ok'])).toEqual([
      ['a', 0, 'no result returned'],
      ['b', 1, 'ok'],
      ['c', 2, 'no result returned'],
    ]);
    expect(batch.results[0]).toMatchObject({ images: [], cost: { amount: '0', currency: 'CNY' }, error: { code: 'no_result' } });
    expect(batch.totalCost).toEqual({ amount: '0.08', currency: 'CNY' });
  });

  it('keeps a failed status with partial data, reads string errors, and sums a missing total exactly', async () => {
    peer.answer({
      json: {
        id: 'batch_3',
        status: 'failed',
        results: [
          entry('a', 0, [{ url: 'https://cdn.example/a.png' }], 0.1),
          { model: 'b', index: 1, data: [], error: 'quota exhausted', usage: { cost: '0.20' } },
        ],
      },
    });
    const batch = await client().generateImages({ model: ['a', 'b'], prompt: 'p' });
    expect(batch.status).toBe('failed');
    expect(batch.results[0].images).toEqual([{ url: 'https://cdn.example/a.png' }]);
    expect(batch.results[1]).toMatchObject({ error: { message: 'quota exhausted', code: 'model_error' }, cost: { amount: '0.20' } });
    expect(batch.totalCost).toEqual({ amount: '0.3', currency: 'CNY' });
    expect(Math.abs(batch.created - Date.now() / 1000)).toBeLessThan(5);
  });

  it('fails the batch when every requested model is missing', async () => {
    peer.answer({ json: { id: 'batch_4', results: [] } });
    const batch = await client().generateImages({ model: 'a', prompt: 'p' });
    expect(batch).toMatchObject({ status: 'failed', totalCost: { amount: '0', currency: 'CNY' } });
  });
});

describe('video tasks', () => {
  const record = (fields: object) => ({ id: 'vid_1', object: 'video_generation', model: 'm', ...fields });

  it.each([
    ['"40%" inside data', { data: record({ status: 'in_progress', progress: '40%' }) }, 'processing', 40],
    ['a 0..1 fraction', record({ status: 'queued', progress: 0.4 }), 'processing', 40],
    ['percent', record({ status: 'processing', progress: 40, estimated_remaining: 12 }), 'processing', 40],
    ['pending', record({ status: 'pending' }), 'processing', 0],
    ['running', record({ status: 'RUNNING', progress: '55' }), 'processing', 55],
  ])('reads %s as processing with progress', async (_name, json, status, progress) => {
    peer.answer({ json });
    expect(await client().getVideoTask('vid_1')).toMatchObject({ id: 'vid_1', status, progress });
  });

  it.each(['succeeded', 'success', 'completed'])('reads %s as completed, with url, expiry and cost', async (raw) => {
    peer.answer({
      json: {
        data: record({
          status: raw,
          progress: 1,
          video_url: 'https://cdn.example/v.mp4',
          expires_at: '2030-01-01T00:00:00Z',
          usage: { cost: 0.3, cost_unit: 'CNY' },
        }),
      },
    });
    expect(await client().getVideoTask('vid_1')).toEqual({
      id: 'vid_1',
      model: 'm',
      status: 'completed',
      rawStatus: raw,
      progress: 100,
      videoUrl: 'https://cdn.example/v.mp4',
      expiresAt: 1_893_456_000,
      cost: { amount: '0.3', currency: 'CNY' },
    });
  });

  it.each([
    ['error', { error: { message: 'GPU lost', code: 'model_error' } }, { message: 'GPU lost', code: 'model_error' }],
    ['failed', { error: 'content policy' }, { message: 'content policy' }],
    ['cancelled', {}, { message: 'The video task ended with status "cancelled".' }],
  ])('reads %s as failed with an error', async (raw, fields, error) => {
    peer.answer({ json: record({ status: raw, ...fields }) });
    expect(await client().getVideoTask('vid_1')).toMatchObject({ status: 'failed', rawStatus: raw, error });
  });

  it('treats a completed task without a video URL as failed', async () => {
    peer.answer({ json: record({ status: 'succeeded' }) });
    expect(await client().getVideoTask('vid_1')).toMatchObject({ status: 'failed', error: { code: 'no_result' } });
  });

  it('keeps an unknown state as processing and logs it once, without the key', async () => {
    const log = vi.fn();
    peer.answer({ json: record({ status: 'warming_up', progress: 5 }) });
    const c = client({ log });
    expect(await c.getVideoTask('vid_1')).toMatchObject({ status: 'processing', rawStatus: 'warming_up', progress: 5 });
    await c.getVideoTask('vid_1');
    await client({ log }).getVideoTask('vid_1');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain('warming_up');
    expect(log.mock.calls[0][0]).not.toContain(KEY);
  });

  it('reads the task at a configured path, with the id encoded', async () => {
    peer.answer({ json: record({ status: 'queued' }) });
    await client({ taskStatusPath: '/v1/tasks/{id}' }).getVideoTask('vid/1 2');
    expect(peer.requests.at(-1)!.path).toBe('/v1/tasks/vid%2F1%202');
  });
});

describe('listModels', () => {
  it('returns null when the service has no model list', async () => {
    peer.answer({ status: 404, text: 'Not Found' });
    expect(await client().listModels()).toBeNull();
  });

  it('reads a bare array and skips entries the app cannot use', async () => {
    peer.answer({ json: [{ id: 'gpt-image', object: 'model' }, { id: 'v1', kind: 'video', durations: [5, 10] }, { kind: 'image' }] });
    expect(await client().listModels()).toEqual([{ id: 'v1', kind: 'video', durations: [5, 10] }]);
  });

  it('returns null for a list with nothing usable in it', async () => {
    peer.answer({ json: { object: 'list', data: [{ id: 'gpt-4o', object: 'model', owned_by: 'x' }] } });
    expect(await client().listModels()).toBeNull();
  });
});
