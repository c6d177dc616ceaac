import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from './local-store';
import { serveBlob, type ServeOptions } from './serve';

const IMMUTABLE = 'private, max-age=31536000, immutable';
const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i & 0xff));
let root: string;
let store: LocalBlobStore;
let etag: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'atelier-serve-'));
  store = new LocalBlobStore(root);
  etag = (await store.put('assets/abc.png', data, { contentType: 'image/png' })).etag!;
});
afterAll(() => rm(root, { recursive: true, force: true }));

const serve = (headers: Record<string, string> = {}, options: Partial<ServeOptions> = {}, method = 'GET', key = 'assets/abc.png') =>
  serveBlob(new Request('http://app.test/api/assets/abc', { method, headers }), store, key, { cacheControl: IMMUTABLE, ...options });

const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('serveBlob', () => {
  it('serves the whole blob with type, length, ranges, etag and cache headers', async () => {
    const res = await serve();
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      etag,
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers.get('content-disposition')).toBeNull();
    expect((await body(res)).equals(data)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await serve({}, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.body).toBeNull();
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 999],
    ['bytes=-10', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=999-999', 999, 999],
  ])('answers %s with 206 and the exact bytes', async (range, start, end) => {
    const res = await serve({ range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect((await body(res)).equals(data.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers %s with 416 and the real size', async (range) => {
    const res = await serve({ range });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
  });

  it.each(['bytes=0-1,5-6', 'items=0-5', 'bytes=5-1', 'bytes=abc'])('ignores a range it does not serve (%s): whole blob', async (range) => {
    const res = await serve({ range });
    expect(res.status).toBe(200);
    expect((await body(res)).length).toBe(1000);
  });

  it('answers 304 when If-None-Match holds the etag, weak or in a list, or *', async () => {
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await serve({ 'if-none-match': header });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.body).toBeNull();
    }
    expect((await serve({ 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('honours If-Range: a range only while the etag still matches', async () => {
    expect((await serve({ range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
    expect((await serve({ range: 'bytes=0-9', 'if-range': '"old"' })).status).toBe(200);
  });

  it('offers a Chinese filename as an RFC 5987 attachment', async () => {
    const res = await serve({}, { filename: '春天的花 (最终版).png' });
    const header = res.headers.get('content-disposition')!;
    expect(header.startsWith('attachment; filename="')).toBe(true);
    const encoded = /filename\*=UTF-8''([^;]+)$/.exec(header)![1];
    expect(encoded).not.toMatch(/[()\s]/);
    expect(decodeURIComponent(encoded)).toBe('春天的花 (最终版).png');
    expect(/filename="([^"]*)"/.exec(header)![1]).toMatch(/^[\x20-\x7e]+\.png$/);
  });

  it('keeps quotes, slashes and line breaks out of the download name', async () => {
    const header = (await serve({}, { filename: '../a"b\r\nc.png' })).headers.get('content-disposition')!;
    expect(header).not.toMatch(/[\r\n]/);
    expect(/filename="([^"]*)"/.exec(header)![1]).toBe('.._a_b__c.png');
  });

  it('lets the caller override the stored type', async () => {
    expect((await serve({}, { contentType: 'application/octet-stream' })).headers.get('content-type')).toBe('application/octet-stream');
  });

  it('answers 404 for a missing blob and 405 for other methods', async () => {
    expect((await serve({}, {}, 'GET', 'assets/none.png')).status).toBe(404);
    const res = await serve({}, {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
