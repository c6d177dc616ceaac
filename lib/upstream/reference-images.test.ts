import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { download, maskPng, scenePng, setKnobs } from '@atelier/reference-service/testing';
import { testService } from '@atelier/reference-service/testing/vitest';
import { expectNoSecret } from '../../test/support/secrets';
import { failure } from '../../test/support/upstream';
import { createUpstreamClient, type UpstreamClient } from './index';

// The client against the real standalone reference service (the worker's), over HTTP: a failing
// model, two that never finish, one slower than the generation deadline of 4 s.
const GENERATION_DEADLINE = { generation: 4000 };
const svc = testService(
  {},
  {
    knobs: {
      failModels: ['atelier-ink'],
      timeoutModels: ['atelier-pixel', 'atelier-edit-hd'],
      latencyMs: { 'atelier-aquarelle': 4000 },
      deadlineMs: GENERATION_DEADLINE,
    },
  },
);
let upstream: UpstreamClient;
let scene: Buffer;
beforeAll(async () => {
  upstream = createUpstreamClient({ baseUrl: svc.url, apiKey: svc.key });
  scene = await scenePng(320, 240);
});

describe('editImage against the reference service', () => {
  it('edits bytes with a Blob mask and reports the cost as a decimal string', async () => {
    const mask = await maskPng(320, 240, { x: 90, y: 60, w: 90, h: 110 });
    const result = await upstream.editImage({ image: new Uint8Array(scene), mask: new Blob([new Uint8Array(mask)]), prompt: 'remove the object' });
    // No seed sent: the service says the one it derived from the inputs (decisions.md row 17).
    expect(result).toEqual({
      id: expect.stringMatching(/^edit_/),
      images: [{ url: expect.any(String), seed: expect.any(Number) }],
      cost: { amount: '0.1', currency: 'CNY' },
    });
    const file = await download(result.images[0].url);
    expect(file.type).toBe('image/png');
    expect(await sharp(file.bytes).metadata()).toMatchObject({ width: 320, height: 240 });
  });

  it('sends the seed: the same seed makes the same file, another seed another one, each said back', async () => {
    const mask = await maskPng(320, 240, { x: 90, y: 60, w: 90, h: 110 });
    const edit = (seed: number) => upstream.editImage({ image: scene, mask, prompt: 'make it bright green', seed });
    const [a, again, b] = [await edit(7), await edit(7), await edit(8)];
    expect([a, again, b].map((result) => result.images[0].seed)).toEqual([7, 7, 8]);
    const [fa, fAgain, fb] = await Promise.all([a, again, b].map((result) => download(result.images[0].url)));
    expect(fa.bytes.equals(fAgain.bytes)).toBe(true);
    expect(fa.bytes.equals(fb.bytes)).toBe(false);
  });

  it('surfaces the service deadline of a model that never finishes as a retryable 504 timeout', async () => {
    // An edit deadline of 1 s for this test alone: healthy edits under load take longer.
    await setKnobs(svc, { deadlineMs: { ...GENERATION_DEADLINE, edit: 1000 } });
    try {
      const error = await failure(upstream.editImage({ image: scene, prompt: 'convert to watercolor style', model: 'atelier-edit-hd' }));
      expect(error).toMatchObject({ status: 504, code: 'timeout', kind: 'timeout', retryable: true });
    } finally {
      await setKnobs(svc, { deadlineMs: GENERATION_DEADLINE });
    }
  });

  it('refuses a mask of the wrong size with the field named', async () => {
    const small = await maskPng(100, 100, { x: 10, y: 10, w: 20, h: 20 });
    const error = await failure(upstream.editImage({ image: scene, mask: small, prompt: 'make it bright green' }));
    expect(error).toMatchObject({ status: 400, kind: 'invalid_request', code: 'mask_size_mismatch', param: 'mask', retryable: false });
  });
});

describe('generateImages against the reference service', () => {
  it('returns one entry per model, a failing model as a failed entry with zero cost', async () => {
    const batch = await upstream.generateImages({ model: ['atelier-vista', 'atelier-ink'], prompt: 'a red sunset over the sea', seed: 7 });
    expect(batch).toMatchObject({ id: expect.stringMatching(/^batch_/), status: 'completed', totalCost: { amount: '0.08', currency: 'CNY' } });
    const [vista, ink] = batch.results;
    expect(vista).toMatchObject({ model: 'atelier-vista', index: 0, cost: { amount: '0.08', currency: 'CNY' } });
    expect(vista.error).toBeUndefined();
    // Each image says its own seed (the reference service's addition, its README): the first is the request's.
    expect(vista.images).toEqual([{ url: expect.stringContaining('/v1/files/'), revisedPrompt: expect.any(String), seed: 7 }]);
    expect(ink).toMatchObject({ model: 'atelier-ink', index: 1, images: [], cost: { amount: '0', currency: 'CNY' }, error: { code: 'model_error' } });
    expect(ink.error!.message).toContain('atelier-ink');
  });

  it('returns base64 images when asked', async () => {
    const batch = await upstream.generateImages({ model: 'atelier-mosaic', prompt: 'city at night', responseFormat: 'b64_json', n: 2, seed: 3 });
    expect(batch.results[0].images).toHaveLength(2);
    const image = batch.results[0].images[0];
    if (!('base64' in image)) throw new Error('expected base64');
    expect(await sharp(Buffer.from(image.base64, 'base64')).metadata()).toMatchObject({ format: 'png', width: 1024 });
    expect(batch.totalCost.amount).toBe('0.1');
  });

  it('fails the batch when every model failed', async () => {
    const batch = await upstream.generateImages({ model: 'atelier-ink', prompt: 'forest' });
    expect(batch).toMatchObject({ status: 'failed', totalCost: { amount: '0', currency: 'CNY' } });
  });

  it('reports a model that misses the service deadline as a timeout entry', async () => {
    const batch = await upstream.generateImages({ model: ['atelier-pixel', 'atelier-mosaic'], prompt: 'desert', seed: 2 });
    expect(batch.results[0].error).toMatchObject({ code: 'timeout' });
    expect(batch.results[1].images).toHaveLength(1);
  }, 20_000);

  it('gives up at its own deadline with code timeout', async () => {
    const impatient = createUpstreamClient({ baseUrl: svc.url, apiKey: svc.key, timeouts: { generationMs: 800 } });
    const started = Date.now();
    const error = await failure(impatient.generateImages({ model: 'atelier-aquarelle', prompt: 'lake' }));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toMatchObject({ status: 0, code: 'timeout', retryable: true });
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const error = await failure(upstream.generateImages({ model: 'atelier-aquarelle', prompt: 'lake', signal: controller.signal }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ status: 0, code: 'cancelled', retryable: false });
  });

  it('answers an unknown model with 404 model_not_found', async () => {
    const error = await failure(upstream.generateImages({ model: 'no-such-model', prompt: 'x' }));
    expect(error).toMatchObject({ status: 404, kind: 'not_found', code: 'model_not_found', param: 'model', retryable: false });
  });
});

describe('keys and models against the reference service', () => {
  it('refuses a bad key with 401 authentication, and the key appears nowhere in the error', async () => {
    const badKey = 'sk-not-a-real-key-31415926535';
    const error = await failure(createUpstreamClient({ baseUrl: svc.url, apiKey: badKey }).listModels());
    expect(error).toMatchObject({ status: 401, kind: 'authentication', code: 'invalid_api_key', retryable: false });
    expectNoSecret(error, badKey);
    expectNoSecret(await failure(upstream.generateImages({ model: 'no-such-model', prompt: 'x' })), svc.key);
  });

  it('lists the models with their kinds, sizes, durations and prices', async () => {
    const models = await upstream.listModels();
    const byId = new Map(models!.map((m) => [m.id, m]));
    expect(byId.get('atelier-vista')).toMatchObject({ kind: 'image', sizes: ['1024x1024', '2048x2048', '4096x4096'], price: { currency: 'CNY' } });
    expect(byId.get('atelier-edit')).toMatchObject({ kind: 'edit' });
    expect(byId.get('atelier-motion')).toMatchObject({ kind: 'video', durations: [3, 5, 10] });
  });
});
