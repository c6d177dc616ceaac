import { expect, it } from 'vitest';
import { MAX_GROWTH_MB, bigRoundTrip } from './testing/big-stream';
import { useS3rverStore } from './testing/s3rver';

const store = useS3rverStore();

// s3rver runs in a child process: the bound covers this process alone, multipart part buffers included.
it('s3 store puts (multipart) and gets a 200 MB object as streams, RSS growing far less than the object', async () => {
  expect(await bigRoundTrip(store())).toBeLessThan(MAX_GROWTH_MB);
});
