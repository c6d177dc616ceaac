import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderId } from '../../src/providers/types';
import { conformanceCases } from '../../src/testing/conformance';
import { call, download, postEdit, startService, type RunningService } from '../../src/testing';
import { FAKE_MODELS, startProviderFakes, type ProviderFakes } from '../../src/testing/provider-fakes';

// The service with a providers file pointing at every provider's fake: each provider-backed model
// answers the interface's conformance cases, and the layer's promises hold per provider (sizes by
// decisions.md row 18, masks in each provider's convention checked by pixels, failures by row 19).

const PROVIDERS = Object.keys(FAKE_MODELS) as Array<keyof typeof FAKE_MODELS>;
/** Providers whose edit model takes a mask (Google's does not). */
const MASKED: ProviderId[] = ['openai', 'dashscope', 'fal', 'replicate'];
/** The cases that send a model: the rest do not depend on which models the service offers. */
const MODEL_CASES = conformanceCases.filter((c) => /answers a multi-model batch|returns b64_json|edits a picture|takes a seed/.test(c.name));

let fakes: ProviderFakes;
let service: RunningService;
let dir: string;
beforeAll(async () => {
  fakes = await startProviderFakes();
  dir = await mkdtemp(path.join(tmpdir(), 'providers-'));
  service = await startService({ SERVICE_PROVIDERS_FILE: await fakes.writeProvidersFile(dir), ...fakes.env });
});
afterAll(async () => {
  await service?.dispose();
  await fakes?.close();
  await rm(dir, { recursive: true, force: true });
});

const generate = (model: string | string[], extra: Record<string, unknown> = {}) =>
  call(service, 'POST', '/v1/images/generations', { model, prompt: 'a lighthouse at dusk', seed: 3, ...extra });

/** A picture whose left half is one colour and right half another, and a mask of a square inside the left half. */
async function pictureAndMask(width: number, height: number) {
  const picture = await sharp({ create: { width, height, channels: 3, background: '#3a6f9c' } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: '#d9c27a' } }, left: width / 2, top: 0 }])
    .png()
    .toBuffer();
  const side = width / 4;
  const mask = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: side, height: side, channels: 3, background: '#ffffff' } }, left: side / 2, top: side / 2 }])
    .png()
    .toBuffer();
  return {
    picture,
    mask,
    inside: { x: side, y: side },
    outside: [
      { x: (width * 3) / 4, y: height / 2 },
      { x: 2, y: height - 3 },
    ],
  };
}

const pixel = async (png: Buffer, { x, y }: { x: number; y: number }) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
};

describe.each(PROVIDERS)('%s behind the service', (provider) => {
  const { image, edit } = FAKE_MODELS[provider];
  const fake = () => fakes[provider];

  for (const c of MODEL_CASES) {
    it(
      `conformance: ${c.name}`,
      () => c.run({ base: `${service.url}/v1`, key: service.key, imageModels: [image.id, image.id], editModel: edit.id }),
      c.timeoutMs,
    );
  }

  it('is listed with its provider, native sizes and what it can do (row 18)', async () => {
    const { json } = await call(service, 'GET', '/v1/models');
    const listed = json.data.filter((m: any) => m.id === image.id || m.id === edit.id);
    expect(listed).toHaveLength(2);
    for (const model of listed) {
      expect(model.provider.id).toBe(provider);
      expect(Array.isArray(model.native_sizes) || model.max_side > 0).toBe(true);
      expect(model.price.currency).toBe('CNY');
    }
    expect(listed.find((m: any) => m.kind === 'edit').mask).toBe(MASKED.includes(provider));
  });

  it('answers a size the provider lacks at the size asked (row 18)', { timeout: 60_000 }, async () => {
    const res = await generate(image.id, { size: '2048x2048' });
    expect(res.status, res.text).toBe(200);
    const file = await download(res.json.results[0].data[0].url);
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'png', width: 2048, height: 2048 });
  });

  it.runIf(MASKED.includes(provider))("sends the mask in the provider's convention: outside it, nothing changes (pixels)", { timeout: 60_000 }, async () => {
    const { picture, mask, inside, outside } = await pictureAndMask(1024, 1024);
    const res = await postEdit(service, { image: picture, mask, prompt: 'make it red', model: edit.id });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const answer = (await download(res.json.data[0].url)).bytes;
    expect(await sharp(answer).metadata()).toMatchObject({ width: 1024, height: 1024 });
    for (const spot of outside) {
      const [got, was] = [await pixel(answer, spot), await pixel(picture, spot)];
      expect(Math.max(...got.map((v, i) => Math.abs(v - was[i]))), `at ${spot.x},${spot.y}`).toBeLessThanOrEqual(2);
    }
    expect(await pixel(answer, inside)).not.toEqual(await pixel(picture, inside));
  });

  it.runIf(!MASKED.includes(provider))('refuses a masked edit before it runs, saying the model takes no mask', async () => {
    const { picture, mask } = await pictureAndMask(256, 256);
    const calls = fake().calls.length;
    const res = await postEdit(service, { image: picture, mask, prompt: 'make it red', model: edit.id });
    expect([res.status, res.json.error.code, res.json.error.param]).toEqual([400, 'unsupported_edit_kind', 'mask']);
    expect(res.json.error.message).toMatch(/takes no mask/);
    expect(fake().calls.length).toBe(calls);
  });

  it('waits out a short Retry-After once, and answers a long one with 429 and Retry-After', { timeout: 60_000 }, async () => {
    fake().faults.push({ kind: 'rate_limit', retryAfter: 1 });
    const started = Date.now();
    const waited = await generate(image.id);
    expect(waited.status, waited.text).toBe(200);
    expect(waited.json.results[0].data.length).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    fake().faults.push({ kind: 'rate_limit', retryAfter: 30 });
    const limited = await generate(image.id);
    expect([limited.status, limited.json.error.code, limited.headers.get('retry-after')]).toEqual([429, 'rate_limited', '30']);
  });

  it('reports a content refusal as content_policy, costing 0, in a batch and for an edit', { timeout: 60_000 }, async () => {
    fake().faults.push({ kind: 'content_policy' });
    const batch = await generate([image.id, 'atelier-ink']);
    expect(batch.status).toBe(200);
    expect(batch.json.results[0]).toMatchObject({ data: [], error: { code: 'content_policy' }, usage: { cost: 0 } });
    expect(batch.json.results[1].usage.cost).toBeGreaterThan(0);
    expect(batch.json.total_cost.amount).toBe(batch.json.results[1].usage.cost);

    const { picture, mask } = await pictureAndMask(256, 256);
    fake().faults.push({ kind: 'content_policy' });
    const parts: Record<string, Buffer | string> = MASKED.includes(provider) ? { mask, prompt: 'make it red' } : { prompt: 'convert to watercolor style' };
    const refused = await postEdit(service, { image: picture, ...parts, model: edit.id });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'content_policy']);
  });

  it("reports the provider refusing the operator's key as 502 provider_auth", async () => {
    fake().faults.push({ kind: 'auth' });
    const batch = await generate(image.id);
    expect(batch.json.results[0]).toMatchObject({ error: { code: 'provider_auth' }, usage: { cost: 0 } });
  });
});

describe('the providers behind the service', () => {
  it("never write a provider's key into an answer or the log", async () => {
    const answers = await Promise.all([
      call(service, 'GET', '/v1/models'),
      ...PROVIDERS.map((p) => (fakes[p].faults.push({ kind: 'auth' }), generate(FAKE_MODELS[p].image.id))),
    ]);
    const printed = service.log() + answers.map((a) => a.text).join('\n');
    for (const key of Object.values(fakes.env)) expect(printed).not.toContain(key);
  });
});
