import { beforeAll, describe, expect, it } from 'vitest';
import { maskPng, rgba, scenePng } from '../src/testing/images';
import { download, postEdit, type FormPart } from '../src/testing/service';
import { testService } from '../src/testing/vitest';

// decisions.md row 17: an edit's seed. The same inputs and seed give the same file, another seed
// another file; with no seed the service derives one from the inputs and says which.

const svc = testService();
const W = 320;
const H = 240;
let scene: Buffer;
let box: Buffer;
let stroke: Buffer;
beforeAll(async () => {
  scene = await scenePng(W, H);
  box = await maskPng(W, H, { x: 90, y: 60, w: 90, h: 110 });
  // Thin enough that the standard model fills it by diffusion rather than copied texture.
  stroke = await maskPng(W, H, { x: 20, y: 150, w: 280, h: 6 }, 0);
});

/** The edit's file and the seed it says it was made with. */
async function editFile(parts: Record<string, FormPart>): Promise<{ bytes: Buffer; seed: unknown }> {
  const res = await postEdit(svc, parts);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const file = await download(res.json.data[0].url);
  expect(file.status).toBe(200);
  return { bytes: file.bytes, seed: res.json.data[0].seed };
}

describe('POST /v1/images/edits: seed', () => {
  const masked = () =>
    [
      ['a local modification', { image: scene, mask: box, prompt: 'make it bright green' }],
      ['a removal', { image: scene, mask: box, prompt: 'remove the object' }],
      ['a thin removal', { image: scene, mask: stroke, prompt: 'remove the line' }],
    ] as const;

  it('the same seed gives the same file and another seed another one (local modification, removals)', async () => {
    for (const [what, parts] of masked()) {
      const a = await editFile({ ...parts, seed: '42' });
      const again = await editFile({ ...parts, seed: '42' });
      const b = await editFile({ ...parts, seed: '43' });
      expect(a.bytes.equals(again.bytes), `${what}: seed 42 twice`).toBe(true);
      expect(a.bytes.equals(b.bytes), `${what}: seeds 42 and 43`).toBe(false);
      expect([a.seed, b.seed]).toEqual([42, 43]);
    }
  });

  it('whatever the seed, pixels where the mask is 0 come back unchanged', async () => {
    const original = await rgba(scene);
    for (const [what, parts] of masked()) {
      const m = await rgba(parts.mask);
      const out = await rgba((await editFile({ ...parts, seed: '4294967295' })).bytes);
      let changed = 0;
      for (let p = 0; p < W * H; p++) if (m.data[p * 4] === 0 && [0, 1, 2, 3].some((c) => out.data[p * 4 + c] !== original.data[p * 4 + c])) changed++;
      expect(changed, what).toBe(0);
    }
  });

  it('every kind varies with the seed, except a cut-out (nothing in it is drawn)', async () => {
    const prompts = ['cartoon style', 'replace the background with a beach at sunset', 'add a sun and some clouds', 'upscale'];
    for (const prompt of prompts) {
      const [a, b] = [await editFile({ image: scene, prompt, seed: '1' }), await editFile({ image: scene, prompt, seed: '2' })];
      expect(a.bytes.equals(b.bytes), prompt).toBe(false);
    }
    const [a, b] = [
      await editFile({ image: scene, prompt: 'upscale', size: '640x480', seed: '1' }),
      await editFile({ image: scene, prompt: 'upscale', size: '640x480', seed: '2' }),
    ];
    expect(a.bytes.equals(b.bytes), 'an upscale to 640x480').toBe(false);
    const cutout = [
      await editFile({ image: scene, prompt: 'remove the background', seed: '1' }),
      await editFile({ image: scene, prompt: 'remove the background', seed: '2' }),
    ];
    expect(cutout[0].bytes.equals(cutout[1].bytes)).toBe(true);
  });

  it('without a seed the result depends on the inputs only, and its echoed seed makes it again', async () => {
    const parts = { image: scene, mask: box, prompt: 'make it bright green' };
    const first = await editFile(parts);
    const second = await editFile(parts);
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(Number.isInteger(first.seed) && (first.seed as number) >= 0 && (first.seed as number) <= 2 ** 32 - 1).toBe(true);
    expect(second.seed).toBe(first.seed);
    const replay = await editFile({ ...parts, seed: String(first.seed) });
    expect(replay.bytes.equals(first.bytes)).toBe(true);
    // Another prompt, another derived seed.
    expect((await editFile({ ...parts, prompt: 'make it bright red' })).seed).not.toBe(first.seed);
    // A blank seed field is no seed.
    expect((await editFile({ ...parts, seed: '' })).bytes.equals(first.bytes)).toBe(true);
  });

  it('refuses a seed that is not an integer from 0 to 2^32-1 with invalid_seed, as generations do', async () => {
    for (const seed of ['-1', '1.5', 'abc', '4294967296', '12 seeds', '1e3']) {
      const res = await postEdit(svc, { image: scene, prompt: 'convert to watercolor style', seed });
      expect(res.status, seed).toBe(400);
      expect(res.json.error, seed).toMatchObject({ code: 'invalid_seed', param: 'seed', type: 'invalid_request_error' });
    }
    expect((await postEdit(svc, { image: scene, prompt: 'convert to watercolor style', seed: '0' })).json.data[0].seed).toBe(0);
  });
});
