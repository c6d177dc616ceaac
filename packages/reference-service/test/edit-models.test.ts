import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskPng, rgba, scenePng } from '../src/testing/images';
import { call, download, postEdit, type FormPart } from '../src/testing/service';
import { testService } from '../src/testing/vitest';

// The edit models of the catalog each edit in a way of their own, seen in their files.

const svc = testService();
const W = 320;
const H = 240;
let scene: Buffer;

/** Vertical stripes 8 px wide: a texture a fill either continues or smooths over. */
const stripe = (x: number) => ((x >> 3) % 2 ? 200 : 60);
let stripes: Buffer;
let stroke: Buffer;

beforeAll(async () => {
  scene = await scenePng(W, H);
  const raw = Buffer.alloc(W * H * 4);
  for (let p = 0; p < W * H; p++) raw.set([stripe(p % W), stripe(p % W), 255 - stripe(p % W), 255], p * 4);
  stripes = await sharp(raw, { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toBuffer();
  stroke = await maskPng(W, H, { x: 10, y: 120, w: W - 20, h: 8 }, 0);
});

async function editPixels(parts: Record<string, FormPart>) {
  const res = await postEdit(svc, parts);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { json: res.json, ...(await rgba((await download(res.json.data[0].url)).bytes)) };
}

/** Mean squared difference between horizontal neighbours: high where edges are crisp, lower once they are spread over a few pixels. */
function edgeEnergy(data: Buffer): number {
  let sum = 0;
  for (let p = 0; p < W * H; p++) if (p % W !== W - 1) for (let c = 0; c < 3; c++) sum += (data[(p + 1) * 4 + c] - data[p * 4 + c]) ** 2;
  return sum / ((W - 1) * H * 3);
}

describe('edit models', () => {
  it('GET /v1/models lists at least four edit models, each with a price table of its own', async () => {
    const { json } = await call(svc, 'GET', '/v1/models');
    const edits = json.data.filter((m: any) => m.kind === 'edit');
    expect(edits.map((m: any) => m.id)).toEqual(expect.arrayContaining(['atelier-edit', 'atelier-edit-hd', 'atelier-edit-fast', 'atelier-edit-fill']));
    expect(new Set(edits.map((m: any) => JSON.stringify(m.price))).size).toBe(edits.length);
    for (const model of edits) expect(model.description).not.toBe('');
    // An edit that names no model is still the standard model's.
    const plain = await editPixels({ image: scene, prompt: 'upscale' });
    expect(plain.json.usage.cost).toBe(0.1);
  });

  it('atelier-edit-fast works at half resolution: cheaper, and what it edits comes out softer', async () => {
    const original = await rgba(stripes);
    const standard = await editPixels({ image: stripes, prompt: 'upscale and enhance details' });
    const fast = await editPixels({ image: stripes, prompt: 'upscale and enhance details', model: 'atelier-edit-fast' });
    expect([fast.width, fast.height]).toEqual([W, H]);
    expect(fast.json.usage.cost).toBe(0.02);
    expect(standard.json.usage.cost).toBe(0.1);
    expect(edgeEnergy(fast.data)).toBeLessThan(0.8 * edgeEnergy(original.data));
    expect(edgeEnergy(fast.data)).toBeLessThan(0.8 * edgeEnergy(standard.data));
  });

  it('atelier-edit-fast still leaves the pixels where the mask is 0 unchanged', async () => {
    const mask = await maskPng(W, H, { x: 90, y: 60, w: 90, h: 110 });
    const [original, m] = [await rgba(scene), await rgba(mask)];
    for (const prompt of ['make it bright green', 'remove the object']) {
      const out = await editPixels({ image: scene, mask, prompt, model: 'atelier-edit-fast' });
      let changed = 0;
      for (let p = 0; p < W * H; p++) if (m.data[p * 4] === 0 && [0, 1, 2, 3].some((c) => out.data[p * 4 + c] !== original.data[p * 4 + c])) changed++;
      expect(changed, prompt).toBe(0);
    }
  });

  it('atelier-edit-fill copies the texture into a thin stroke that the standard model smooths over, and takes 2 s at least', async () => {
    /** Mean distance, in the stroke, from the stripes that were there. */
    const strokeError = (data: Buffer) => {
      let sum = 0;
      let n = 0;
      for (let y = 121; y < 127; y++) for (let x = 20; x < W - 20; x++, n++) sum += Math.abs(data[(y * W + x) * 4] - stripe(x));
      return sum / n;
    };
    const standard = await editPixels({ image: stripes, mask: stroke, prompt: 'remove the scratch' });
    const started = Date.now();
    const fill = await editPixels({ image: stripes, mask: stroke, prompt: 'remove the scratch', model: 'atelier-edit-fill' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(strokeError(standard.data)).toBeGreaterThan(20);
    expect(strokeError(fill.data)).toBeLessThan(5);
    expect(fill.json.usage.cost).toBe(0.35);
    expect(fill.json.data[0].revised_prompt).toMatch(/^Object removal/);
  });
});
