import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { call, download } from '../src/testing/service';
import { testService } from '../src/testing/vitest';

const svc = testService({ SERVICE_FILE_TTL_SECONDS: '3' });

const errorShape = (type: string, code: string) => ({ error: { message: expect.any(String), type, code, param: null } });

describe('keys', () => {
  it('refuses a missing or unknown key with the error body of decisions.md row 1', async () => {
    const none = await fetch(`${svc.url}/v1/models`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual(errorShape('authentication_error', 'missing_api_key'));
    const wrong = await call(svc, 'GET', '/v1/models', undefined, 'sk-ref-not-a-key');
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(errorShape('authentication_error', 'invalid_api_key'));
  });

  it('mints keys only for the admin token, and stores them hashed', async () => {
    const denied = await fetch(`${svc.url}/v1/admin/keys`, { method: 'POST', headers: { authorization: 'Bearer nope-nope-nope-nop' } });
    expect(denied.status).toBe(401);
    const key = await svc.mintKey();
    expect(key).toMatch(/^sk-ref-[A-Za-z0-9_-]{43}$/);
    expect((await call(svc, 'GET', '/v1/models', undefined, key)).status).toBe(200);
    const { readdir, readFile } = await import('node:fs/promises');
    const stored = await Promise.all((await readdir(`${svc.dataDir}/keys`)).map((f) => readFile(`${svc.dataDir}/keys/${f}`, 'utf8')));
    expect(stored.join('\n')).not.toContain(key);
  });

  it('answers unknown routes 404 and wrong methods 405, as JSON errors', async () => {
    expect(await call(svc, 'GET', '/v1/nothing-here')).toMatchObject({ status: 404, json: errorShape('not_found_error', 'not_found') });
    expect((await call(svc, 'GET', '/v1/images/generations')).status).toBe(405);
  });
});

describe('GET /v1/models', () => {
  it('lists image, edit and video models with sizes, durations and prices', async () => {
    const { json } = await call(svc, 'GET', '/v1/models');
    const kinds = new Set(json.data.map((m: any) => m.kind));
    expect(kinds).toEqual(new Set(['image', 'edit', 'video']));
    expect(json.data.filter((m: any) => m.kind === 'image').length).toBeGreaterThanOrEqual(4);
    for (const m of json.data) {
      expect(m).toMatchObject({ id: expect.any(String), kind: expect.any(String), price: expect.objectContaining({ currency: 'CNY' }) });
      if (m.kind === 'image') expect(m.sizes).toEqual(['1024x1024', '2048x2048', '4096x4096']);
      if (m.kind === 'video') expect(m.durations.every(Number.isInteger)).toBe(true);
    }
    expect(json.data.map((m: any) => m.id)).toEqual(expect.arrayContaining(['atelier-edit', 'atelier-edit-hd']));
  });
});

describe('GET /v1/files/{id}.{ext}', () => {
  it('serves signed URLs, refuses forged ones, and answers 410 once expired', async () => {
    const res = await call(svc, 'POST', '/v1/images/generations', { model: 'atelier-pixel', prompt: 'boat', seed: 4 });
    const url: string = res.json.results[0].data[0].url;
    const ok = await download(url);
    expect([ok.status, ok.type]).toEqual([200, 'image/png']);

    const ranged = await fetch(url, { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(
      Buffer.from(await ranged.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await download(forged)).status).toBe(403);
    const extended = url.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 999_999}`);
    expect((await download(extended)).status).toBe(403);

    await sleep(3500);
    const gone = await fetch(url);
    expect(gone.status).toBe(410);
    expect((await gone.json()).error.code).toBe('file_expired');
  });
});
