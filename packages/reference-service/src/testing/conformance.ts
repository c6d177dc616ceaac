import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { maskPng, scenePng } from './images';
import { readMp4 } from './mp4';

// The interface's conformance suite: the requests any implementation of service-interface.md (and
// decisions.md) must answer alike, with what the answers must hold. Runner-free (node:assert), so
// that the reference service's own tests and Atelier's /api/v1 run the very same cases:
//
//   for (const c of conformanceCases) it(c.name, () => c.run(target), c.timeoutMs);
//
// What only the reference service promises (byte-identical seeds, its knobs, its file URLs, its
// restarts) stays in its own tests.

export interface ConformanceTarget {
  /** The interface's root: `${origin}/v1` for the service, `${origin}/api/v1` for Atelier. */
  base: string;
  /** A key the target accepts, of a caller allowed every model and with room to spend. */
  key: string;
  /** The two image models the generation cases use (by default the reference engines'). */
  imageModels?: [string, string];
  /** The edit model the edit cases use (by default the target's default, sent as no model). */
  editModel?: string;
}

/** A model's entry in GET /models: what it can do, where the target says (absent fields: everything). */
async function modelInfo(target: ConformanceTarget, id: string): Promise<{ transparency: boolean; seed: boolean; mask: boolean; editKinds: string[] | null }> {
  const res = await send(target, 'GET', '/models');
  const model = res.json?.data?.find((m: any) => m.id === id) ?? {};
  return { transparency: model.transparency !== false, seed: model.seed !== false, mask: model.mask !== false, editKinds: model.edit_kinds ?? null };
}

const imageModels = (target: ConformanceTarget) => target.imageModels ?? ['atelier-vista', 'atelier-mosaic'];
const editModel = (target: ConformanceTarget): Record<string, string> => (target.editModel ? { model: target.editModel } : {});

export interface ConformanceCase {
  name: string;
  timeoutMs?: number;
  run(target: ConformanceTarget): Promise<void>;
}

interface Answer {
  status: number;
  json: any;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  try {
    return { status: res.status, json: JSON.parse(text) };
  } catch {
    return { status: res.status, json: undefined };
  }
}

function send(target: ConformanceTarget, method: string, path: string, body?: unknown, key: string | null = target.key): Promise<Answer> {
  return fetch(`${target.base}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(answer);
}

type Part = string | { bytes: Buffer; name: string; type: string };

function sendForm(target: ConformanceTarget, path: string, parts: Record<string, Part>): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  return fetch(`${target.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${target.key}` }, body: form }).then(answer);
}

const png = (bytes: Buffer, name = 'image.png') => ({ bytes, name, type: 'image/png' });

async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The error body of decisions.md row 1, with this status's type. */
const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  404: 'not_found_error',
  413: 'request_too_large',
  415: 'unsupported_media_type',
};

function assertError(res: Answer, status: number, code: string, param?: string | null): void {
  const got = `expected ${status} ${code}${param === undefined ? '' : ` (${param})`}, got ${res.status} ${JSON.stringify(res.json)}`;
  assert.equal(res.status, status, got);
  const error = res.json?.error;
  assert.equal(typeof error?.message, 'string', got);
  if (TYPES[status]) assert.equal(error.type, TYPES[status], got);
  assert.equal(error.code, code, got);
  if (param !== undefined) assert.equal(error.param, param, got);
}

async function assertPng(url: string, width: number, height: number): Promise<Buffer> {
  const file = await download(url);
  assert.equal(file.status, 200, `GET ${url}`);
  assert.equal(file.type, 'image/png');
  const meta = await sharp(file.bytes).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', width, height]);
  return file.bytes;
}

function assertCny(usage: any): void {
  assert.equal(usage?.cost_unit, 'CNY');
  assert.ok(typeof usage.cost === 'number' && usage.cost > 0, `usage.cost ${usage?.cost}`);
}

/** Polls a task until it ends; progress never goes back. */
async function pollTask(target: ConformanceTarget, id: string, timeoutMs: number): Promise<any> {
  let last = -1;
  for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(250)) {
    const res = await send(target, 'GET', `/videos/generations/${id}`);
    assert.equal(res.status, 200, `poll ${id}: ${res.status}`);
    assert.ok(res.json.progress >= last, 'progress never goes back');
    last = res.json.progress;
    if (res.json.status !== 'processing' && res.json.status !== 'queued') return res.json;
  }
  throw new Error(`video ${id} still running after ${timeoutMs} ms`);
}

const W = 320;
const H = 240;

export const conformanceCases: ConformanceCase[] = [
  {
    name: 'GET /models lists image, edit and video models',
    async run(target) {
      const res = await send(target, 'GET', '/models');
      assert.equal(res.status, 200);
      assert.equal(res.json.object, 'list');
      const kinds = new Set(res.json.data.map((m: any) => m.kind));
      for (const kind of ['image', 'edit', 'video']) assert.ok(kinds.has(kind), `a ${kind} model`);
      for (const model of res.json.data) assert.equal(typeof model.id, 'string');
    },
  },
  {
    name: 'a missing or unknown key is refused with 401 in the error shape',
    async run(target) {
      assertError(await send(target, 'GET', '/models', undefined, null), 401, 'missing_api_key');
      assertError(await send(target, 'GET', '/models', undefined, `${target.key.slice(0, 4)}not-a-key-${'x'.repeat(40)}`), 401, 'invalid_api_key');
    },
  },
  {
    name: 'POST /images/generations answers a multi-model batch in request order, priced in CNY, with files to download',
    timeoutMs: 60_000,
    async run(target) {
      const models = imageModels(target);
      const res = await send(target, 'POST', '/images/generations', { model: models, prompt: 'a red sunset over the sea', n: 2, seed: 7 });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      const batch = res.json;
      assert.equal(batch.object, 'batch');
      assert.equal(batch.status, 'completed');
      assert.equal(typeof batch.id, 'string');
      assert.ok(Number.isInteger(batch.created) && Math.abs(batch.created - Date.now() / 1000) < 120, 'created is now, in seconds');
      assert.deepEqual(
        batch.results.map((r: any) => [r.model, r.index]),
        [
          [models[0], 0],
          [models[1], 1],
        ],
      );
      for (const entry of batch.results) {
        assert.equal(entry.data.length, 2);
        assertCny(entry.usage);
        for (const image of entry.data) await assertPng(image.url, 1024, 1024);
      }
      const sum = batch.results.reduce((s: number, r: any) => s + r.usage.cost, 0);
      assert.equal(batch.total_cost.currency, 'CNY');
      assert.ok(Math.abs(batch.total_cost.amount - sum) < 1e-6, `total ${batch.total_cost.amount} = ${sum}`);
    },
  },
  {
    name: 'POST /images/generations returns b64_json when asked, with a real alpha channel for a transparent background (or refuses one up front)',
    timeoutMs: 30_000,
    async run(target) {
      const model = imageModels(target)[0];
      const body = { model, prompt: 'a cat sticker', response_format: 'b64_json', background: 'transparent', seed: 1 };
      const res = await send(target, 'POST', '/images/generations', body);
      // A model that says it cannot make transparency is refused before it runs (decisions.md row 4).
      if (!(await modelInfo(target, model)).transparency) return assertError(res, 400, 'invalid_background', 'background');
      assert.equal(res.status, 200, JSON.stringify(res.json));
      const image = res.json.results[0].data[0];
      assert.equal(image.url, undefined);
      const { data, info } = await sharp(Buffer.from(image.b64_json, 'base64')).raw().toBuffer({ resolveWithObject: true });
      assert.deepEqual([info.width, info.height, info.channels], [1024, 1024, 4]);
      let clear = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] === 0) clear++;
      assert.ok(clear > 0 && clear < data.length / 4, 'some pixels transparent, not all');
    },
  },
  {
    name: 'POST /images/generations refuses bad requests with the codes of decisions.md row 2',
    async run(target) {
      const cases: Array<[Record<string, unknown>, number, string, string]> = [
        [{ prompt: 'x' }, 400, 'missing_field', 'model'],
        [{ model: [], prompt: 'x' }, 400, 'missing_field', 'model'],
        [{ model: 'atelier-vista' }, 400, 'missing_field', 'prompt'],
        [{ model: 'atelier-vista', prompt: '   ' }, 400, 'missing_field', 'prompt'],
        [{ model: ['atelier-vista', 'atelier-vista', 'atelier-mosaic', 'atelier-ink', 'atelier-pixel'], prompt: 'x' }, 400, 'too_many_models', 'model'],
        [{ model: 'no-such-model', prompt: 'x' }, 404, 'model_not_found', 'model'],
        [{ model: 'atelier-edit', prompt: 'x' }, 404, 'model_not_found', 'model'],
        [{ model: 'atelier-vista', prompt: 'x', size: '512x512' }, 400, 'invalid_size', 'size'],
        [{ model: 'atelier-vista', prompt: 'x', n: 5 }, 400, 'invalid_n', 'n'],
        [{ model: 'atelier-vista', prompt: 'x', n: 1.5 }, 400, 'invalid_n', 'n'],
        [{ model: 'atelier-vista', prompt: 'x', response_format: 'jpeg' }, 400, 'invalid_response_format', 'response_format'],
        [{ model: 'atelier-vista', prompt: 'x', background: 'green' }, 400, 'invalid_background', 'background'],
        [{ model: 'atelier-vista', prompt: 'x', seed: -1 }, 400, 'invalid_seed', 'seed'],
        [{ model: 'atelier-vista', prompt: 'x', seed: '12' }, 400, 'invalid_seed', 'seed'],
        [{ model: 'atelier-vista', prompt: 'x'.repeat(100_000) }, 400, 'prompt_too_long', 'prompt'],
      ];
      for (const [body, status, code, param] of cases) assertError(await send(target, 'POST', '/images/generations', body), status, code, param);
    },
  },
  {
    name: 'POST /images/generations refuses bodies that are not JSON objects (400) and other content types (415)',
    async run(target) {
      const post = (body: string, type: string) =>
        fetch(`${target.base}/images/generations`, { method: 'POST', headers: { authorization: `Bearer ${target.key}`, 'content-type': type }, body }).then(
          answer,
        );
      for (const body of ['[1,2]', '"text"', 'null', '{not json']) {
        const res = await post(body, 'application/json');
        assert.equal(res.status, 400, body);
        assert.equal(res.json.error.type, 'invalid_request_error');
      }
      assertError(await post('model=x', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    },
  },
  {
    name: 'POST /images/edits edits a picture (with and without a mask) and keeps its size',
    timeoutMs: 60_000,
    async run(target) {
      const scene = await scenePng(W, H);
      const mask = await maskPng(W, H, { x: 90, y: 60, w: 90, h: 110 });
      const all: Array<[string, Record<string, Part>]> = [
        ['style', { image: png(scene), prompt: 'convert to watercolor style' }],
        ['local', { image: png(scene), mask: png(mask, 'mask.png'), prompt: 'make it red' }],
        ['background', { image: png(scene), prompt: '把背景换成星空' }],
      ];
      // A model says which kinds it does (GET /models): those, and at least one, must hold.
      const { editKinds } = target.editModel ? await modelInfo(target, target.editModel) : { editKinds: null };
      const requests = all.filter(([kind]) => !editKinds || editKinds.includes(kind)).map(([, parts]) => ({ ...parts, ...editModel(target) }));
      assert.ok(requests.length > 0, `the edit model does one of ${all.map(([k]) => k)}`);
      for (const parts of requests) {
        const res = await sendForm(target, '/images/edits', parts);
        assert.equal(res.status, 200, JSON.stringify(res.json));
        assert.equal(res.json.object, 'image');
        assert.equal(res.json.status, 'completed');
        assert.equal(res.json.data.length, 1);
        assertCny(res.json.usage);
        await assertPng(res.json.data[0].url, W, H);
      }
    },
  },
  {
    name: 'POST /images/edits takes a seed (decisions.md row 17): the same seed gives the same file, another another, and data[].seed says it',
    timeoutMs: 60_000,
    async run(target) {
      const scene = await scenePng(W, H);
      const mask = await maskPng(W, H, { x: 90, y: 60, w: 90, h: 110 });
      const info = target.editModel ? await modelInfo(target, target.editModel) : { seed: true, mask: true };
      const parts: Record<string, Part> = info.mask ? { mask: png(mask, 'mask.png'), prompt: 'make it red' } : { prompt: 'convert to watercolor style' };
      const edit = async (seed: string) => {
        const res = await sendForm(target, '/images/edits', { image: png(scene), ...parts, ...editModel(target), seed });
        assert.equal(res.status, 200, JSON.stringify(res.json));
        // A model that takes no seed is sent one and says none (decisions.md row 17's other side).
        assert.equal(res.json.data[0].seed, info.seed ? Number(seed) : undefined);
        return assertPng(res.json.data[0].url, W, H);
      };
      const [first, again, other] = [await edit('42'), await edit('42'), await edit('43')];
      if (info.seed) {
        assert.ok(first.equals(again), 'the same seed gives the same file');
        assert.ok(!first.equals(other), 'another seed gives another file');
      }
      for (const seed of ['-1', '1.5', '4294967296', 'abc']) {
        assertError(await sendForm(target, '/images/edits', { image: png(scene), prompt: 'make it red', seed }), 400, 'invalid_seed', 'seed');
      }
    },
  },
  {
    name: 'POST /images/edits refuses missing fields, files that are not images, a mask of the wrong size, unknown models and non-multipart bodies',
    timeoutMs: 30_000,
    async run(target) {
      const scene = await scenePng(W, H);
      const edit = (parts: Record<string, Part>) => sendForm(target, '/images/edits', parts);
      assertError(await edit({ prompt: 'style' }), 400, 'missing_field', 'image');
      assertError(await edit({ image: png(scene) }), 400, 'missing_field', 'prompt');
      assertError(await edit({ image: png(scene), prompt: 'remove the cat' }), 400, 'missing_field', 'mask');
      assertError(await edit({ image: png(Buffer.alloc(0)), prompt: 'x' }), 400, 'unsupported_image_format', 'image');
      assertError(await edit({ image: png(Buffer.from('hello, I am text')), prompt: 'x' }), 415, 'unsupported_image_format', 'image');
      assertError(await edit({ image: png(scene.subarray(0, Math.floor(scene.length / 2))), prompt: 'watercolor style' }), 400, 'unsupported_image_format');
      const small = await maskPng(100, 100, { x: 0, y: 0, w: 50, h: 50 });
      assertError(await edit({ image: png(scene), mask: png(small, 'mask.png'), prompt: 'make it red' }), 400, 'mask_size_mismatch', 'mask');
      assertError(await edit({ image: png(scene), prompt: 'upscale', size: '9000x10' }), 400, 'invalid_size', 'size');
      assertError(await edit({ image: png(scene), prompt: 'upscale', size: 'big' }), 400, 'invalid_size', 'size');
      assertError(await edit({ image: png(scene), prompt: 'x', model: 'atelier-vista' }), 404, 'model_not_found', 'model');
      const json = await fetch(`${target.base}/images/edits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'x' }),
      }).then(answer);
      assert.equal(json.status, 415);
    },
  },
  {
    name: 'POST /videos/generations returns a processing task at once; polling ends it completed with an H.264 MP4 of the requested shape',
    timeoutMs: 120_000,
    async run(target) {
      const started = Date.now();
      const res = await send(target, 'POST', '/videos/generations', {
        model: 'atelier-motion',
        prompt: 'a red sunset over the sea, waves',
        duration: 3,
        resolution: '480p',
        aspect_ratio: '9:16',
      });
      assert.ok(Date.now() - started < 5000, 'answered at once');
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.equal(typeof res.json.id, 'string');
      assert.equal(res.json.object, 'video_generation');
      assert.ok(['queued', 'processing'].includes(res.json.status), res.json.status);
      assert.equal(res.json.model, 'atelier-motion');
      const final = await pollTask(target, res.json.id, 110_000);
      assert.equal(final.status, 'completed', JSON.stringify(final));
      assert.equal(final.progress, 100);
      assertCny(final.usage);
      const file = await download(final.video_url);
      assert.deepEqual([file.status, file.type], [200, 'video/mp4']);
      const mp4 = readMp4(file.bytes);
      assert.equal(mp4.tracks[0].codec, 'avc1');
      assert.deepEqual([mp4.tracks[0].width, mp4.tracks[0].height], [480, 854]);
      assert.ok(Math.abs(mp4.durationSeconds - 3) < 0.5, `${mp4.durationSeconds} s`);
    },
  },
  {
    name: 'GET /videos/generations/{id} answers an unknown task 404 task_not_found',
    async run(target) {
      assertError(await send(target, 'GET', '/videos/generations/vid_nope'), 404, 'task_not_found');
    },
  },
  {
    name: 'POST /videos/generations refuses bad requests with the codes of decisions.md row 2',
    async run(target) {
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ prompt: 'x' }, 400, 'missing_field'],
        [{ model: 'atelier-motion' }, 400, 'missing_field'],
        [{ model: 'atelier-vista', prompt: 'x' }, 404, 'model_not_found'],
        [{ model: 'atelier-motion', prompt: 'x', duration: 7 }, 400, 'invalid_duration'],
        [{ model: 'atelier-motion', prompt: 'x', duration: '5' }, 400, 'invalid_duration'],
        [{ model: 'atelier-motion', prompt: 'x', resolution: '4k' }, 400, 'invalid_resolution'],
        [{ model: 'atelier-motion', prompt: 'x', aspect_ratio: '4:3' }, 400, 'invalid_aspect_ratio'],
        [{ model: 'atelier-motion', prompt: 'x', webhook_url: 'ftp://example.com/hook' }, 400, 'invalid_webhook_url'],
        [{ model: 'atelier-motion', prompt: 'x', webhook_url: 'http://127.0.0.1:9/hook' }, 400, 'invalid_webhook_url'],
        [{ model: 'atelier-motion', prompt: 'x', webhook_url: 'http://169.254.169.254/latest' }, 400, 'invalid_webhook_url'],
        [{ model: 'atelier-motion', prompt: 'x', webhook_url: 'http://localhost/hook' }, 400, 'invalid_webhook_url'],
        [{ model: 'atelier-motion', prompt: 'x', webhook_url: 'http://[::1]/hook' }, 400, 'invalid_webhook_url'],
        [{ model: 'atelier-motion', prompt: 'x', webhook_url: 'http://[::ffff:127.0.0.1]/hook' }, 400, 'invalid_webhook_url'],
        [{ model: 'atelier-motion', prompt: 'y'.repeat(32_001) }, 400, 'prompt_too_long'],
      ];
      for (const [body, status, code] of cases) assertError(await send(target, 'POST', '/videos/generations', body), status, code);
    },
  },
];
