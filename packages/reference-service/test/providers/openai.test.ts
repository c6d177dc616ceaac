import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openai } from '../../src/providers/openai';
import type { ProviderAdapter } from '../../src/providers/types';
import { openaiEditSchema, openaiGenerationSchema, startOpenAIFake } from '../../src/testing/provider-fakes/openai';
import { example, failure, fakeForFile } from './support';

// The OpenAI adapter (the AI SDK's @ai-sdk/openai) against a fake of OpenAI's Images API.

/** A documented body without its `$source`. */
const vendorExample = (file: string) => {
  const { $source: _source, ...body } = example('openai', file);
  return body;
};
const signal = () => AbortSignal.timeout(10_000);
const fake = fakeForFile(startOpenAIFake);
let adapter: ProviderAdapter;
beforeAll(() => void (adapter = openai.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key })));

describe('the OpenAI adapter', () => {
  it('generates PNGs of a native size, sending what the API reference documents', async () => {
    const files = await adapter.generate({
      model: 'gpt-image-1',
      prompt: 'a lighthouse',
      width: 1536,
      height: 1024,
      n: 2,
      seed: undefined,
      background: 'transparent',
      signal: signal(),
    });
    expect(files).toHaveLength(2);
    for (const file of files) expect(await sharp(file).metadata()).toMatchObject({ format: 'png', width: 1536, height: 1024, hasAlpha: true });
    const call = fake.calls.at(-1)!;
    expect([call.method, call.path, call.headers.authorization]).toEqual(['POST', '/v1/images/generations', `Bearer ${fake.key}`]);
    expect(openaiGenerationSchema.parse(call.body)).toMatchObject({
      model: 'gpt-image-1',
      n: 2,
      size: '1536x1024',
      background: 'transparent',
      output_format: 'png',
    });
  });

  it('edits with the image and the alpha mask as multipart files', async () => {
    const image = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#204060' } })
      .png()
      .toBuffer();
    // OpenAI's convention: transparent where to edit (the left half).
    const keep = Buffer.alloc(1024 * 1024, 255);
    for (let y = 0; y < 1024; y++) keep.fill(0, y * 1024, y * 1024 + 512);
    const mask = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#ffffff' } })
      .joinChannel(keep, { raw: { width: 1024, height: 1024, channels: 1 } })
      .png()
      .toBuffer();
    const file = await adapter.edit!({
      model: 'gpt-image-1',
      prompt: 'make it red',
      kind: 'local',
      image,
      mask,
      width: 1024,
      height: 1024,
      seed: undefined,
      signal: signal(),
    });
    const { data } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 1024 + x) * 3, (y * 1024 + x) * 3 + 3)];
    expect(at(900, 500)).toEqual([0x20, 0x40, 0x60]);
    expect(at(100, 500)).not.toEqual([0x20, 0x40, 0x60]);
    const body = openaiEditSchema.parse(fake.calls.at(-1)!.body);
    expect([body.model, body.size, (body.image as { type: string }).type, body.mask?.type]).toEqual(['gpt-image-1', '1024x1024', 'image/png', 'image/png']);
  });

  it("accepts the API reference's own example bodies", () => {
    expect(openaiGenerationSchema.safeParse(vendorExample('images-generations.request.json')).success).toBe(true);
    const file = { type: 'image/png', size: 1, bytes: Buffer.from('x') };
    const edit = Object.fromEntries(Object.entries(vendorExample('images-edits.request.json')).map(([k, v]) => [k, String(v).startsWith('<file:') ? file : v]));
    expect(openaiEditSchema.safeParse(edit).success).toBe(true);
    expect(vendorExample('images-generations.response.json').data[0]).toHaveProperty('b64_json');
  });

  it('reports a rate limit with its Retry-After, a refusal, a bad key (never echoed) and a timeout in decisions.md row 19 terms', async () => {
    const call = { model: 'gpt-image-1', prompt: 'x', width: 1024, height: 1024, n: 1, seed: undefined, background: 'opaque' as const };
    fake.faults.push({ kind: 'rate_limit', retryAfter: 12 });
    expect(await failure(adapter.generate({ ...call, signal: signal() }))).toMatchObject({ reason: 'rate_limited', retryAfterSeconds: 12 });
    fake.faults.push({ kind: 'content_policy' });
    expect(await failure(adapter.generate({ ...call, signal: signal() }))).toMatchObject({ reason: 'content_policy' });
    const stranger = openai.adapter({ baseUrl: fake.baseUrl, apiKey: 'sk-proj-not-the-key-1234567890' });
    const auth = await failure(stranger.generate({ ...call, signal: signal() }));
    expect(auth.reason).toBe('provider_auth');
    expect(auth.message).not.toContain('1234567890');
    fake.faults.push({ kind: 'slow', ms: 2000 });
    expect(await failure(adapter.generate({ ...call, signal: AbortSignal.timeout(200) }))).toMatchObject({ reason: 'timeout' });
  });
});
