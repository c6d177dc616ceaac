import { readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, sharedAtelier, test } from './support/fixtures';
import sharp from 'sharp';
import { actionId, signUp, type Session } from './support/session';

// Bad input gets a 4xx that says what is wrong, and writes nothing: no asset, no generation, no
// file. Another team's ids answer 404 as a real HTTP status, like ids that never existed.
// On PostgreSQL, so the test can count what was written.

const atelier = sharedAtelier('postgres');
let victim: Session;
let attacker: Session;
const theirs = { board: '', video: '', asset: '' };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [victim, attacker] = [await signUp(atelier, 'Victim'), await signUp(atelier, 'Attacker')];
  const board = await victim.fetch('/api/compare', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'a private harbour', models: ['atelier-pixel'], size: '1024x1024', n: 1, background: 'opaque', seed: 3 }),
  });
  theirs.board = ((await board.json()) as { id: string }).id;
  theirs.video = (
    await victim.act<{ generationId: string }>(
      'startVideo',
      { model: 'atelier-motion', prompt: 'a private tide', duration: 3, resolution: '480p', audio: false, aspectRatio: '16:9' },
      '/videos',
    )
  ).generationId;
  await expect
    .poll(
      async () => {
        const { images } = (await (await victim.fetch(`/api/compare/${theirs.board}/images`)).json()) as { images: Array<{ assetId?: string }> };
        return (theirs.asset = images[0]?.assetId ?? '');
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
});

async function written(): Promise<{ rows: Record<string, number>; files: number }> {
  const { rows } = await atelier.sql!.query(
    `SELECT (SELECT count(*) FROM "Asset")::int AS assets, (SELECT count(*) FROM "Generation")::int AS generations, (SELECT count(*) FROM "LedgerEntry")::int AS ledger`,
  );
  const dir = path.join(atelier.dataDir, 'assets');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  return { rows: rows[0], files };
}

async function edit(image: Buffer, fields: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  form.set('requestId', randomUUID());
  form.set('kind', 'style');
  form.set('prompt', 'convert to watercolor style');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  return attacker.fetch('/edit/run', { method: 'POST', body: form });
}

/** A real photo-like PNG with enough entropy that its IDAT spans many bytes. */
async function photo(): Promise<Buffer> {
  const noise = Buffer.alloc(256 * 256 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The same PNG with garbage in the middle of its IDAT data (its CRC left as it was). */
function corruptIdat(png: Buffer): Buffer {
  const copy = Buffer.from(png);
  const at = copy.indexOf('IDAT') + 4 + 64;
  copy.fill(0xff, at, at + 4096);
  return copy;
}

test.describe('bad uploads are refused before anything is written', () => {
  const cases: Array<{ name: string; body: () => Promise<Buffer>; fields?: Record<string, string>; message: RegExp }> = [
    { name: 'a truncated PNG', body: async () => (await photo()).subarray(0, 20_000), message: /not a complete|could not be read|corrupt/i },
    { name: 'a PNG with a corrupt IDAT', body: async () => corruptIdat(await photo()), message: /not a complete|could not be read|corrupt/i },
    { name: 'an output size of 10x10', body: photo, fields: { size: '10x10' }, message: /64.*4096/ },
    { name: 'an output size of 5000x5000', body: photo, fields: { size: '5000x5000' }, message: /64.*4096/ },
  ];
  for (const c of cases) {
    test(`${c.name}: 400 with a reason`, async () => {
      const before = await written();
      const response = await edit(await c.body(), c.fields);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(c.message);
      expect(await written()).toEqual(before);
    });
  }
});

test.describe("another team's results answer 404, like ids that never existed", () => {
  const pages = [
    { name: 'board', path: () => `/compare/${theirs.board}` },
    { name: 'video', path: () => `/videos/${theirs.video}` },
    { name: 'asset in the editor', path: () => `/edit?asset=${theirs.asset}` },
    { name: 'unknown board', path: () => `/compare/${randomUUID()}` },
    { name: 'malformed board id', path: () => '/compare/not-a-uuid' },
    { name: 'unknown video', path: () => `/videos/${randomUUID()}` },
    { name: 'unknown asset in the editor', path: () => `/edit?asset=${randomUUID()}` },
  ];
  for (const page of pages) {
    test(page.name, async () => {
      expect((await attacker.fetch(page.path())).status).toBe(404);
    });
  }
  test('the owner still sees them', async () => {
    for (const page of pages.slice(0, 3)) expect((await victim.fetch(page.path())).status, page.name).toBe(200);
  });
});

test.describe('query parameters are parsed, never passed raw to the database', () => {
  const probes = [
    '/api/ledger/export?from=0000-01-01&to=0000-02-01',
    '/api/ledger/export?from=2026-13-45&to=2026-01-01',
    '/videos?model=%00',
    '/videos?before=not-a-cursor',
    '/videos?status=%00',
    '/compare?page=1e400',
    '/compare?page=-3',
    '/edit?scope=%00',
    '/api/videos/status?ids=%00',
  ];
  for (const probe of probes) {
    test(probe, async () => {
      const status = (await attacker.fetch(probe)).status;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(atelier.log()).not.toMatch(/DriverAdapterError|invalid byte sequence|out of range/);
    });
  }
  test('a typed date range the database cannot hold: the dashboard says so instead of failing', async () => {
    const response = await attacker.fetch('/dashboard?from=0000-01-01&to=0000-01-02', { headers: { cookie: `${attacker.cookie}; atelier-locale=en` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Pick a start on or before the end');
    expect(atelier.log()).not.toMatch(/DriverAdapterError|out of range/);
  });
});

test.describe('server actions with a broken body', () => {
  for (const [name, body, type] of [
    ['not JSON', 'not json{', 'text/plain;charset=UTF-8'],
    ['a multipart body without parts', '--x--', 'multipart/form-data; boundary=x'],
  ] as const) {
    test(`${name}: 400`, async () => {
      const response = await attacker.fetch('/videos', { method: 'POST', headers: { 'next-action': actionId('startVideo'), 'content-type': type }, body });
      expect(response.status).toBe(400);
    });
  }
  test('over 1 MB: 413', async () => {
    const response = await attacker.fetch('/videos', {
      method: 'POST',
      headers: { 'next-action': actionId('startVideo'), 'content-type': 'text/plain;charset=UTF-8' },
      body: `["${'a'.repeat(1_100_000)}"]`,
    });
    expect(response.status).toBe(413);
  });
});
