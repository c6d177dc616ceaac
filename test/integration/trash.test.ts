import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { blobStore } from '../../lib/assets/store';
import { makePreview } from '../../lib/assets/preview';
import { listEdits } from '../../lib/edits/history';
import { libraryQuerySchema, listLibrary } from '../../lib/library/items';
import { BULK_MAX, selectedIds } from '../../lib/library/bulk';
import { moveToTrash, purgeTrash, restoreFromTrash } from '../../lib/library/trash';
import { getVideo, listVideos, videoFiltersSchema } from '../../lib/videos/queries';
import { createShareLink } from '../../lib/share/create';
import { resolveShare, resolveSharedAsset } from '../../lib/share/resolve-public';
import { db, runtime } from '../../lib/runtime';
import { DATABASE_KINDS, useFreshDatabase } from '../support/app-db';

/** The result a link shows, or null (also for a link that shows a collection). */
const sharedResult = async (token: string) => {
  const shared = await resolveShare(token);
  return shared?.kind === 'result' ? shared.result : null;
};

// The trash: members delete their own results and admins any; a deleted result leaves the library,
// the edit history and its share at once; it comes back on restore; after 30 days its files go,
// unless another result or an edit still uses them. What was spent stays in the ledger.

const png = (shade: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 80, b: 120 } } })
    .png()
    .toBuffer();

describe.each(DATABASE_KINDS)('the trash on %s', (kind) => {
  let teardown: () => Promise<void>;
  let owner: TeamContext;
  let member: TeamContext;
  let teamId: string;

  /** A stored image as the team's asset, with its preview. */
  async function asset(shade: number) {
    const prisma = await db();
    const storageKey = `teams/${teamId}/images/test-${kind}-${shade}`;
    await blobStore().put(storageKey, await png(shade), { contentType: 'image/png' });
    const row = await prisma.asset.create({ data: { teamId, storageKey, contentType: 'image/png', size: 1n, sha256: `sha-${kind}-${shade}` } });
    await makePreview(blobStore(), row);
    return row;
  }

  /** A completed edit by `who` whose result is `resultId` (made from `originalId`), with its ledger line. */
  async function edit(who: TeamContext, prompt: string, resultId: string, originalId: string) {
    const prisma = await db();
    const generation = await prisma.generation.create({
      data: {
        teamId,
        userId: who.user.id,
        kind: 'edit',
        status: 'completed',
        prompt,
        costTotal: '0.1',
        params: { editKind: 'style', model: 'atelier-edit', width: 64, height: 64, originalAssetId: originalId },
      },
    });
    const output = await prisma.generationOutput.create({
      data: {
        generationId: generation.id,
        teamId,
        userId: who.user.id,
        kind: 'edit',
        model: 'atelier-edit',
        entryIndex: 0,
        status: 'completed',
        archive: 'archived',
        assetId: resultId,
      },
    });
    await prisma.ledgerEntry.create({
      data: { teamId, userId: who.user.id, generationId: generation.id, kind: 'edit', model: 'atelier-edit', amount: '0.1', status: 'settled' },
    });
    return { generationId: generation.id, outputId: output.id };
  }

  const library = async (ctx: TeamContext, query: Record<string, string> = {}) =>
    (await listLibrary(ctx, libraryQuerySchema.parse(query))).items.map((i) => i.prompt).sort();

  beforeAll(async () => {
    teardown = await useFreshDatabase(kind);
    const a = await createAccount({ name: 'Ada', email: `ada.${kind}@example.com`, password: 'password-a' });
    const b = await createAccount({ name: 'Ben', email: `ben.${kind}@example.com`, password: 'password-b' });
    teamId = a.teamId;
    await (await db()).membership.create({ data: { teamId, userId: b.userId, role: 'member' } });
    owner = await resolveTeamContext(a.userId, { teamId, strict: true });
    member = await resolveTeamContext(b.userId, { teamId, strict: true });
  }, 60_000);
  afterAll(async () => teardown?.());

  it('deletes by the rules, hides at once everywhere, restores, and purges after 30 days what nothing else uses', async () => {
    const prisma = await db();
    const upload = await asset(10);
    const first = await asset(20); // the first edit's result, then the second edit's original
    const alone = await asset(30); // the second edit's result, used by nothing else
    const bens = await asset(40);
    const e1 = await edit(owner, 'first edit', first.id, upload.id);
    const e2 = await edit(owner, 'second edit', alone.id, first.id);
    const e3 = await edit(member, 'bens edit', bens.id, upload.id);
    const share = await createShareLink(owner, { target: { generationId: e2.generationId }, expiry: 'never' });
    expect(await sharedResult(share.token)).not.toBeNull();
    // The link serves the edit's result and the original it was made from.
    const served = async (assetId: string) => (await resolveSharedAsset(share.token, assetId))?.id ?? null;
    expect([await served(alone.id), await served(first.id)]).toEqual([alone.id, first.id]);

    // A member deletes their own result, not another's; the owner may delete any.
    await expect(moveToTrash(member, [e1.outputId])).rejects.toMatchObject({ status: 403, key: 'deleteOthers' });
    await expect(moveToTrash(member, [e3.outputId, e1.outputId])).rejects.toMatchObject({ status: 403 });
    expect(await library(owner)).toEqual(['bens edit', 'first edit', 'second edit']); // all or none
    expect(await moveToTrash(member, [e3.outputId])).toBe(1);
    expect(await moveToTrash(owner, [e1.outputId, e2.outputId])).toBe(2);
    await expect(moveToTrash(owner, [e1.outputId])).rejects.toMatchObject({ status: 404, key: 'resultMissing' });

    // A video in the trash leaves the video list and its player page too.
    const video = await prisma.generation.create({
      data: { teamId, userId: owner.user.id, kind: 'video', status: 'completed', prompt: 'a trashed video', params: { model: 'atelier-motion' } },
    });
    const videoOutput = await prisma.generationOutput.create({
      data: {
        generationId: video.id,
        teamId,
        userId: owner.user.id,
        kind: 'video',
        model: 'atelier-motion',
        entryIndex: 0,
        status: 'completed',
        archive: 'unsaved',
      },
    });
    expect((await listVideos(owner, videoFiltersSchema.parse({}))).videos.map((v) => v.prompt)).toEqual(['a trashed video']);
    await moveToTrash(owner, [videoOutput.id]);
    expect((await listVideos(owner, videoFiltersSchema.parse({}))).videos).toEqual([]);
    expect(await getVideo(owner, video.id)).toBeNull();
    await prisma.generationOutput.update({ where: { id: videoOutput.id }, data: { deletedAt: null } });
    await prisma.generation.delete({ where: { id: video.id } });

    // Gone from the library, the edit history and the share; in the trash instead.
    expect(await library(owner)).toEqual([]);
    expect(await library(owner, { trash: '1' })).toEqual(['bens edit', 'first edit', 'second edit']);
    expect((await listEdits(owner, 'team')).map((e) => e.prompt)).toEqual([]);
    expect(await sharedResult(share.token)).toBeNull();
    // Its original follows the result out of the share: nothing of a trashed edit serves.
    expect([await served(alone.id), await served(first.id)]).toEqual([null, null]);

    // Restored: back everywhere, share included.
    expect(await restoreFromTrash(owner, [e2.outputId])).toBe(1);
    expect(await library(owner)).toEqual(['second edit']);
    expect(await sharedResult(share.token)).not.toBeNull();
    expect(await served(first.id)).toBe(first.id);
    await moveToTrash(owner, [e2.outputId]);
    // An edit that stays live, made from the same upload as the first and Ben's.
    const kept = await asset(50);
    await edit(owner, 'kept edit', kept.id, upload.id);

    // 29 days on nothing is purged; 31 days on the three results are, with every file only they
    // used: their results, and the second edit's original (the first edit's result, purged too).
    // The upload stays: the kept edit was made from it.
    const day = 86_400_000;
    expect(await purgeTrash((await runtime()).db, { now: new Date(Date.now() + 29 * day) })).toEqual({ outputs: 0, files: 0 });
    expect(await purgeTrash((await runtime()).db, { now: new Date(Date.now() + 31 * day) })).toEqual({ outputs: 3, files: 3 });
    const stored = async (key: string) => Boolean(await blobStore().head(key));
    expect(await stored(alone.storageKey)).toBe(false);
    expect(await stored(`${alone.storageKey}.w256.webp`)).toBe(false);
    expect(await stored(bens.storageKey)).toBe(false);
    expect(await stored(first.storageKey)).toBe(false);
    expect(await stored(upload.storageKey)).toBe(true);
    expect(await stored(kept.storageKey)).toBe(true);
    expect(await prisma.asset.count({ where: { id: { in: [alone.id, bens.id, first.id] } } })).toBe(0);
    expect(await served(first.id)).toBeNull();
    expect(await library(owner, { trash: '1' })).toEqual([]);
    // Money spent is history.
    expect(await prisma.ledgerEntry.count({ where: { teamId } })).toBe(4); // the three purged and the kept edit's
  });

  it('acts on all that match the filters: the same rules, all or none, at most one bulk’s worth', async () => {
    const prisma = await db();
    const mine = await Promise.all([1, 2, 3].map(async (n) => edit(member, `bulk kite ${n}`, (await asset(100 + n)).id, (await asset(110 + n)).id)));
    const owners = await edit(owner, 'bulk kite of the owner', (await asset(120)).id, (await asset(121)).id);
    const all = async (ctx: TeamContext, filters: string) => (await selectedIds(ctx, { filters })).sort();

    expect(await all(member, 'q=bulk+kite&member=' + member.user.id)).toEqual(mine.map((e) => e.outputId).sort());
    // A member's "all that match" that takes in another's result is refused whole, as the ids would be.
    const everyKite = await selectedIds(member, { filters: 'q=bulk+kite' });
    expect(everyKite).toHaveLength(4);
    await expect(moveToTrash(member, everyKite)).rejects.toMatchObject({ status: 403, key: 'deleteOthers' });
    expect(await moveToTrash(member, await selectedIds(member, { filters: `q=bulk+kite&member=${member.user.id}` }))).toBe(3);
    // In the trash, the same filters with trash=1 select what to restore.
    expect(await restoreFromTrash(member, await selectedIds(member, { filters: 'q=bulk+kite&trash=1' }))).toBe(3);

    await expect(selectedIds(member, { filters: 'q=nothing+like+this' })).rejects.toMatchObject({ status: 404, key: 'noneMatch' });
    await expect(selectedIds(member, { filters: 'kind=poem' })).rejects.toMatchObject({ status: 400 });
    await expect(selectedIds(member, { filters: `q=${'x'.repeat(300)}` })).rejects.toMatchObject({ status: 400 });

    // More than BULK_MAX matching is refused, not cut short.
    const { id: generationId } = await prisma.generation.create({
      data: { teamId, userId: owner.user.id, kind: 'comparison', status: 'completed', prompt: 'many', params: {} },
    });
    await prisma.generationOutput.createMany({
      data: Array.from({ length: BULK_MAX + 1 }, (_, i) => ({
        generationId,
        teamId,
        userId: owner.user.id,
        kind: 'comparison' as const,
        model: 'm',
        entryIndex: i,
        status: 'completed' as const,
      })),
    });
    await expect(selectedIds(owner, { filters: 'kind=comparison' })).rejects.toMatchObject({ status: 400, key: 'bulkTooMany' });
    await prisma.generation.delete({ where: { id: generationId } });
    expect(await all(owner, 'q=of+the+owner')).toEqual([owners.outputId]);
  });
});
