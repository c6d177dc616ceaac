import { afterAll, beforeAll } from 'vitest';
import { S3BlobStore } from './s3-store';
import { blobStoreContract } from './testing/contract';
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

blobStoreContract('s3 (s3rver)', () => store);
