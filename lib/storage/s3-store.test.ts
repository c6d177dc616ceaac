import { expect, it } from 'vitest';
import { S3BlobStore } from './s3-store';
import { blobStoreContract } from './testing/contract';
import { s3rverStoreForFile } from './testing/s3rver';

const store = s3rverStoreForFile();

blobStoreContract('s3 (s3rver)', store);

it('a bucket that is not there fails the probe at start, naming it (not at the first upload)', async () => {
  const { client } = store();
  const endpoint = await client.config.endpoint!();
  const wrong = new S3BlobStore({
    bucket: 'no-such-bucket',
    region: 'us-east-1',
    endpoint: `${endpoint.protocol}//${endpoint.hostname}:${endpoint.port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await expect(wrong.probe()).rejects.toThrow(/S3 bucket "no-such-bucket" is not usable \(HTTP 404\)/);
  wrong.client.destroy();
});
