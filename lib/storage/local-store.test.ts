import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from './local-store';
import { blobStoreContract } from './testing/contract';
import { failingStream } from './testing/streams';

let root: string;
let store: LocalBlobStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'atelier-local-store-'));
  store = new LocalBlobStore(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

blobStoreContract('local', () => store);

describe('local store on disk', () => {
  it('writes under its root and leaves no temp file after success or failure', async () => {
    await store.put('disk/a.png', Buffer.from('png'), { contentType: 'image/png' });
    await expect(store.put('disk/b.png', failingStream(100_000), { contentType: 'image/png' })).rejects.toThrow();
    expect(await readdir(path.join(root, 'disk'))).toEqual(['a.png']);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('still serves a file whose metadata is missing, as octet-stream', async () => {
    await store.put('disk/bare.bin', Buffer.from('bare'), { contentType: 'image/png' });
    await rm(path.join(root, '.meta', 'disk', 'bare.bin.json'));
    expect(await store.head('disk/bare.bin')).toMatchObject({ size: 4, contentType: 'application/octet-stream' });
  });

  it('defaults its root to .data/assets', () => {
    expect(new LocalBlobStore().root).toBe(path.resolve('.data/assets'));
  });
});
