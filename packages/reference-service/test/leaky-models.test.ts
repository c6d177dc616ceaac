import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskPng, rgba, scenePng } from '../src/testing/images';
import { download, postEdit, type FormPart } from '../src/testing/service';
import { testService } from '../src/testing/vitest';

// The fault knob SERVICE_LEAKY_MODELS: a model that changes pixels outside the mask and may answer
// at a size of its own. Off by default; set here by environment, then changed with PUT /v1/admin/knobs.

const svc = testService({ SERVICE_LEAKY_MODELS: 'atelier-edit-fast=0.3' });
const W = 320;
const H = 240;
let scene: Buffer;
let mask: Buffer;
beforeAll(async () => {
  scene = await scenePng(W, H);
  mask = await maskPng(W, H, { x: 90, y: 60, w: 90, h: 110 });
});

async function editFile(parts: Record<string, FormPart>): Promise<Buffer> {
  const res = await postEdit(svc, parts);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (await download(res.json.data[0].url)).bytes;
}

function setKnobs(body: unknown) {
  return fetch(`${svc.url}/v1/admin/knobs`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${svc.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The same masked edit each time (one seed), by the fast model unless another is named. */
const maskedEdit = (model = 'atelier-edit-fast') => editFile({ image: scene, mask, prompt: 'make it bright green', model, seed: '11' });

describe('SERVICE_LEAKY_MODELS', () => {
  it('changes the given share of the pixels where the mask is 0 by more than 12, and leaves the rest as the exact edit has them', async () => {
    const leaked = await rgba(await maskedEdit());
    const [original, m] = [await rgba(scene), await rgba(mask)];
    const maxDiff = (a: Buffer, b: Buffer, p: number) => Math.max(...[0, 1, 2, 3].map((c) => Math.abs(a[p * 4 + c] - b[p * 4 + c])));
    let outside = 0;
    let leakedOutside = 0;
    for (let p = 0; p < W * H; p++) {
      if (m.data[p * 4] !== 0) continue;
      outside++;
      if (maxDiff(original.data, leaked.data, p) > 12) leakedOutside++;
    }
    expect(Math.abs(leakedOutside / outside - 0.3)).toBeLessThan(0.01);

    expect((await setKnobs({ leakyModels: {} })).status).toBe(200);
    const exact = await rgba(await maskedEdit());
    for (let p = 0; p < W * H; p++) if (m.data[p * 4] !== 0 && maxDiff(exact.data, leaked.data, p) !== 0) throw new Error(`pixel ${p} inside the mask differs`);
    expect((await setKnobs({ leakyModels: 'atelier-edit-fast=0.3' })).status).toBe(200);
  });

  it('leaks only for its model', async () => {
    const exact = await rgba(await maskedEdit('atelier-edit'));
    const [original, m] = [await rgba(scene), await rgba(mask)];
    for (let p = 0; p < W * H; p++)
      if (m.data[p * 4] === 0 && [0, 1, 2, 3].some((c) => exact.data[p * 4 + c] !== original.data[p * 4 + c])) throw new Error(`pixel ${p} changed`);
  });

  it('answers at the model’s own size when the knob gives one, and the knobs show it', async () => {
    const res = await setKnobs({ leakyModels: 'atelier-edit-fast=0:1024x1024' });
    expect(await res.json()).toMatchObject({ leakyModels: { 'atelier-edit-fast': { fraction: 0, size: { width: 1024, height: 1024 } } } });
    const png = await maskedEdit();
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    // As GET shows it, it can be put back.
    const shown = await (await fetch(`${svc.url}/v1/admin/knobs`, { headers: { authorization: `Bearer ${svc.adminToken}` } })).json();
    expect((await setKnobs({ leakyModels: shown.leakyModels })).status).toBe(200);
  });

  it('refuses a knob it cannot read', async () => {
    for (const leakyModels of ['atelier-edit-fast=2', 'atelier-edit-fast', { 'atelier-edit-fast': { fraction: 0.3, size: { width: 10, height: 10 } } }]) {
      const res = await setKnobs({ leakyModels });
      expect(res.status, JSON.stringify(leakyModels)).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_request');
    }
    const res = await setKnobs({ leakyModels: 'atelier-edit-fast=2' });
    // A string it cannot read is refused with what it expected.
    expect((await res.json()).error.message).toMatch(/expected model=fraction\[:WxH\]/);
  });
});
