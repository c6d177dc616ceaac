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

describe('answers that clients rely on', () => {
  it('a 405 names the methods that are allowed (Allow)', async () => {
    const response = await fetch(`${svc.url}/v1/images/generations`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const files = await fetch(`${svc.url}/v1/files/x.png`, { method: 'DELETE' });
    expect([files.status, files.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });

  it('a task id that is not valid percent-encoding is a 400, not a 500', async () => {
    const { status, json } = await call(svc, 'GET', '/v1/videos/generations/%zz');
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ code: 'invalid_request', param: 'id' });
  });

  it('a refused body closes its connection, and the next requests on a keep-alive agent all succeed', async () => {
    const { Agent, request } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const key = await svc.mintKey();
    const send = (body?: Buffer) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = request(
          `${svc.url}${body ? '/v1/images/generations' : '/v1/models'}`,
          { agent, method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        if (body) {
          // Streamed without a declared length, so the cap is met while reading.
          req.write(body.subarray(0, body.length / 2));
          req.end(body.subarray(body.length / 2));
        } else req.end();
      });
    const refused = await send(Buffer.alloc(2_000_000, 'a'));
    expect(refused).toEqual({ status: 413, connection: 'close' });
    const after = [];
    for (let i = 0; i < 20; i++) after.push((await send()).status);
    expect(after).toEqual(Array(20).fill(200));
    agent.destroy();
  });
});
