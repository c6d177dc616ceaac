import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveFromUrl, type ArchiveOptions } from './archive';
import { ArchiveError } from './archive-error';
import { LocalBlobStore } from './local-store';
import { S3BlobStore } from './s3-store';
import { redirect, send, startFileServer } from './testing/file-server';
import { guardLoopbackOnly } from './testing/loopback-guard';
import { startS3rver } from './testing/s3rver';
import { readAll } from './testing/streams';
import type { BlobStore } from './types';

const IMAGES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX = 100 * 1024;

let png: Buffer;
let mp4: Buffer;
let upstream: Awaited<ReturnType<typeof startFileServer>>;
let other: Awaited<ReturnType<typeof startFileServer>>;
let root: string;
let local: LocalBlobStore;
let s3: { store: S3BlobStore; stop: () => Promise<void> };
let unguard: () => void;

/** An MP4 prefix: an `ftyp` box (isom) and the start of an `mdat`, then filler. */
function mp4ish(size: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('mdat')]);
  return Buffer.concat([ftyp, mdat, Buffer.alloc(size - ftyp.length - mdat.length, 0x42)]);
}

beforeAll(async () => {
  unguard = guardLoopbackOnly();
  png = await sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  mp4 = mp4ish(40_000);
  const bigPng = Buffer.concat([png, Buffer.alloc(MAX * 3)]);
  other = await startFileServer({ '/image.png': send('image/png', png) });
  upstream = await startFileServer({
    '/image.png': send('image/png', png),
    '/image-chunked.png': send('image/png; charset=binary', png, { chunked: true }),
    '/clip.mp4': send('video/mp4', mp4),
    '/text-as.png': send('image/png', Buffer.from('definitely not an image, just some text')),
    '/image.html': send('text/html', png),
    '/png-as.jpg': send('image/jpeg', png),
    '/empty.png': send('image/png', Buffer.alloc(0)),
    '/big-declared.png': send('image/png', bigPng),
    '/big-chunked.png': send('image/png', bigPng, { chunked: true }),
    '/gzipped.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' }).end(png),
    '/error.png': (_req, res) => void res.writeHead(500, { 'content-type': 'image/png' }).end(png),
    '/missing.png': (_req, res) => void res.writeHead(404).end(),
    '/slow.png': (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).write(png.subarray(0, 20)),
    '/to-image': redirect('/image.png'),
    '/to-other': redirect(`${other.origin}/image.png`),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-file': redirect('file:///etc/passwd'),
    '/loop': redirect('/loop', 307),
  });
  root = await mkdtemp(path.join(tmpdir(), 'atelier-archive-'));
  local = new LocalBlobStore(root);
  const server = await startS3rver();
  s3 = { store: new S3BlobStore(server.config), stop: server.stop };
});

afterAll(async () => {
  await upstream.stop();
  await other.stop();
  s3.store.client.destroy();
  await s3.stop();
  await rm(root, { recursive: true, force: true });
  unguard();
});

const options = (overrides: Partial<ArchiveOptions> = {}): ArchiveOptions => ({
  key: 'archive/result.png',
  maxBytes: MAX,
  allowedTypes: IMAGES,
  trustedOrigins: [upstream.origin],
  timeoutMs: 5_000,
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<ArchiveError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ArchiveError);
  return error as ArchiveError;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('archiveFromUrl from the trusted upstream', () => {
  it('stores a real PNG with its size, sniffed type and sha256', async () => {
    const result = await archiveFromUrl(local, `${upstream.origin}/image.png`, options({ key: 'archive/a.png' }));
    expect(result).toEqual({ key: 'archive/a.png', size: png.length, contentType: 'image/png', sha256: sha256(png) });
    const stored = await local.get('archive/a.png');
    expect(stored!.contentType).toBe('image/png');
    expect((await readAll(stored!.body)).equals(png)).toBe(true);
    expect((await sharp(png).metadata()).width).toBe(48);
  });

  it('stores a chunked response with parameters on its type', async () => {
    const result = await archiveFromUrl(local, `${upstream.origin}/image-chunked.png`, options({ key: 'archive/chunked.png' }));
    expect(result.sha256).toBe(sha256(png));
  });

  it('stores an MP4 into S3 when video is allowed', async () => {
    const result = await archiveFromUrl(s3.store, `${upstream.origin}/clip.mp4`, options({ key: 'archive/clip.mp4', allowedTypes: ['video/mp4'] }));
    expect(result).toMatchObject({ size: mp4.length, contentType: 'video/mp4', sha256: sha256(mp4) });
    expect(await s3.store.head('archive/clip.mp4')).toMatchObject({ size: mp4.length, contentType: 'video/mp4' });
  });

  it('accepts a trusted origin written with a trailing slash', async () => {
    const result = await archiveFromUrl(local, `${upstream.origin}/image.png`, options({ trustedOrigins: [`${upstream.origin}/`] }));
    expect(result.size).toBe(png.length);
  });

  it('connects to the address it checked, asking DNS only once (no rebinding)', async () => {
    const answers = ['127.0.0.1', '127.0.0.2'];
    const asked: string[] = [];
    const resolveHost = async (host: string) => {
      asked.push(host);
      return [{ address: answers.shift() ?? '127.0.0.3', family: 4 }];
    };
    const origin = `http://assets.rebind.test:${upstream.port}`;
    const result = await archiveFromUrl(local, `${origin}/image.png`, options({ trustedOrigins: [origin], resolveHost }));
    expect(result.size).toBe(png.length);
    expect(asked).toEqual(['assets.rebind.test']);
  });
});

describe('archiveFromUrl refuses', () => {
  it('our own loopback server when it is not a trusted origin', async () => {
    const before = other.hits.length;
    const error = await refusal(archiveFromUrl(local, `${other.origin}/image.png`, options()));
    expect(error.code).toBe('blocked_address');
    expect(other.hits.length).toBe(before);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]/x.png',
    'http://[::ffff:a9fe:a9fe]/x.png',
    'http://[::1]/x.png',
    'http://[fd00::1]/x.png',
    'http://[fe80::1]/x.png',
    'http://0.0.0.0/x.png',
    'http://2130706433/x.png',
    'http://0x7f.1/x.png',
    'http://10.1.2.3/x.png',
    'http://192.168.1.1/x.png',
    'http://224.0.0.1/x.png',
    'http://localhost/x.png',
  ])('private, loopback, link-local, multicast and unspecified hosts: %s', async (url) => {
    expect((await refusal(archiveFromUrl(local, url, options()))).code).toBe('blocked_address');
  });

  it('a host name when any of its addresses is private', async () => {
    const resolveHost = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:10.0.0.7', family: 6 },
    ];
    const error = await refusal(archiveFromUrl(local, 'https://cdn.example.test/x.png', options({ resolveHost })));
    expect(error.code).toBe('blocked_address');
    expect(error.message).not.toMatch(/10\.0\.0\.7/);
  });

  it.each(['ftp://127.0.0.1/x.png', 'file:///etc/passwd', 'data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)', 'not a url'])(
    'non-http(s) URLs: %s',
    async (url) => {
      expect((await refusal(archiveFromUrl(local, url, options()))).code).toBe('bad_scheme');
    },
  );

  it('a declared type outside the allowed list', async () => {
    expect((await refusal(archiveFromUrl(local, `${upstream.origin}/image.html`, options()))).code).toBe('unsupported_type');
    const video = options({ allowedTypes: ['video/mp4'] });
    expect((await refusal(archiveFromUrl(local, `${upstream.origin}/image.png`, video))).code).toBe('unsupported_type');
  });

  it('text bytes labelled image/png, an empty body, and a compressed body', async () => {
    for (const name of ['text-as.png', 'empty.png', 'gzipped.png']) {
      const error = await refusal(archiveFromUrl(local, `${upstream.origin}/${name}`, options({ key: `archive/${name}` })));
      expect(error.code).toBe('unsupported_type');
      expect(await local.head(`archive/${name}`)).toBeNull();
    }
  });

  it('PNG bytes when only JPEG is allowed, even if labelled image/jpeg', async () => {
    const error = await refusal(archiveFromUrl(local, `${upstream.origin}/png-as.jpg`, options({ allowedTypes: ['image/jpeg'] })));
    expect(error.code).toBe('unsupported_type');
  });

  it('a non-2xx status', async () => {
    for (const name of ['error.png', 'missing.png']) {
      expect((await refusal(archiveFromUrl(local, `${upstream.origin}/${name}`, options()))).code).toBe('http_error');
    }
  });

  it('an upstream that stalls past the timeout, leaving nothing', async () => {
    const error = await refusal(archiveFromUrl(local, `${upstream.origin}/slow.png`, options({ key: 'archive/slow.png', timeoutMs: 300 })));
    expect(error.code).toBe('timeout');
    expect(await local.head('archive/slow.png')).toBeNull();
  });

  it('passes the caller’s own abort through as it is', async () => {
    const controller = new AbortController();
    const pending = archiveFromUrl(local, `${upstream.origin}/slow.png`, options({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('user left')), 100);
    await expect(pending).rejects.toThrow('user left');
  });

  describe.each([
    ['local', () => local as BlobStore],
    ['s3', () => s3.store as BlobStore],
  ])('a body over maxBytes, leaving no object in the %s store', (_name, store) => {
    it.each(['big-declared.png', 'big-chunked.png'])('%s', async (name) => {
      const key = `archive/too-large/${name}`;
      const error = await refusal(archiveFromUrl(store(), `${upstream.origin}/${name}`, options({ key })));
      expect(error.code).toBe('too_large');
      expect(error.message).toContain('100 KB');
      expect(await store().head(key)).toBeNull();
    });
  });

  it('leaves no temp file behind in the local store', async () => {
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });
});

describe('archiveFromUrl on redirects', () => {
  it('follows a redirect within the trusted origin, checking the new hop', async () => {
    const result = await archiveFromUrl(local, `${upstream.origin}/to-image`, options({ key: 'archive/redirected.png' }));
    expect(result.sha256).toBe(sha256(png));
  });

  it('refuses a redirect when redirects are off', async () => {
    expect((await refusal(archiveFromUrl(local, `${upstream.origin}/to-image`, options({ maxRedirects: 0 })))).code).toBe('redirect');
  });

  it('refuses a hop to an untrusted loopback server without contacting it', async () => {
    const before = other.hits.length;
    expect((await refusal(archiveFromUrl(local, `${upstream.origin}/to-other`, options()))).code).toBe('blocked_address');
    expect(other.hits.length).toBe(before);
  });

  it('refuses a hop to the metadata address or to file:', async () => {
    expect((await refusal(archiveFromUrl(local, `${upstream.origin}/to-metadata`, options()))).code).toBe('blocked_address');
    expect((await refusal(archiveFromUrl(local, `${upstream.origin}/to-file`, options()))).code).toBe('bad_scheme');
  });

  it('refuses a redirect loop', async () => {
    expect((await refusal(archiveFromUrl(local, `${upstream.origin}/loop`, options()))).code).toBe('redirect');
  });
});
