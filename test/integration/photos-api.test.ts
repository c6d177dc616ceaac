import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../lib/api-keys/keys';
import { serveApi } from '../../lib/api/routes';
import { readTeamImage } from '../../lib/edits/assets';
import { db } from '../../lib/runtime';
import { testAtelier } from '../support/harness';
import { cameraJpeg, deepPng, opaqueRgbaMask, palettePngWithAlpha, underMask } from '../support/photos';

// Photos as phones and cameras write them, through Atelier's API (/api/v1/images/edits, the
// service's multipart shape) to the reference service and back. Converting a photo does not touch
// the database, so one database kind is enough here (the lifecycle is tested on both elsewhere).

const HEIC = path.join(__dirname, '../fixtures/photos/portrait-o6.heic');

describe('photos through /api/v1/images/edits', () => {
  const atelier = testAtelier('pglite');
  let token: string;
  let person: Awaited<ReturnType<typeof atelier.person>>;

  beforeAll(async () => {
    person = await atelier.person('Pia');
    ({ token } = await createApiKey(person, { name: 'photos', userId: person.user.id, models: [] }));
  });

  /** One edit as a client sends it: the image, a mask when given, and the other fields. */
  async function edit(image: { bytes: Buffer; name: string; type: string }, fields: Record<string, string>, mask?: Buffer) {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
    if (mask) form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await serveApi(
      new Request('http://atelier.test/api/v1/images/edits', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }),
    );
    return {
      status: response.status,
      body: (await response.json()) as { id: string; data: { url: string }[]; error?: { code: string; message: string; param: string } },
    };
  }

  /** The result file of an answered edit, decoded; and the image the service was sent (as Atelier kept it). */
  async function filesOf(body: { id: string; data: { url: string }[] }) {
    const file = await serveApi(new Request(body.data[0].url, { headers: { authorization: `Bearer ${token}` } }));
    expect(file.status).toBe(200);
    const result = Buffer.from(await file.arrayBuffer());
    const generation = await (await db()).generation.findUniqueOrThrow({ where: { id: body.id } });
    const params = generation.params as { originalAssetId: string; maskAssetId: string | null; fittedFrom?: { width: number; height: number } };
    const sent = Buffer.from(await readTeamImage(person, params.originalAssetId));
    const mask = params.maskAssetId ? Buffer.from(await readTeamImage(person, params.maskAssetId)) : null;
    return { result, sent, mask, params };
  }

  const raw = async (bytes: Buffer, channels: 1 | 3 = 3) => {
    const pipeline = channels === 1 ? sharp(bytes).extractChannel(0) : sharp(bytes).removeAlpha().toColourspace('srgb');
    return pipeline.raw().toBuffer({ resolveWithObject: true });
  };

  it('a 6000×4000 camera photo: refused naming fit, and with fit=true edited at 4096×2731, its mask fitted with it', async () => {
    const photo = { bytes: await cameraJpeg(6000, 4000), name: 'DSC01234.JPG', type: 'image/jpeg' };
    const white = { input: { create: { width: 2000, height: 1500, channels: 3, background: '#fff' } }, left: 500, top: 500 } as const;
    const mask = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#000' } })
      .composite([white])
      .png()
      .toBuffer();
    const fields = { prompt: 'a red balloon' };

    const refused = await edit(photo, fields, mask);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'image_too_large', param: 'image', message: expect.stringContaining('fit=true') });

    const fitted = await edit(photo, { ...fields, fit: 'true' }, mask);
    expect(fitted.status, JSON.stringify(fitted.body)).toBe(200);
    const { result, sent, mask: sentMask, params } = await filesOf(fitted.body);
    expect(params.fittedFrom).toEqual({ width: 6000, height: 4000 });
    const [r, s, m] = [await raw(result), await raw(sent), await raw(sentMask!, 1)];
    expect([r.info.width, r.info.height, s.info.width, s.info.height, m.info.width, m.info.height]).toEqual([4096, 2731, 4096, 2731, 4096, 2731]);
    // Every pixel the fitted mask keeps is the fitted image's; some it paints changed.
    const { keptButChanged, changed } = underMask(s.data, r.data, m.data, 4096);
    expect(keptButChanged, 'a pixel changed where the mask is 0').toBeNull();
    expect(changed).toBeGreaterThan(1000);

    const badFit = await edit(photo, { ...fields, fit: 'yes' }, mask);
    expect([badFit.status, badFit.body.error?.param]).toEqual([400, 'fit']);
  });

  it('a phone JPEG stored on its side takes the mask painted on it upright', async () => {
    const photo = { bytes: await cameraJpeg(480, 640, { orientation: 6 }), name: 'IMG_1.jpg', type: 'image/jpeg' };
    const answer = await edit(photo, { prompt: 'a red balloon' }, await opaqueRgbaMask(480, 640));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { info } = await raw((await filesOf(answer.body)).result);
    expect([info.width, info.height]).toEqual([480, 640]);
  });

  it('HEIC, CMYK, 16-bit, palette with alpha and progressive files are each edited', async () => {
    const files = [
      { bytes: await readFile(HEIC), name: 'IMG_0412.HEIC', type: 'image/heic', size: [480, 640] },
      { bytes: await cameraJpeg(400, 300, { cmyk: true }), name: 'print.jpg', type: 'image/jpeg', size: [400, 300] },
      { bytes: await deepPng(400, 300), name: 'scan.png', type: 'image/png', size: [400, 300] },
      { bytes: await palettePngWithAlpha(400, 300), name: 'icon.png', type: 'image/png', size: [400, 300] },
      { bytes: await cameraJpeg(400, 300, { progressive: true }), name: 'web.jpg', type: 'image/jpeg', size: [400, 300] },
    ];
    for (const file of files) {
      const answer = await edit(file, { prompt: 'watercolor style' });
      expect(answer.status, `${file.name}: ${JSON.stringify(answer.body)}`).toBe(200);
      const { info } = await raw((await filesOf(answer.body)).result);
      expect([info.width, info.height], file.name).toEqual(file.size);
    }
  });

  it('an opaque RGBA mask edits where it is white', async () => {
    const image = { bytes: await cameraJpeg(400, 300), name: 'a.jpg', type: 'image/jpeg' };
    const answer = await edit(image, { prompt: 'a red balloon' }, await opaqueRgbaMask(400, 300));
    expect(answer.status).toBe(200);
    const { result, sent } = await filesOf(answer.body);
    const [r, s] = [await raw(result), await raw(sent)];
    const differs = (x: number, y: number) => [0, 1, 2].some((c) => r.data[3 * (y * 400 + x) + c] !== s.data[3 * (y * 400 + x) + c]);
    expect(differs(200, 150), 'the disc’s centre is edited').toBe(true);
    expect(differs(5, 5), 'the black corner is kept').toBe(false);
  });
});
