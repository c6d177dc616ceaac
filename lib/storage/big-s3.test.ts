import { expect, it } from 'vitest';
import { MAX_GROWTH_MB, bigRoundTrip } from './testing/big-stream';
import { s3rverStoreForFile } from './testing/s3rver';

const store = s3rverStoreForFile();

// s3rver runs in a child process: the bound covers this process alone, multipart part buffers included.
it('s3 store puts (multipart) and gets a 200 MB object as streams, RSS growing far less than the object', async () => {
  expect(await bigRoundTrip(store())).toBeLessThan(MAX_GROWTH_MB);
});
