import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { google } from '../../src/providers/google';
import type { EditCall, GenerateCall, ProviderAdapter, ModelCapabilities } from '../../src/providers/types';
import { meanAbsDiff, rgba, scenePng } from '../../src/testing/images';
import { geminiGenerateContentSchema, startGoogleFake } from '../../src/testing/provider-fakes/google';
import { sizeOf, startFake } from '../../src/testing/provider-fakes/harness';
import { example, failure, fakeForFile, isPng } from './support';

// The Google adapter (the AI SDK's generateImage over Gemini's generateContent) against its fake, in
// process: what the SDK sends, the aspect ratio each native size maps to, and each failure in
// decisions.md row 19's terms. Gemini answers pictures inline, so there is no result URL to expire.

const EXAMPLES = new URL('../../src/testing/provider-fakes/examples/google/', import.meta.url);
const MODEL = 'gemini-3.1-flash-image';

const fake = fakeForFile(startGoogleFake);
let adapter: ProviderAdapter;
beforeAll(() => void (adapter = google.adapter({ baseUrl: fake.baseUrl, apiKey: fake.key })));

const generation = (over: Partial<GenerateCall> = {}): GenerateCall => ({
  model: MODEL,
  prompt: 'a lighthouse at dusk',
  width: 1376,
  height: 768,
  n: 1,
  seed: undefined,
  background: 'opaque',
  signal: AbortSignal.timeout(20_000),
  ...over,
});

const edit = async (over: Partial<EditCall> = {}): Promise<EditCall> => ({
  model: MODEL,
  prompt: 'turn it into a watercolour',
  kind: 'style',
  image: await scenePng(1200, 896),
  mask: null,
  width: 1200,
  height: 896,
  seed: undefined,
  signal: AbortSignal.timeout(20_000),
  ...over,
});

type Sent = { contents: Array<{ role?: string; parts: Array<Record<string, any>> }>; generationConfig: Record<string, any> };

describe('Google adapter', () => {
  it("declares one model that generates and edits, with Gemini's native sizes and no mask", () => {
    expect(google.models[MODEL]).toMatchObject({ kind: 'image', maxN: 1, transparency: false });
    expect(google.models[`${MODEL}/edit`]).toMatchObject({ kind: 'edit', model: MODEL, mask: 'none', editKinds: ['style', 'background', 'add'] });
    expect((google.models[MODEL] as ModelCapabilities).sizes).toContain('1024x1024');
  });

  it('generates a PNG of the size asked: the request names the ratio, the key is in x-goog-api-key', async () => {
    const [file] = await adapter.generate(generation());
    // The fake answers JPEG, as Gemini 3 image models do: the adapter hands over a PNG.
    expect(isPng(file)).toBe(true);
    expect(await sizeOf(file)).toEqual({ width: 1376, height: 768 });

    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call.method).toBe('POST');
    expect(call.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
    expect(call.headers['x-goog-api-key']).toBe(fake.key);
    expect(call.headers['content-type']).toBe('application/json');
    const body = call.body as Sent;
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'a lighthouse at dusk' }] }]);
    expect(body.generationConfig).toEqual({ responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '16:9' } });
  });

  it('every native size comes back at that size (its ratio is the one asked)', async () => {
    const sizes = (google.models[MODEL] as ModelCapabilities).sizes!;
    expect(sizes).toHaveLength(10);
    for (const size of sizes) {
      const [width, height] = size.split('x').map(Number);
      const [file] = await adapter.generate(generation({ width, height }));
      expect(await sizeOf(file), size).toEqual({ width, height });
    }
    const ratios = fake.calls.map((c) => (c.body as Sent).generationConfig.imageConfig.aspectRatio);
    expect(ratios).toEqual(['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9']);
  });

  it('edits from the picture and the instruction (inline data, no mask), the whole picture changed', async () => {
    const call = await edit({ seed: 11 });
    const out = await adapter.edit!(call);
    expect(isPng(out)).toBe(true);
    expect(await sizeOf(out)).toEqual({ width: 1200, height: 896 });
    const [before, after] = [await rgba(call.image), await rgba(out)];
    expect(meanAbsDiff(before.data, after.data)).toBeGreaterThan(20);

    const body = fake.calls[0].body as Sent;
    expect(body.contents[0].parts).toEqual([{ text: call.prompt }, { inlineData: { mimeType: 'image/png', data: call.image.toString('base64') } }]);
    expect(body.generationConfig).toEqual({ seed: 11, responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '4:3' } });
  });

  it('the request schema accepts every documented request example, and a malformed body is a 400 INVALID_ARGUMENT', async () => {
    const requests = readdirSync(EXAMPLES).filter((f) => f.endsWith('.request.json'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const file of requests) {
      const { $source, ...body } = vendorExample(file);
      expect($source).toMatch(/ai\.google\.dev/);
      const parsed = geminiGenerateContentSchema.safeParse(body);
      expect(parsed.success, `${file}: ${parsed.error?.message}`).toBe(true);
    }
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.response.json'))) expect(vendorExample(file).$source, file).toBeTruthy();

    const res = await fetch(`${fake.baseUrl}/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': fake.key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ parts: [{ txt: 'typo' }] }] }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.status).toBe('INVALID_ARGUMENT');
  });

  it("answers with the documented response's fields", async () => {
    const res = await fetch(`${fake.baseUrl}/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': fake.key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'a nano banana dish' }] }] }),
    });
    expect(keyPaths(await res.json())).toEqual(expect.arrayContaining(keyPaths(vendorExample('generate-content.response.json'))));
  });

  it('a 429 RESOURCE_EXHAUSTED is rate_limited, waiting what RetryInfo says', async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 37 });
    const error = await failure(adapter.generate(generation()));
    expect(error.reason).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(37);
    expect(error.message).toContain('exceeded your current quota');
  });

  it("a safety block is content_policy: the prompt's (promptFeedback) or the picture's (IMAGE_SAFETY)", async () => {
    fake.faults.push({ kind: 'content_policy' });
    const prompt = await failure(adapter.generate(generation()));
    expect(prompt.reason).toBe('content_policy');
    expect(prompt.message).toContain('PROHIBITED_CONTENT');

    fake.faults.push({ kind: 'content_policy' });
    const picture = await failure(adapter.edit!(await edit()));
    expect(picture.reason).toBe('content_policy');
    expect(picture.message).toContain('IMAGE_SAFETY');
  });

  it('a wrong key (400 API_KEY_INVALID) is provider_auth, and no message holds a key', async () => {
    const wrongKey = 'AIzaSyWrong-0123456789abcdefghijklmnop';
    const error = await failure(google.adapter({ baseUrl: fake.baseUrl, apiKey: wrongKey }).generate(generation()));
    expect(error.reason).toBe('provider_auth');
    expect(error.message).toContain('API key not valid');
    expect(error.message).not.toContain(wrongKey);

    fake.faults.push({ kind: 'auth' });
    const revoked = await failure(adapter.generate(generation()));
    expect(revoked.reason).toBe('provider_auth');
    expect(revoked.message).not.toContain(fake.key);

    // Even an error that echoes the key gets it out of the message.
    const echo = await startFake('google', '/v1beta', (ctx) =>
      ctx.json(400, {
        error: {
          code: 400,
          status: 'INVALID_ARGUMENT',
          message: `API key ${ctx.req.headers['x-goog-api-key']} not valid.`,
          details: [{ reason: 'API_KEY_INVALID' }],
        },
      }),
    );
    try {
      const echoed = await failure(google.adapter({ baseUrl: echo.baseUrl, apiKey: wrongKey }).generate(generation()));
      expect(echoed.reason).toBe('provider_auth');
      expect(echoed.message).toContain('API key [redacted] not valid.');
      expect(echoed.message).not.toContain(wrongKey);
    } finally {
      await echo.close();
    }
  });

  it("an error is provider_error with Google's message: a server error, a retired model", async () => {
    fake.faults.push({ kind: 'server_error' });
    const error = await failure(adapter.generate(generation()));
    expect(error.reason).toBe('provider_error');
    expect(error.message).toContain('INTERNAL');

    const retired = await failure(adapter.generate(generation({ model: 'gemini-2.5-flash-image' })));
    expect(retired.reason).toBe('provider_error');
    expect(retired.message).toContain('not found for API version v1beta');
  });

  it('an aborted signal is timeout', async () => {
    fake.faults.push({ kind: 'slow', ms: 5_000 });
    const started = Date.now();
    const error = await failure(adapter.generate(generation({ signal: AbortSignal.timeout(300) })));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

const vendorExample = (file: string) => example('google', file);

/** Every key path of a JSON value (array items as `[]`), without the example's own `$source`: the shape of an answer. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.slice(0, 1).flatMap((v) => keyPaths(v, `${prefix}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([key]) => key !== '$source')
    .flatMap(([key, v]) => [`${prefix}.${key}`, ...keyPaths(v, `${prefix}.${key}`)]);
}
