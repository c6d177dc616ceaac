import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, download, setKnobs } from '../src/testing/service';
import { testService } from '../src/testing/vitest';

// The worker's service, with a failing and a never-finishing model.
const svc = testService({}, { knobs: { failModels: ['atelier-ink'], timeoutModels: ['atelier-pixel'] } });

const generate = (body: Record<string, unknown>) => call(svc, 'POST', '/v1/images/generations', body);

describe('POST /v1/images/generations', () => {
  it('answers a multi-model batch with every field of the interface, in CNY', async () => {
    const res = await generate({ model: ['atelier-vista', 'atelier-mosaic'], prompt: 'a red sunset over the sea', n: 2, seed: 7 });
    expect(res.status).toBe(200);
    const batch = res.json;
    expect(batch).toMatchObject({ object: 'batch', status: 'completed', total_cost: { currency: 'CNY' } });
    expect(batch.id).toMatch(/^batch_/);
    expect(Number.isInteger(batch.created)).toBe(true);
    expect(Math.abs(batch.created - Date.now() / 1000)).toBeLessThan(120);
    expect(batch.results.map((r: any) => [r.model, r.index])).toEqual([
      ['atelier-vista', 0],
      ['atelier-mosaic', 1],
    ]);
    for (const entry of batch.results) {
      expect(entry.data).toHaveLength(2);
      expect(entry.usage).toEqual({ cost: expect.any(Number), cost_unit: 'CNY' });
      expect(entry.usage.cost).toBeGreaterThan(0);
      for (const image of entry.data) {
        expect(image.url).toMatch(new RegExp(`^${svc.url}/v1/files/file_[0-9a-f]+\\.png\\?expires=\\d+&signature=`));
        const file = await download(image.url);
        expect(file.status).toBe(200);
        expect(file.type).toBe('image/png');
        const meta = await sharp(file.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
      }
    }
    // revised_prompt is present for some models only.
    expect(typeof batch.results[0].data[0].revised_prompt).toBe('string');
    expect(batch.results[1].data[0]).not.toHaveProperty('revised_prompt');
    const sum = batch.results.reduce((s: number, r: any) => s + r.usage.cost, 0);
    expect(batch.total_cost.amount).toBeCloseTo(sum, 6);
  });

  it('gives byte-identical files for the same model, prompt, size, background and seed', async () => {
    const body = { model: 'atelier-aquarelle', prompt: '雪山 和 湖 at dawn', seed: 123456, background: 'opaque' };
    const [a, b, c] = await Promise.all([generate(body), generate(body), generate({ ...body, seed: 654321 })]);
    const [fa, fb, fc] = await Promise.all([a, b, c].map((r) => download(r.json.results[0].data[0].url)));
    expect(fa.bytes.equals(fb.bytes)).toBe(true);
    expect(fa.bytes.equals(fc.bytes)).toBe(false);
  });

  it('returns b64_json when asked, and a real alpha channel for a transparent background', async () => {
    const res = await generate({ model: 'atelier-vista', prompt: 'a cat sticker', response_format: 'b64_json', background: 'transparent', seed: 1 });
    expect(res.status).toBe(200);
    const image = res.json.results[0].data[0];
    expect(image).not.toHaveProperty('url');
    const png = Buffer.from(image.b64_json, 'base64');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    let clear = 0;
    let solid = 0;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] === 0) clear++;
      if (data[i] === 255) solid++;
    }
    expect(clear).toBeGreaterThan(0);
    expect(solid).toBeGreaterThan(0);
  });

  it('prices 4096x4096 above the smaller sizes', async () => {
    const res = await call(svc, 'GET', '/v1/models');
    const vista = res.json.data.find((m: any) => m.id === 'atelier-vista');
    expect(vista.price.per_image['4096x4096']).toBeGreaterThan(vista.price.per_image['2048x2048']);
    expect(vista.price.per_image['2048x2048']).toBeGreaterThan(vista.price.per_image['1024x1024']);
    const big = await generate({ model: 'atelier-mosaic', prompt: 'city at night', size: '4096x4096', seed: 3 });
    const small = await generate({ model: 'atelier-mosaic', prompt: 'city at night', size: '1024x1024', seed: 3 });
    expect(big.json.results[0].usage.cost).toBeGreaterThan(small.json.results[0].usage.cost);
    const meta = await sharp((await download(big.json.results[0].data[0].url)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 4096]);
  });

  it('fails one entry without failing the batch, and fails the batch when every entry failed', async () => {
    const res = await generate({ model: ['atelier-vista', 'atelier-ink'], prompt: 'forest', seed: 9 });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('completed');
    const failed = res.json.results[1];
    expect(failed).toMatchObject({ model: 'atelier-ink', index: 1, data: [], usage: { cost: 0, cost_unit: 'CNY' } });
    expect(failed.error).toEqual({ message: expect.stringContaining('atelier-ink'), code: 'model_error' });
    expect(res.json.total_cost.amount).toBe(res.json.results[0].usage.cost);

    const all = await generate({ model: ['atelier-ink'], prompt: 'forest' });
    expect(all.status).toBe(200);
    expect(all.json.status).toBe('failed');
    expect(all.json.total_cost.amount).toBe(0);
  });

  it('fails a model that misses the deadline with code timeout, on time', async () => {
    // A deadline of 4 s for this test (the configured one is a minute): long enough for a healthy
    // model under load, short enough to wait out.
    await setKnobs(svc, { deadlineMs: { generation: 4000 } });
    try {
      const started = Date.now();
      const res = await generate({ model: ['atelier-pixel', 'atelier-mosaic'], prompt: 'desert', seed: 2 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
      expect(Date.now() - started).toBeLessThan(9000);
      expect(res.json.results[0].error).toEqual({ code: 'timeout', message: 'atelier-pixel did not finish within 4 s.' });
      expect(res.json.results[1].data).toHaveLength(1);
    } finally {
      await setKnobs(svc, { deadlineMs: {} });
    }
  });

  it('accepts prompts in any script', async () => {
    for (const prompt of ['一只在月光下的猫', 'قطة تحت ضوء القمر', '🌅🌊', 'Ночной город']) {
      const res = await generate({ model: 'atelier-mosaic', prompt, seed: 5 });
      expect(res.status).toBe(200);
      expect(res.json.results[0].data).toHaveLength(1);
    }
  });
});
