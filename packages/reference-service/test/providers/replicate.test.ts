import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { replicate } from '../../src/providers/replicate';
import type { EditCall, GenerateCall, ModelCapabilities } from '../../src/providers/types';
import { maskPng, rgba, scenePng } from '../../src/testing/images';
import { sizeOf } from '../../src/testing/provider-fakes/harness';
import { example, failure, fakeForFile, isPng } from './support';
import { briaGenfillRequestSchema, fluxSchnellRequestSchema, startReplicateFake } from '../../src/testing/provider-fakes/replicate';

// The Replicate adapter against its fake: predictions created and polled in Replicate's wire format,
// its failures in decisions.md row 19's terms, and output files downloaded before their URLs die.

const vendorExample = (file: string) => example('replicate', file);
const keys = (o: object) => Object.keys(o).sort();

const fake = fakeForFile(startReplicateFake);

const adapter = (apiKey = fake.key) => replicate.adapter({ baseUrl: fake.baseUrl, apiKey });
const generation = (call: Partial<GenerateCall> = {}): GenerateCall => ({
  model: 'black-forest-labs/flux-schnell',
  prompt: 'a lighthouse at dusk',
  width: 1344,
  height: 768,
  n: 2,
  seed: 7,
  background: 'opaque',
  signal: new AbortController().signal,
  ...call,
});

/** A direct call to the fake's API, as Replicate's own clients make it. */
const api = (path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) =>
  fetch(`${fake.origin}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.key === null ? {} : { authorization: `Bearer ${init.key ?? fake.key}` }), 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const editCall = async (call: Partial<EditCall> = {}): Promise<EditCall> => {
  const image = await scenePng(320, 240);
  const mask = await maskPng(320, 240, { x: 100, y: 60, w: 120, h: 100 }, 0);
  return {
    model: 'bria/genfill',
    prompt: 'a red door',
    kind: 'local',
    image,
    mask,
    width: 320,
    height: 240,
    seed: 3,
    signal: new AbortController().signal,
    ...call,
  };
};

describe('Replicate: generations (black-forest-labs/flux-schnell)', () => {
  it('creates one prediction, polls it to the end and returns n distinct PNGs of the size asked', async () => {
    const files = await adapter().generate(generation());
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(isPng(file)).toBe(true);
      expect(await sizeOf(file)).toEqual({ width: 1344, height: 768 });
    }
    expect(files[0].equals(files[1])).toBe(false);

    const [create, ...polls] = fake.calls;
    expect(create.method).toBe('POST');
    expect(create.path).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(create.headers.authorization).toBe(`Bearer ${fake.key}`);
    expect(create.headers.prefer).toBe('wait');
    // The size as flux-schnell takes it: an aspect ratio.
    expect(create.body).toEqual({ input: { prompt: 'a lighthouse at dusk', aspect_ratio: '16:9', seed: 7, num_outputs: 2, output_format: 'png' } });
    // starting → processing → succeeded: two polls of urls.get, with the key.
    expect(polls).toHaveLength(2);
    for (const poll of polls) {
      expect(poll.method).toBe('GET');
      expect(poll.path).toMatch(/^\/v1\/predictions\/[a-z0-9]+$/);
      expect(poll.headers.authorization).toBe(`Bearer ${fake.key}`);
    }
  });

  it('makes every native size it lists', async () => {
    const sizes = (replicate.models['black-forest-labs/flux-schnell'] as ModelCapabilities).sizes ?? [];
    const files = await Promise.all(sizes.map((size) => adapter().generate(generation({ width: +size.split('x')[0], height: +size.split('x')[1], n: 1 }))));
    expect(await Promise.all(files.map(async ([file]) => Object.values(await sizeOf(file)).join('x')))).toEqual(sizes);
  });
});

describe('Replicate: masked edits (bria/genfill)', () => {
  it('sends the image and the mask as data URIs; only the pixels inside the mask change', async () => {
    const call = await editCall();
    const out = await adapter().edit!(call);

    const [create] = fake.calls;
    expect(create.path).toBe('/v1/models/bria/genfill/predictions');
    // num_outputs is the SDK's; Replicate drops inputs a model does not declare.
    expect(create.body).toEqual({
      input: {
        prompt: 'a red door',
        seed: 3,
        num_outputs: 1,
        image: `data:image/png;base64,${call.image.toString('base64')}`,
        mask: `data:image/png;base64,${call.mask!.toString('base64')}`,
      },
    });

    expect(isPng(out)).toBe(true);
    const [before, after, m] = await Promise.all([rgba(call.image), rgba(out), rgba(call.mask!)]);
    expect([after.width, after.height]).toEqual([320, 240]);
    let outsideChanged = 0;
    let inside = 0;
    let insideChanged = 0;
    for (let p = 0; p < 320 * 240; p++) {
      const changed = [0, 1, 2].some((c) => after.data[p * 4 + c] !== before.data[p * 4 + c]);
      if (m.data[p * 4] === 0 && changed) outsideChanged++;
      if (m.data[p * 4] === 255) {
        inside++;
        if (changed) insideChanged++;
      }
    }
    expect(outsideChanged).toBe(0);
    expect(insideChanged / inside).toBeGreaterThan(0.9);
  });
});

describe("Replicate: the fake speaks Replicate's documented wire format", () => {
  it('accepts the documented request examples', () => {
    const schemas: Record<string, typeof fluxSchnellRequestSchema | typeof briaGenfillRequestSchema> = {
      '/v1/models/black-forest-labs/flux-schnell/predictions': fluxSchnellRequestSchema,
      '/v1/models/bria/genfill/predictions': briaGenfillRequestSchema,
    };
    for (const name of ['flux-schnell.request.json', 'flux-schnell-options.request.json', 'bria-genfill.request.json']) {
      const { path, body } = vendorExample(name);
      const parsed = schemas[path].safeParse(body);
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
    }
    // And refuses what the models' schemas do not allow.
    expect(fluxSchnellRequestSchema.safeParse({ input: { prompt: 'x', aspect_ratio: '7:5' } }).success).toBe(false);
    expect(briaGenfillRequestSchema.safeParse({ input: { prompt: 'x', image: 'data:,' } }).success).toBe(false);
  });

  it('answers in the documented shapes, through starting → processing → succeeded', async () => {
    const { path, body } = vendorExample('flux-schnell.request.json');
    const created = await api(path, { method: 'POST', body });
    expect(created.status).toBe(201);
    const prediction = await created.json();
    expect(keys(prediction)).toEqual(keys(vendorExample('flux-schnell.response.json').body));
    expect(keys(prediction.urls)).toEqual(keys(vendorExample('flux-schnell.response.json').body.urls));
    expect(prediction.status).toBe('starting');

    const statuses: string[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 2; i++) {
      last = await (await api(new URL(prediction.urls.get).pathname)).json();
      statuses.push(last.status as string);
    }
    expect(statuses).toEqual(['processing', 'succeeded']);
    expect(keys(last)).toEqual(keys(vendorExample('prediction.response.json').body));
    // flux-schnell's default output is WebP, at 1:1 by default.
    const file = await fetch((last.output as string[])[0]);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(await sizeOf(Buffer.from(await file.arrayBuffer()))).toEqual({ width: 1024, height: 1024 });

    const anonymous = await api(path, { method: 'POST', body, key: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(vendorExample('unauthenticated.response.json').body);

    fake.faults.push({ kind: 'rate_limit', retryAfter: 30 });
    const throttled = await api(path, { method: 'POST', body });
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toEqual(vendorExample('throttled.response.json').body);

    const misfit = await api(path, { method: 'POST', body: { input: { prompt: 'x', num_outputs: 9 } } });
    expect(misfit.status).toBe(422);
    expect(keys(await misfit.json())).toEqual(['detail', 'status', 'title']);
  });
});

describe('Replicate: failures', () => {
  it('a 429 is rate_limited, with the Retry-After seconds', async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 7 });
    const error = await failure(adapter().generate(generation()));
    expect(error.reason).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(7);
  });

  it("a prediction failed for its content is content_policy: flux-schnell's NSFW, Replicate's E005", async () => {
    fake.faults.push({ kind: 'content_policy' });
    const nsfw = await failure(adapter().generate(generation()));
    expect(nsfw.reason).toBe('content_policy');
    expect(nsfw.message).toContain('NSFW');

    fake.faults.push({ kind: 'content_policy' });
    const sensitive = await failure(adapter().edit!(await editCall({ mask: null })));
    expect(sensitive.reason).toBe('content_policy');
    expect(sensitive.message).toContain('sensitive');
  });

  it('a token Replicate does not know is provider_auth, and the message does not hold the token', async () => {
    const wrong = `r8_${'f'.repeat(38)}`;
    const error = await failure(adapter(wrong).generate(generation()));
    expect(error.reason).toBe('provider_auth');
    expect(error.message).not.toContain(wrong);
  });

  it('a server error is provider_error', async () => {
    fake.faults.push({ kind: 'server_error' });
    expect((await failure(adapter().generate(generation()))).reason).toBe('provider_error');
  });

  it('an aborted signal is timeout, while the prediction is still being polled', async () => {
    fake.faults.push({ kind: 'slow', ms: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_200);
    const started = Date.now();
    const error = await failure(adapter().generate(generation({ signal: controller.signal })));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.calls.filter((call) => call.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });
});

describe('Replicate: output files', () => {
  it('are downloaded before their URL dies', async () => {
    // Longer than the fake's 200 ms elsewhere: the SDK waits one poll interval (500 ms) after the last poll before it downloads.
    fake.fileTtlMs = 1_000;
    const [file] = await adapter().generate(generation({ n: 1 }));
    expect(isPng(file)).toBe(true);
    expect(await sizeOf(file)).toEqual({ width: 1344, height: 768 });

    expect(fake.served).toHaveLength(1);
    await sleep(1_100);
    expect((await fetch(fake.served[0])).status).toBe(403);
  });

  it("a file that died before the download is a provider_error, not the token's fault", async () => {
    fake.fileTtlMs = 0;
    const error = await failure(adapter().generate(generation({ n: 1 })));
    expect(error.reason).toBe('provider_error');
    expect(error.message).toContain('403');
  });
});
