import { afterAll, beforeAll } from 'vitest';
import { S3BlobStore } from '../s3-store';
import { guardLoopbackOnly } from './loopback-guard';
import { startS3rver } from './s3rver-server';

export { startS3rver } from './s3rver-server';

/**
 * For a test file: starts s3rver (with the loopback guard) before its tests and stops it after;
 * the returned getter gives the store once the tests run.
 */
export function s3rverStoreForFile(): () => S3BlobStore {
  let store: S3BlobStore | undefined;
  let stop: () => Promise<void> = async () => {};
  let unguard: () => void = () => {};
  beforeAll(async () => {
    unguard = guardLoopbackOnly();
    const server = await startS3rver();
    store = new S3BlobStore(server.config);
    stop = server.stop;
  });
  afterAll(async () => {
    store?.client.destroy();
    await stop();
    unguard();
  });
  return () => {
    if (!store) throw new Error('the s3rver store is only available inside tests');
    return store;
  };
}
