import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { archiveFromUrl } from './archive';
import { LocalBlobStore } from './local-store';
import { BIG, MAX_GROWTH_MB, patternStream, rssWatch } from './testing/big-stream';
import { startFileServer } from './testing/file-server';
import { guardLoopbackOnly } from './testing/loopback-guard';

let root: string;
let unguard: () => void;
beforeAll(async () => {
  unguard = guardLoopbackOnly();
  root = await mkdtemp(path.join(tmpdir(), 'atelier-big-archive-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  unguard();
});

it('archiveFromUrl streams a 200 MB video into the store, hashing on the way, with bounded RSS', async () => {
  const sent = createHash('sha256');
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]);
  const upstream = await startFileServer({
    '/big.mp4': (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': BIG + ftyp.length });
      sent.update(ftyp);
      res.write(ftyp);
      patternStream(BIG)
        .on('data', (chunk: Buffer) => sent.update(chunk))
        .pipe(res);
    },
  });
  try {
    const watch = rssWatch();
    const result = await archiveFromUrl(new LocalBlobStore(root), `${upstream.origin}/big.mp4`, {
      key: 'big/archived.mp4',
      maxBytes: 512 * 1024 * 1024,
      allowedTypes: ['video/mp4'],
      trustedOrigins: [upstream.origin],
    });
    const growth = watch.growthMb();
    console.info(`rss growth ${growth.toFixed(1)} MB`);
    expect(result).toMatchObject({ size: BIG + ftyp.length, contentType: 'video/mp4', sha256: sent.digest('hex') });
    expect(growth).toBeLessThan(MAX_GROWTH_MB);
  } finally {
    await upstream.stop();
  }
});
