import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LocalBlobStore } from './local-store';
import { MAX_GROWTH_MB, bigRoundTrip } from './testing/big-stream';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'atelier-big-local-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('local store puts and gets a 200 MB object as streams, RSS growing far less than the object', async () => {
  expect(await bigRoundTrip(new LocalBlobStore(root))).toBeLessThan(MAX_GROWTH_MB);
});
