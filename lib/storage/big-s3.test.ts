import { afterAll, beforeAll, expect, it } from 'vitest';
import { S3BlobStore } from './s3-store';
import { MAX_GROWTH_MB, bigRoundTrip } from './testing/big-stream';
import { guardLoopbackOnly } from './testing/loopback-guard';
import { startS3rver } from './testing/s3rver';

let store: S3BlobStore;
let stop: () => Promise<void>;
let unguard: () => void;

beforeAll(async () => {
  unguard = guardLoopbackOnly();
  const server = await startS3rver();
  store = new S3BlobStore(server.config);
  stop = server.stop;
});
afterAll(async () => {
  store.client.destroy();
  await stop();
  unguard();
});

// s3rver runs in a child process: the bound covers this process alone, multipart part buffers included.
it('s3 store puts (multipart) and gets a 200 MB object as streams, RSS growing far less than the object', async () => {
  expect(await bigRoundTrip(store)).toBeLessThan(MAX_GROWTH_MB);
});
