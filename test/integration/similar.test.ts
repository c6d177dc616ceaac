import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, download } from '@atelier/reference-service/testing';
import type { TeamContext } from '../../lib/auth/context';
import { storeResultImage } from '../../lib/assets/archive';
import { blobStore } from '../../lib/assets/store';
import { hashDistance } from '../../lib/images/signature';
import { backfillSignatures, similarResults } from '../../lib/library/similar';
import { db, runtime } from '../../lib/runtime';
import { DATABASE_KINDS } from '../support/app-db';
import { testAtelier } from '../support/harness';

// "More like this" over a library of the reference service's own pictures: one of them copied as
// results get copied (re-encoded, cropped a little, resized, brightened), each stored through the
// store's own path (which signs it). The copies come first, nothing unrelated above them; the trash
// and other teams stay out; the backfill signs what was stored unsigned, a batch at a time.

const PROMPTS = [
  'a lighthouse by the sea at dusk',
  'a red fox in fresh snow',
  'a teapot of blue porcelain',
  'a paper kite over green hills',
  'lanterns along a quay at night',
];

describe.each(DATABASE_KINDS)('more like this on %s', (kind) => {
  const atelier = testAtelier(kind);

  /** A picture of the service's for `prompt`, as its PNG bytes. */
  async function picture(prompt: string, seed: number) {
    const batch = await call(atelier.svc, 'POST', '/v1/images/generations', { model: 'atelier-vista', prompt, seed });
    return (await download(batch.json.results[0].data[0].url as string)).bytes as Buffer;
  }

  /** A completed board result of `who` holding `bytes`, stored as the archive stores a result. */
  async function result(who: TeamContext & { teamId: string }, bytes: Buffer, contentType: string, prompt: string) {
    const asset = await storeResultImage({ teamId: who.teamId, createdById: who.user.id, bytes, contentType });
    return outputFor(who, asset.id, prompt);
  }

  async function outputFor(who: TeamContext & { teamId: string }, assetId: string, prompt: string) {
    const prisma = await db();
    const generation = await prisma.generation.create({
      data: { teamId: who.teamId, userId: who.user.id, kind: 'comparison', status: 'completed', prompt, params: {} },
    });
    const output = await prisma.generationOutput.create({
      data: {
        generationId: generation.id,
        teamId: who.teamId,
        userId: who.user.id,
        kind: 'comparison',
        model: 'atelier-vista',
        entryIndex: 0,
        status: 'completed',
        archive: 'archived',
        assetId,
      },
    });
    return output.id;
  }

  async function copies(original: Buffer) {
    const { width = 0, height = 0 } = await sharp(original).metadata();
    return [
      { name: 'jpeg q80', type: 'image/jpeg', bytes: await sharp(original).jpeg({ quality: 80 }).toBuffer() },
      {
        name: '5 % crop',
        type: 'image/png',
        bytes: await sharp(original)
          .extract({ left: Math.round(width * 0.025), top: Math.round(height * 0.025), width: Math.round(width * 0.95), height: Math.round(height * 0.95) })
          .png()
          .toBuffer(),
      },
      {
        name: 'half size',
        type: 'image/webp',
        bytes: await sharp(original)
          .resize(Math.round(width / 2))
          .webp({ quality: 85 })
          .toBuffer(),
      },
      { name: 'brighter', type: 'image/png', bytes: await sharp(original).modulate({ brightness: 1.08 }).png().toBuffer() },
    ];
  }

  it('finds the copies of a result first, nothing unrelated above them, none in the trash or of another team', async () => {
    const owner = await atelier.person('Owner');
    const stranger = await atelier.person('Stranger');
    const pictures = await Promise.all(PROMPTS.map((prompt, i) => picture(prompt, 11 + i)));
    const [lighthouse, ...others] = pictures;
    const original = await result(owner, lighthouse, 'image/png', PROMPTS[0]);
    const unrelated = await Promise.all(others.map((bytes, i) => result(owner, bytes, 'image/png', PROMPTS[i + 1])));
    const near = new Map<string, string>();
    for (const copy of await copies(lighthouse)) near.set(await result(owner, copy.bytes, copy.type, `${PROMPTS[0]} (${copy.name})`), copy.name);
    // The same picture in another team, and a copy in the trash, are never shown.
    const elsewhere = await result(stranger, lighthouse, 'image/png', PROMPTS[0]);
    const trashed = await result(owner, (await copies(lighthouse))[0].bytes, 'image/jpeg', 'trashed copy');
    await (await db()).generationOutput.update({ where: { id: trashed }, data: { deletedAt: new Date() } });

    const found = (await similarResults(owner, original))!;
    const ids = found.map((item) => item.id);
    expect(ids.slice(0, near.size).sort(), `first: ${found.map((f) => `${near.get(f.id) ?? f.prompt} ${f.similarity.toFixed(2)}`).join(', ')}`).toEqual(
      [...near.keys()].sort(),
    );
    expect(ids).not.toContain(original);
    expect(ids).not.toContain(elsewhere);
    expect(ids).not.toContain(trashed);
    // Whatever else is shown comes after every copy, less alike.
    for (const id of unrelated.filter((u) => ids.includes(u))) expect(ids.indexOf(id)).toBeGreaterThanOrEqual(near.size);
    expect(found[0].similarity).toBeGreaterThan(0.7);
    expect(found.map((f) => f.similarity)).toEqual([...found.map((f) => f.similarity)].sort((a, b) => b - a));
    expect(found[0]).toMatchObject({ kind: 'comparison', state: 'archived', previewUrl: expect.stringMatching(/^\/api\/assets\//) });

    // Another team's result is not found at all (the route's 404); `take` bounds the list.
    expect(await similarResults(owner, elsewhere)).toBeNull();
    expect(await similarResults(owner, original, { take: 2 })).toHaveLength(2);
    // From a copy, the original is among the nearest too.
    expect((await similarResults(owner, [...near.keys()][0]))!.slice(0, near.size).map((f) => f.id)).toContain(original);
  }, 120_000);

  it('signs results stored without a signature, a batch at a time, and continues after a stop', async () => {
    const owner = await atelier.person('Backfill');
    const prisma = await db();
    const fox = await picture(PROMPTS[1], 40);
    const signedFox = await result(owner, fox, 'image/png', PROMPTS[1]);
    // Three results as they were stored before signatures existed: the file, no preview, no signature.
    const unsigned: string[] = [];
    for (const [i, bytes] of [fox, await picture(PROMPTS[2], 41), await picture(PROMPTS[3], 42)].entries()) {
      const storageKey = `teams/${owner.teamId}/images/unsigned-${kind}-${i}`;
      await blobStore().put(storageKey, bytes, { contentType: 'image/png', contentLength: bytes.length });
      const asset = await prisma.asset.create({
        data: { teamId: owner.teamId, storageKey, contentType: 'image/png', size: BigInt(bytes.length), sha256: `unsigned-${i}` },
      });
      unsigned.push(asset.id);
      await outputFor(owner, asset.id, `unsigned ${i}`);
    }
    const pending = () => prisma.asset.count({ where: { id: { in: unsigned }, phash: null } });
    expect(await pending()).toBe(3);
    expect(await similarResults(owner, (await prisma.generationOutput.findFirstOrThrow({ where: { assetId: unsigned[0] } })).id)).toEqual([]);

    // Stopped after one batch of two: those two are committed, the third waits.
    const { database } = { database: (await runtime()).db };
    expect(await backfillSignatures(database, { batchSize: 2, maxBatches: 1 })).toEqual({ signed: 2, failed: 0 });
    expect(await pending()).toBe(1);
    // Started again, it signs only what is left.
    expect(await backfillSignatures(database, { batchSize: 2 })).toEqual({ signed: 1, failed: 0 });
    expect(await pending()).toBe(0);
    expect(await backfillSignatures(database, { batchSize: 2 })).toEqual({ signed: 0, failed: 0 });

    // Signed from the file, the unsigned copy of the fox matches the fox signed when it was stored.
    const [stored, backfilled] = await Promise.all(
      [signedFox, unsigned[0]].map(async (id, i) =>
        i === 0
          ? (await prisma.generationOutput.findUniqueOrThrow({ where: { id }, select: { asset: true } })).asset!
          : prisma.asset.findUniqueOrThrow({ where: { id } }),
      ),
    );
    expect(hashDistance(stored.phash!, backfilled.phash!)).toBeLessThanOrEqual(4);
    const found = (await similarResults(owner, signedFox))!;
    expect(found[0].assetId).toBe(unsigned[0]);
  }, 120_000);
});
