import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hugeHeaderPng, maskPng, meanAbsDiff, rgba, scenePng } from '../src/testing/images';
import { download, postEdit, type FormPart } from '../src/testing/service';
import { testService } from '../src/testing/vitest';

const svc = testService();
let scene: Buffer;
let mask: Buffer;
const W = 320;
const H = 240;
beforeAll(async () => {
  scene = await scenePng(W, H);
  mask = await maskPng(W, H, { x: 90, y: 60, w: 90, h: 110 });
});

const edit = (parts: Record<string, FormPart>) => postEdit(svc, parts);

async function resultPixels(json: any) {
  expect(json).toMatchObject({ object: 'image', status: 'completed', usage: { cost: expect.any(Number), cost_unit: 'CNY' } });
  expect(json.id).toMatch(/^edit_/);
  expect(json.data).toHaveLength(1);
  const file = await download(json.data[0].url);
  expect([file.status, file.type]).toEqual([200, 'image/png']);
  return rgba(file.bytes);
}

describe('POST /v1/images/edits: the six kinds', () => {
  it.each([
    ['background', 'replace the background with a beach at sunset', 5],
    ['style', 'convert to watercolor style', 5],
    // At the original size an upscale only sharpens; this flat synthetic picture has few edges to sharpen.
    ['upscale', 'upscale and enhance details', 0.1],
    ['add', 'add a sun and some clouds', 0.5],
    ['style (Chinese)', '把风格改成油画', 5],
    ['background (Chinese)', '把背景换成星空', 5],
  ])('%s: %s changes the picture and keeps its size', async (_kind, prompt, minChange) => {
    const res = await edit({ image: scene, prompt });
    expect(res.status).toBe(200);
    const out = await resultPixels(res.json);
    expect([out.width, out.height]).toEqual([W, H]);
    const original = await rgba(scene);
    expect(meanAbsDiff(original.data, out.data)).toBeGreaterThan(minChange);
  });

  it('background replacement keeps the subject and changes what is around it', async () => {
    const out = await resultPixels((await edit({ image: scene, prompt: 'replace the background with a night sky' })).json);
    const original = await rgba(scene);
    const inSubject = (p: number) => Math.hypot((p % W) - W * 0.42, Math.floor(p / W) - H * 0.5) < H * 0.2;
    const corner = (p: number) => p % W < 30 && Math.floor(p / W) < 30;
    expect(meanAbsDiff(original.data, out.data, inSubject)).toBeLessThan(12);
    expect(meanAbsDiff(original.data, out.data, corner)).toBeGreaterThan(25);
  });

  it.each([
    ['English', 'remove the background'],
    ['Chinese', '抠图'],
    ['Chinese', '透明背景'],
  ])('a cut-out in words (%s: %s) needs no mask and leaves the subject on alpha 0', async (_language, prompt) => {
    const res = await edit({ image: scene, prompt });
    expect(res.status).toBe(200);
    const out = await resultPixels(res.json);
    const original = await rgba(scene);
    const alpha = (p: number) => out.data[p * 4 + 3];
    const inSubject = (p: number) => Math.hypot((p % W) - W * 0.42, Math.floor(p / W) - H * 0.5) < H * 0.15;
    const nearBorder = (p: number) => p % W < 20 || p % W >= W - 20 || Math.floor(p / W) < 20 || Math.floor(p / W) >= H - 20;
    const share = (where: (p: number) => boolean, ok: (p: number) => boolean) => {
      const pixels = Array.from({ length: W * H }, (_, p) => p).filter(where);
      return pixels.filter(ok).length / pixels.length;
    };
    expect(share(nearBorder, (p) => alpha(p) === 0)).toBeGreaterThan(0.99);
    expect(share(inSubject, (p) => alpha(p) === 255)).toBeGreaterThan(0.95);
    // The subject keeps its own colours.
    expect(meanAbsDiff(original.data, out.data, (p) => inSubject(p) && alpha(p) === 255)).toBeLessThan(1);
  });

  it.each([
    ['local modification', 'make it bright green'],
    ['object removal', 'remove the object'],
    ['object removal (Chinese)', '删除这个物体'],
  ])('%s: pixels where the mask is black come back unchanged, pixel for pixel', async (_kind, prompt) => {
    const res = await edit({ image: scene, mask, prompt });
    expect(res.status).toBe(200);
    const out = await resultPixels(res.json);
    const original = await rgba(scene);
    const m = await rgba(mask);
    let kept = 0;
    const changed: number[] = [];
    for (let p = 0; p < W * H; p++) {
      if (m.data[p * 4] !== 0) continue;
      kept++;
      for (let c = 0; c < 4; c++) if (out.data[p * 4 + c] !== original.data[p * 4 + c]) changed.push(p);
    }
    expect(kept).toBeGreaterThan(W * H * 0.7);
    expect(changed.slice(0, 10), 'unmasked pixels that changed').toEqual([]);
    const inside = (p: number) => m.data[p * 4] === 255;
    expect(meanAbsDiff(original.data, out.data, inside)).toBeGreaterThan(3);
  });

  it('an outpainting ("extend the scene") grows the backdrop into the new area and keeps the original', async () => {
    // The scene padded on the right by half its width (mirrored, so a fill that kept it would show the
    // disc again), the new area white in the mask.
    const NW = W + W / 2;
    const padded = await sharp(scene)
      .extend({ right: W / 2, extendWith: 'copy' })
      .png()
      .toBuffer();
    const newArea = await sharp({ create: { width: NW, height: H, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: W / 2, height: H, channels: 3, background: '#fff' } }, left: W, top: 0 }])
      .png()
      .toBuffer();
    const res = await edit({ image: padded, mask: newArea, prompt: 'extend the scene to the right', size: `${NW}x${H}` });
    expect(res.status).toBe(200);
    const out = await resultPixels(res.json);
    expect([out.width, out.height]).toEqual([NW, H]);
    const original = await rgba(scene);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        for (let c = 0; c < 4; c++) if (out.data[(y * NW + x) * 4 + c] !== original.data[(y * W + x) * 4 + c]) throw new Error(`changed at ${x},${y}`);
    // The new area continues the backdrop: no seam along the old edge, and nothing of the mirrored
    // disc or square (colours far from the backdrop's) anywhere in it.
    const at = (x: number, y: number, c: number) => out.data[(y * NW + x) * 4 + c];
    let seam = 0;
    for (let y = 0; y < H; y++) for (let c = 0; c < 3; c++) seam += Math.abs(at(W, y, c) - at(W - 1, y, c)) / (3 * H);
    expect(seam).toBeLessThan(4);
    let far = 0;
    for (let y = 0; y < H; y++) for (let x = W; x < NW; x++) if ([0, 1, 2].some((c) => Math.abs(at(x, y, c) - at(W - 1, y, c)) > 40)) far++;
    expect(far / ((NW - W) * H)).toBeLessThan(0.01);
  });

  it('object removal fills the hole from its surroundings', async () => {
    // Mask exactly the blue square (plus a margin): the fill should look like the pale background around it.
    const squareMask = await maskPng(W, H, { x: W * 0.66 - 6, y: H * 0.2 - 6, w: W * 0.2 + 12, h: H * 0.3 + 12 }, 0);
    const out = await resultPixels((await edit({ image: scene, mask: squareMask, prompt: 'remove the blue square' })).json);
    const x = Math.round(W * 0.76);
    const y = Math.round(H * 0.35);
    const [r, g, b] = out.data.subarray((y * W + x) * 4, (y * W + x) * 4 + 3);
    expect(b).toBeGreaterThan(180); // pale background, not the saturated #2456a8
    expect(r).toBeGreaterThan(170);
    expect(g).toBeGreaterThan(170);
  });

  it('upscales to the requested size, and the hd model is sharper and says how it read the prompt', async () => {
    const std = await edit({ image: scene, prompt: 'upscale', size: '640x480' });
    const hd = await edit({ image: scene, prompt: 'upscale', size: '640x480', model: 'atelier-edit-hd' });
    const a = await resultPixels(std.json);
    const b = await resultPixels(hd.json);
    expect([a.width, a.height, b.width, b.height]).toEqual([640, 480, 640, 480]);
    expect(hd.json.usage.cost).toBeGreaterThan(std.json.usage.cost);
    expect(hd.json.data[0].revised_prompt).toMatch(/Upscaling/);
    expect(std.json.data[0]).not.toHaveProperty('revised_prompt');
  });

  it('accepts JPEG and WebP input', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const bytes = await sharp(scene)[format]().toBuffer();
      const res = await edit({ image: { bytes, name: `photo.${format}`, type: `image/${format}` }, prompt: 'vintage style' });
      expect(res.status).toBe(200);
    }
  });
});

describe('POST /v1/images/edits: bad input gets a clear 4xx', () => {
  const expectError = (res: { status: number; json: any }, status: number, code: string, param?: string) => {
    expect(res.status).toBe(status);
    expect(res.json.error).toMatchObject({ code, message: expect.any(String), type: expect.any(String) });
    if (param) expect(res.json.error.param).toBe(param);
  };

  it('refuses files that are not images, empty, truncated or absurdly large', async () => {
    expectError(await edit({ image: { bytes: Buffer.alloc(0), name: 'a.png', type: 'image/png' }, prompt: 'x' }), 400, 'unsupported_image_format', 'image');
    expectError(
      await edit({ image: { bytes: Buffer.from('hello, I am text'), name: 'a.png', type: 'image/png' }, prompt: 'x' }),
      415,
      'unsupported_image_format',
      'image',
    );
    expectError(await edit({ image: scene.subarray(0, Math.floor(scene.length / 2)), prompt: 'watercolor style' }), 400, 'unsupported_image_format');
    expectError(await edit({ image: hugeHeaderPng(), prompt: 'x' }), 400, 'image_too_large', 'image');
    const big = Buffer.concat([scene.subarray(0, 8), Buffer.alloc(21 * 1024 * 1024)]);
    expectError(await edit({ image: big, prompt: 'x' }), 413, 'image_too_large', 'image');
  });
});
