import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { fal } from '../../src/providers/fal';
import type { EditCall, GenerateCall, ModelCapabilities } from '../../src/providers/types';
import { maskPng, rgba, scenePng } from '../../src/testing/images';
import { falFillSchema, falSchnellSchema, startFalFake } from '../../src/testing/provider-fakes/fal';
import { sizeOf } from '../../src/testing/provider-fakes/harness';
import { example, failure, fakeForFile, isPng } from './support';

// The fal adapter against its fake: the wire format fal documents, its failures in decisions.md
// row 19's terms, and result files downloaded before their URLs die.

const vendorExample = (file: string) => example('fal', file);

const fake = fakeForFile(startFalFake);

const adapter = (apiKey = fake.key) => fal.adapter({ baseUrl: fake.baseUrl, apiKey });
const generation = (call: Partial<GenerateCall> = {}): GenerateCall => ({
  model: 'fal-ai/flux/schnell',
  prompt: 'a lighthouse at dusk',
  width: 1024,
  height: 576,
  n: 2,
  seed: 7,
  background: 'opaque',
  signal: new AbortController().signal,
  ...call,
});

/** A direct call to the fake, as fal's own clients make it. */
const post = (path: string, body: unknown, key = fake.key) =>
  fetch(`${fake.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Key ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('fal: generations (fal-ai/flux/schnell)', () => {
  it("returns n distinct PNGs of the size asked, from one request in fal's wire format", async () => {
    const files = await adapter().generate(generation());
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(isPng(file)).toBe(true);
      expect(await sizeOf(file)).toEqual({ width: 1024, height: 576 });
    }
    expect(files[0].equals(files[1])).toBe(false);

    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/fal-ai/flux/schnell');
    expect(call.headers.authorization).toBe(`Key ${fake.key}`);
    expect(call.body).toEqual({ prompt: 'a lighthouse at dusk', image_size: { width: 1024, height: 576 }, num_images: 2, seed: 7, output_format: 'png' });
  });

  it('makes every native size it lists', async () => {
    for (const size of (fal.models['fal-ai/flux/schnell'] as ModelCapabilities).sizes ?? []) {
      const [width, height] = size.split('x').map(Number);
      const [file] = await adapter().generate(generation({ width, height, n: 1 }));
      expect(await sizeOf(file), size).toEqual({ width, height });
    }
  });
});

describe('fal: masked edits (fal-ai/flux-pro/v1/fill)', () => {
  it('sends the image and the mask as data URIs; only the pixels inside the mask change', async () => {
    const [W, H] = [320, 240];
    const image = await scenePng(W, H);
    const mask = await maskPng(W, H, { x: 100, y: 60, w: 120, h: 100 }, 0);
    const call: EditCall = {
      model: 'fal-ai/flux-pro/v1/fill',
      prompt: 'a red door',
      kind: 'local',
      image,
      mask,
      width: W,
      height: H,
      seed: 3,
      signal: new AbortController().signal,
    };
    const out = await adapter().edit!(call);

    const [sent] = fake.calls;
    expect(sent.path).toBe('/fal-ai/flux-pro/v1/fill');
    const body = sent.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['image_url', 'mask_url', 'num_images', 'output_format', 'prompt', 'seed']);
    expect(body).toMatchObject({ prompt: 'a red door', num_images: 1, seed: 3, output_format: 'png' });
    expect(body.image_url).toBe(`data:image/png;base64,${image.toString('base64')}`);
    expect(body.mask_url).toBe(`data:image/png;base64,${mask.toString('base64')}`);

    expect(isPng(out)).toBe(true);
    const [before, after, m] = await Promise.all([rgba(image), rgba(out), rgba(mask)]);
    expect([after.width, after.height]).toEqual([W, H]);
    let outsideChanged = 0;
    let inside = 0;
    let insideChanged = 0;
    for (let p = 0; p < W * H; p++) {
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

describe("fal: the fake speaks fal's documented wire format", () => {
  it('accepts the documented request examples', () => {
    const schemas = { '/fal-ai/flux/schnell': falSchnellSchema, '/fal-ai/flux-pro/v1/fill': falFillSchema };
    for (const name of ['flux-schnell.request.json', 'flux-schnell-options.request.json', 'flux-pro-v1-fill.request.json']) {
      const { path, body } = vendorExample(name);
      const parsed = schemas[path as keyof typeof schemas].safeParse(body);
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
    }
    // And refuses what fal's schema does not allow.
    expect(falSchnellSchema.safeParse({ prompt: 'x', num_images: 5 }).success).toBe(false);
    expect(falSchnellSchema.safeParse({ prompt: 'x', image_size: 'square_xl' }).success).toBe(false);
  });

  it('answers in the documented shapes', async () => {
    const schnell = await post('/fal-ai/flux/schnell', vendorExample('flux-schnell.request.json').body);
    const documented = vendorExample('flux-schnell.response.json').body;
    const answer = await schnell.json();
    expect(schnell.status).toBe(200);
    expect(Object.keys(answer).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys(answer.images[0]).sort()).toEqual(Object.keys(documented.images[0]).sort());
    expect(answer.images[0]).toMatchObject({ width: 1024, height: 768, content_type: 'image/jpeg' });

    const image = await scenePng(64, 48);
    const mask = await maskPng(64, 48, { x: 10, y: 10, w: 20, h: 20 }, 0);
    const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
    const fill = await post('/fal-ai/flux-pro/v1/fill', {
      ...vendorExample('flux-pro-v1-fill.request.json').body,
      image_url: dataUri(image),
      mask_url: dataUri(mask),
    });
    const documentedFill = vendorExample('flux-pro-v1-fill.response.json').body;
    const fillAnswer = await fill.json();
    expect(Object.keys(fillAnswer).sort()).toEqual(Object.keys(documentedFill).sort());
    expect(Object.keys(fillAnswer.images[0]).sort()).toEqual(Object.keys(documentedFill.images[0]).sort());

    fake.faults.push({ kind: 'content_policy' });
    const refused = await post('/fal-ai/flux-pro/v1/fill', {
      ...vendorExample('flux-pro-v1-fill.request.json').body,
      image_url: dataUri(image),
      mask_url: dataUri(mask),
    });
    expect(refused.status).toBe(422);
    expect(Object.keys((await refused.json()).detail[0]).sort()).toEqual(
      Object.keys(vendorExample('content-policy-violation.response.json').body.detail[0]).sort(),
    );

    const stranger = await post('/fal-ai/flux/schnell', { prompt: 'x' }, `${fake.key.split(':')[0]}:0000`);
    expect(stranger.status).toBe(401);
    expect(await stranger.json()).toEqual(vendorExample('unauthorized.response.json').body);

    const misfit = await post('/fal-ai/flux/schnell', { prompt: 'x', num_images: 9 });
    expect(misfit.status).toBe(422);
    expect((await misfit.json()).detail[0].type).toBe('value_error');
  });
});

describe('fal: failures', () => {
  it('a 429 is rate_limited, with the Retry-After seconds', async () => {
    fake.faults.push({ kind: 'rate_limit', retryAfter: 7 });
    const error = await failure(adapter().generate(generation()));
    expect(error.reason).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(7);
  });

  it("a content refusal is content_policy: FLUX [schnell]'s has_nsfw_concepts, and Fill's content_policy_violation", async () => {
    fake.faults.push({ kind: 'content_policy' });
    expect((await failure(adapter().generate(generation()))).reason).toBe('content_policy');

    fake.faults.push({ kind: 'content_policy' });
    const image = await scenePng(64, 48);
    const call: EditCall = {
      model: 'fal-ai/flux-pro/v1/fill',
      prompt: 'x',
      kind: 'local',
      image,
      mask: null,
      width: 64,
      height: 48,
      seed: undefined,
      signal: new AbortController().signal,
    };
    const error = await failure(adapter().edit!(call));
    expect(error.reason).toBe('content_policy');
    expect(error.message).toContain('flagged');
  });

  it('a key fal does not know is provider_auth, and the message does not hold the key', async () => {
    const wrong = `${fake.key.split(':')[0]}:${'f'.repeat(32)}`;
    const error = await failure(adapter(wrong).generate(generation()));
    expect(error.reason).toBe('provider_auth');
    expect(error.message).not.toContain(wrong);
    expect(error.message).not.toContain(wrong.split(':')[1]);
  });

  it('a server error is provider_error', async () => {
    fake.faults.push({ kind: 'server_error' });
    expect((await failure(adapter().generate(generation()))).reason).toBe('provider_error');
  });

  it('an aborted signal is timeout', async () => {
    fake.faults.push({ kind: 'slow', ms: 5_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const error = await failure(adapter().generate(generation({ signal: controller.signal })));
    expect(error.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('fal: result files', () => {
  it('are downloaded before their URL dies', async () => {
    fake.fileTtlMs = 200;
    const [file] = await adapter().generate(generation({ n: 1 }));
    expect(isPng(file)).toBe(true);
    expect(await sizeOf(file)).toEqual({ width: 1024, height: 576 });
    expect(fake.served).toHaveLength(1);
    await sleep(300);
    expect((await fetch(fake.served[0])).status).toBe(403);
  });

  it("a file that died before the download is a provider_error, not the key's fault", async () => {
    fake.fileTtlMs = 0;
    const error = await failure(adapter().generate(generation({ n: 1 })));
    expect(error.reason).toBe('provider_error');
    expect(error.message).toContain('403');
  });
});
