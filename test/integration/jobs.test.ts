import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { blobStore } from '../../lib/assets/store';
import { ARCHIVE_QUEUES as QUEUES } from '../../lib/assets/archive-job';
import { db } from '../../lib/runtime';
import { call, download } from '@atelier/reference-service/testing';
import { DATABASE_KINDS } from '../support/app-db';
import { testAtelier } from '../support/harness';

describe.each(DATABASE_KINDS)('background jobs on %s', (kind) => {
  const atelier = testAtelier(kind, { jobs: true });

  it('archives an upstream result into storage as a team asset, byte for byte', async () => {
    const { teamId, userId } = await createAccount({ name: 'Dana', email: `dana-${kind}@example.com`, password: 'password-d' });
    const batch = await call(atelier.svc, 'POST', '/v1/images/generations', { model: 'atelier-mosaic', prompt: 'a lighthouse', seed: 8 });
    const url: string = batch.json.results[0].data[0].url;
    const original = (await download(url)).bytes;

    await atelier.jobs.boss.send(QUEUES.archive, { teamId, url, kind: 'image', createdById: userId });
    const prisma = await db();
    let asset = null;
    for (let i = 0; i < 100 && !asset; i++) {
      asset = await prisma.asset.findFirst({ where: { teamId } });
      if (!asset) await sleep(200);
    }
    expect(asset).toMatchObject({ contentType: 'image/png', size: BigInt(original.length), sha256: createHash('sha256').update(original).digest('hex') });
    const stored = await blobStore().get(asset!.storageKey);
    const bytes = Buffer.from(await new Response(stored!.body).arrayBuffer());
    expect(bytes.equals(original)).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(1024);
  }, 60_000);
});
