import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProviderModels } from './registry';
import { nativeSize } from './run';
import type { ModelCapabilities } from './types';

describe('nativeSize (decisions.md row 18)', () => {
  const openai: ModelCapabilities = { kind: 'image', sizes: ['1024x1024', '1536x1024', '1024x1536'], maxN: 1, transparency: true, seed: false };
  it("renders at the provider's largest size of the nearest aspect", () => {
    expect(nativeSize(openai, 2048, 2048)).toEqual({ width: 1024, height: 1024 });
    expect(nativeSize(openai, 320, 240)).toEqual({ width: 1536, height: 1024 });
    expect(nativeSize(openai, 600, 1000)).toEqual({ width: 1024, height: 1536 });
    const two: ModelCapabilities = { ...openai, sizes: ['512x512', '1024x1024'] };
    expect(nativeSize(two, 4096, 4096)).toEqual({ width: 1024, height: 1024 });
  });
  it('scales a picture into the bounds of a model that takes any size', () => {
    const any: ModelCapabilities = { ...openai, sizes: null, minSide: 512, maxSide: 2048 };
    expect(nativeSize(any, 320, 240)).toEqual({ width: 683, height: 512 });
    expect(nativeSize(any, 4096, 2048)).toEqual({ width: 2048, height: 1024 });
    expect(nativeSize(any, 1000, 800)).toEqual({ width: 1000, height: 800 });
  });
});

describe('the providers file', () => {
  let dir: string;
  beforeAll(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'providers-file-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const load = async (body: unknown, env: Record<string, string> = { OPENAI_API_KEY: 'sk-test', FAL_KEY: 'id:secret' }) => {
    const file = path.join(dir, `${Math.random()}.json`);
    await writeFile(file, JSON.stringify(body));
    const said: string[] = [];
    return { models: loadProviderModels(file, env, (line) => said.push(line)), said };
  };
  const price = { per_image: { '1024x1024': 0.3, '2048x2048': 0.6, '4096x4096': 1.2 } };

  it("offers priced models whose provider has a key, with the built-in capabilities and the file's overrides", async () => {
    const { models, said } = await load({
      models: [
        { id: 'gpt', kind: 'image', provider: 'openai', provider_model: 'gpt-image-1', price },
        {
          id: 'gpt-edit',
          kind: 'edit',
          provider: 'openai',
          provider_model: 'gpt-image-1',
          price: { per_edit: { '4096': 0.5 } },
          capabilities: { edit_kinds: ['local'] },
        },
        { id: 'unpriced', kind: 'image', provider: 'openai', provider_model: 'gpt-image-1' },
        { id: 'no-key', kind: 'image', provider: 'replicate', provider_model: 'black-forest-labs/flux-schnell', price },
      ],
    });
    expect(models.map((m) => m.id)).toEqual(['gpt', 'gpt-edit']);
    expect(models[0].binding.capabilities).toMatchObject({ sizes: ['1024x1024', '1536x1024', '1024x1536'], transparency: true });
    expect(models[1].binding.capabilities).toMatchObject({ mask: 'alpha', editKinds: ['local'] });
    expect(said.join('\n')).toMatch(/unpriced: no per_image price/);
    expect(said.join('\n')).toMatch(/Replicate|replicate/);
    expect(said.join('\n')).toMatch(/REPLICATE_API_TOKEN/);
    expect(said.join('\n')).not.toContain('sk-test');
  });

  it('needs every capability of a model it does not know, and refuses a key in the file', async () => {
    await expect(load({ models: [{ id: 'x', kind: 'image', provider: 'fal', provider_model: 'fal-ai/new-model', price }] })).rejects.toThrow(
      /must give sizes, max_n/,
    );
    const known = await load({
      models: [{ id: 'x', kind: 'image', provider: 'fal', provider_model: 'fal-ai/new-model', price, capabilities: { sizes: ['1024x1024'], max_n: 1 } }],
    });
    expect(known.models).toHaveLength(1);
    await expect(load({ providers: { openai: { api_key: 'sk-in-a-file' } }, models: [] })).rejects.toThrow();
  });

  const videoPrice = { per_second: { '480p': 0.2, '720p': 0.4, '1080p': 0.8 } };
  it('offers video models with their capabilities; a key pair needs both halves', async () => {
    const { models, said } = await load(
      {
        models: [
          { id: 'kling', kind: 'video', provider: 'kling', provider_model: 'kling-v2-1-master', price: videoPrice },
          {
            id: 'seedance',
            kind: 'video',
            provider: 'ark',
            provider_model: 'doubao-seedance-1-0-pro-250528',
            price: { ...videoPrice, per_million_tokens: 15 },
          },
          { id: 'seedance-unpriced', kind: 'video', provider: 'ark', provider_model: 'doubao-seedance-1-0-pro-250528', price },
          {
            id: 'seedance-no-480p',
            kind: 'video',
            provider: 'ark',
            provider_model: 'doubao-seedance-1-0-pro-250528',
            price: { per_second: { '720p': 0.4, '1080p': 0.8 } },
          },
        ],
      },
      { KLING_ACCESS_KEY: 'ak', ARK_API_KEY: 'ark-key' },
    );
    expect(models.map((m) => m.id)).toEqual(['seedance']);
    const seedance = models[0];
    expect(seedance.kind === 'video' && seedance.binding.capabilities).toMatchObject({ kind: 'video', defaultDuration: 5, audio: false });
    expect(said.join('\n')).toMatch(/Kling AI: no key in KLING_ACCESS_KEY and KLING_SECRET_KEY/);
    expect(said.join('\n')).toMatch(/seedance-unpriced: no per_second price/);
    expect(said.join('\n')).toMatch(/seedance-no-480p: no per_second price for 480p, which it makes/);
    const both = await load(
      { models: [{ id: 'kling', kind: 'video', provider: 'kling', provider_model: 'kling-v2-1-master', price: videoPrice }] },
      {
        KLING_ACCESS_KEY: 'ak',
        KLING_SECRET_KEY: 'sk',
      },
    );
    expect(both.models).toHaveLength(1);
  });

  it('refuses a video model it does not know without its capabilities, and a default duration it cannot make', async () => {
    const env = { ARK_API_KEY: 'ark-key' };
    await expect(load({ models: [{ id: 'x', kind: 'video', provider: 'ark', provider_model: 'seedance-9', price: videoPrice }] }, env)).rejects.toThrow(
      /must give durations, default_duration, resolutions, aspect_ratios/,
    );
    const entry = { id: 'x', kind: 'video', provider: 'ark', provider_model: 'doubao-seedance-1-0-pro-250528', price: videoPrice };
    await expect(load({ models: [{ ...entry, capabilities: { durations: [5, 10], default_duration: 7 } }] }, env)).rejects.toThrow(/default duration 7 s/);
    await expect(load({ models: [{ ...entry, provider: 'openai', provider_model: 'gpt-image-1' }] }, { OPENAI_API_KEY: 'k' })).rejects.toThrow();
  });
});
