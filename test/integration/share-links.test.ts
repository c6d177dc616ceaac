import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as media } from '../../app/s/[token]/media/[assetId]/route';
import { GET as zipRoute } from '../../app/s/[token]/zip/route';
import { readZip } from '../../e2e/support/zip';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import { runBoard } from '../support/runs';
import type { AppError } from '../../lib/errors';
import type { EditOutcome } from '../../lib/edits/run-edit';
import { runEdit } from '../support/runs';
import { db } from '../../lib/runtime';
import { countShareView, createShareLink, listShareLinks, resolveShare, resolveSharedAsset, revokeShareLink, sharedFiles, shareState } from '../../lib/share';
import { addToCollection, createCollection, deleteCollection } from '../../lib/library/collections';
import { moveToTrash, restoreFromTrash } from '../../lib/library/trash';
import { acceptInvite, createInvite } from '../../lib/teams/invites';
import { DATABASE_KINDS } from '../support/app-db';
import { eventually, testAtelier } from '../support/harness';
import { maskPng, scenePng } from '@atelier/reference-service/testing';
import { asUpload } from '../support/images';

/** The result a link shows, or null (also for a link that shows a collection). */
const sharedResult = async (token: string) => {
  const shared = await resolveShare(token);
  return shared?.kind === 'result' ? shared.result : null;
};

const rejects = (promise: Promise<unknown>, code: AppError['code']) => expect(promise).rejects.toMatchObject({ code });
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** The public media route, called the way Next calls it. */
function fetchMedia(token: string, assetId: string, { query = '', headers = {} }: { query?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(`http://localhost/s/${token}/media/${assetId}${query}`, { headers });
  return media(request, { params: Promise.resolve({ token, assetId }) });
}

/** The public ZIP route, called the way Next calls it. */
const fetchZip = (token: string) => zipRoute(new Request(`http://localhost/s/${token}/zip`), { params: Promise.resolve({ token }) });

type Manifest = {
  kind: string;
  name?: string;
  prompt?: string;
  files: Array<{ file: string; prompt?: string; model?: string; size?: string; original?: true }>;
};

/** A link's ZIP as an independent reader sees it: its names, manifest and every file's sha256. */
async function zipOf(token: string) {
  const response = await fetchZip(token);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  const bytes = Buffer.from(await response.arrayBuffer());
  const { names, manifest } = readZip<Manifest>(bytes);
  const { files } = readZip<Manifest>(bytes, names.slice(1));
  return {
    names,
    manifest,
    sha256: Object.fromEntries(Object.entries(files).map(([name, file]) => [name, sha256(file)])),
    disposition: response.headers.get('content-disposition'),
  };
}

/** The sha256 of each asset, as stored when it was made. */
async function storedSha256(assetIds: string[]): Promise<string[]> {
  const assets = await (await db()).asset.findMany({ where: { id: { in: assetIds } }, select: { id: true, sha256: true } });
  return assetIds.map((id) => assets.find((a) => a.id === id)!.sha256);
}

/** The status of a media response, its body left unread (and released). */
async function statusOf(response: Promise<Response>): Promise<number> {
  const answered = await response;
  await answered.body?.cancel();
  return answered.status;
}

/** Waits for the archive job to store a board's images (URL results are archived after the answer). */
const archived = (generationId: string) =>
  eventually(async () => (await (await db()).generationOutput.count({ where: { generationId, status: 'completed', assetId: null } })) === 0);

/** Moves a link's expiry, as the passing of time would. */
async function setExpiry(token: string, expiresAt: Date | null) {
  await (await db()).shareLink.update({ where: { tokenHash: sha256(token) }, data: { expiresAt } });
}

describe.each(DATABASE_KINDS)('share links on %s', (kind) => {
  const atelier = testAtelier(kind, { jobs: true });
  let alice: TeamContext; // owner of team A
  let carol: TeamContext; // member of team A
  let dave: TeamContext; // admin of team A
  let bob: TeamContext; // owner of team B
  let boardId: string;
  let edit: EditOutcome;
  let bobsBoardId: string;

  beforeAll(async () => {
    [alice, bob] = [await atelier.person('Alice'), await atelier.person('Bob')];
    const join = async (name: string, role: 'member' | 'admin') => {
      const ctx = await atelier.person(name);
      await acceptInvite(ctx.user, (await createInvite(alice, role)).token);
      return resolveTeamContext(ctx.user.id, { teamId: alice.team.id, strict: true });
    };
    [carol, dave] = [await join('Carol', 'member'), await join('Dave', 'admin')];

    const board = { size: '1024x1024', n: 1, background: 'auto', seed: 7, responseFormat: 'url' } as const;
    boardId = (await runBoard(alice, { ...board, prompt: 'a red lighthouse at dusk', models: ['atelier-vista', 'atelier-mosaic'] })).id;
    bobsBoardId = (await runBoard(bob, { ...board, prompt: 'bob private board', models: ['atelier-pixel'] })).id;
    await Promise.all([archived(boardId), archived(bobsBoardId)]);
    const image = await scenePng(320, 240);
    const mask = await maskPng(320, 240, { x: 100, y: 60, w: 120, h: 120 });
    edit = await runEdit(
      alice,
      {
        requestId: randomUUID(),
        kind: 'local',
        prompt: 'Turn the painted area into a bouquet of red flowers',
        image: await asUpload(image),
        mask: await asUpload(mask),
      },
      new AbortController().signal,
    );
  }, 120_000);

  it('gives out an unguessable token once and stores only its sha256', async () => {
    const first = await createShareLink(alice, { target: { generationId: boardId }, expiry: 'never' });
    const second = await createShareLink(alice, { target: { generationId: boardId }, expiry: 'never' });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
    expect(second.token).not.toBe(first.token);
    const rows = await (await db()).shareLink.findMany({ where: { id: { in: [first.id, second.id] } } });
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([sha256(first.token), sha256(second.token)].sort());
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(first.token.slice(0, 20));
    expect(first.expiresAt).toBeNull();
  });

  it('resolves a live link to the result, its prompt and models, and nothing of the team', async () => {
    const { token } = await createShareLink(alice, { target: { generationId: boardId }, expiry: '7d' });
    const result = await sharedResult(token);
    expect(result).toMatchObject({ kind: 'comparison', prompt: 'a red lighthouse at dusk', models: ['atelier-vista', 'atelier-mosaic'] });
    const outputs = await (await db()).generationOutput.findMany({ where: { generationId: boardId }, orderBy: { entryIndex: 'asc' } });
    expect(result!.kind === 'comparison' && result!.columns.map((c) => c.images)).toEqual(outputs.map((o) => [o.assetId]));
    const json = JSON.stringify(result);
    for (const secret of [alice.user.email, alice.user.id, alice.team.id, 'cost', 'Alice', 'seed']) expect(json).not.toContain(secret);

    expect(await sharedResult('x'.repeat(43))).toBeNull();
    expect(await sharedResult(`${token}x`)).toBeNull();
  });

  it('lives until its expiry: 1 day, 7 days, 30 days or never', async () => {
    const day = 86_400_000;
    for (const [expiry, days] of [
      ['1d', 1],
      ['7d', 7],
      ['30d', 30],
    ] as const) {
      const link = await createShareLink(alice, { target: { generationId: boardId }, expiry });
      expect(Math.abs(link.expiresAt!.getTime() - (Date.now() + days * day))).toBeLessThan(60_000);
    }
    const { token } = await createShareLink(alice, { target: { generationId: boardId }, expiry: '1d' });
    await setExpiry(token, new Date(Date.now() + 5_000));
    expect(await sharedResult(token)).not.toBeNull();
    await setExpiry(token, new Date(Date.now() - 1_000));
    expect(await sharedResult(token)).toBeNull();
    const assetId = (await (await db()).generationOutput.findFirstOrThrow({ where: { generationId: boardId } })).assetId!;
    expect(await resolveSharedAsset(token, assetId)).toBeNull();
    expect(await statusOf(fetchMedia(token, assetId))).toBe(404);
    // Listed as expired, with revocation taking precedence once revoked.
    expect((await listShareLinks(alice)).find((l) => l.state === 'expired')).toBeDefined();
    expect(shareState({ expiresAt: new Date(0), revokedAt: new Date() })).toBe('revoked');
    expect(shareState({ expiresAt: null, revokedAt: null })).toBe('active');
  });

  it('shares only finished results of the active team', async () => {
    const running = await (
      await db()
    ).generation.create({
      data: { teamId: alice.team.id, userId: alice.user.id, kind: 'comparison', status: 'running', prompt: 'still going', params: {} },
    });
    await rejects(createShareLink(alice, { target: { generationId: running.id }, expiry: 'never' }), 'conflict');
    await rejects(createShareLink(alice, { target: { generationId: bobsBoardId }, expiry: 'never' }), 'not_found');
    await rejects(createShareLink(bob, { target: { generationId: boardId }, expiry: 'never' }), 'not_found');
    await rejects(createShareLink(alice, { target: { generationId: randomUUID() }, expiry: 'never' }), 'not_found');
  });

  it('lets the creator and admins revoke a link, and no other member', async () => {
    const alices = await createShareLink(alice, { target: { generationId: boardId }, expiry: 'never' });
    const carols = await createShareLink(carol, { target: { generationId: boardId }, expiry: '30d' });

    await rejects(revokeShareLink(carol, alices.id), 'forbidden');
    await rejects(revokeShareLink(bob, alices.id), 'not_found');
    expect(await sharedResult(alices.token)).not.toBeNull();

    await revokeShareLink(carol, carols.id);
    expect(await sharedResult(carols.token)).toBeNull();
    await revokeShareLink(carol, carols.id); // twice is a no-op

    await revokeShareLink(dave, alices.id);
    expect(await sharedResult(alices.token)).toBeNull();
    const row = (await listShareLinks(alice)).find((l) => l.id === alices.id)!;
    expect(row).toMatchObject({ state: 'revoked', createdBy: 'Alice', mine: true, target: { kind: 'comparison', generationId: boardId, outputId: null } });
  });

  it('lists a member’s own links, and the whole team’s for owners and admins', async () => {
    const carols = await listShareLinks(carol);
    expect(carols.length).toBeGreaterThan(0);
    expect(carols.every((l) => l.mine && l.createdBy === 'Carol')).toBe(true);
    const team = await listShareLinks(dave);
    expect(new Set(team.map((l) => l.createdBy))).toEqual(new Set(['Alice', 'Carol']));
    expect((await listShareLinks(alice)).map((l) => l.id)).toEqual(team.map((l) => l.id));
  });

  it('keeps teams apart', async () => {
    const bobs = await createShareLink(bob, { target: { generationId: bobsBoardId }, expiry: 'never' });
    expect((await listShareLinks(alice)).some((l) => l.id === bobs.id)).toBe(false);
    expect((await listShareLinks(bob)).map((l) => l.id)).toEqual([bobs.id]);
    await rejects(revokeShareLink(dave, bobs.id), 'not_found');
    // Bob's link opens Bob's board, and none of team A's files.
    const aliceAsset = (await (await db()).generationOutput.findFirstOrThrow({ where: { generationId: boardId } })).assetId!;
    expect(await sharedResult(bobs.token)).toMatchObject({ kind: 'comparison', prompt: 'bob private board' });
    expect(await statusOf(fetchMedia(bobs.token, aliceAsset))).toBe(404);
  });

  it('serves exactly the files of the shared generation, revalidated on every use', async () => {
    const prisma = await db();
    const { token } = await createShareLink(alice, { target: { generationId: boardId }, expiry: 'never' });
    const output = await prisma.generationOutput.findFirstOrThrow({ where: { generationId: boardId }, include: { asset: true } });
    const full = await fetchMedia(token, output.assetId!);
    expect(full.status).toBe(200);
    expect(sha256(new Uint8Array(await full.arrayBuffer()))).toBe(output.asset!.sha256);
    expect(full.headers.get('cache-control')).toBe('private, no-cache');
    expect(full.headers.get('x-robots-tag')).toBe('noindex');

    const thumb = await fetchMedia(token, output.assetId!, { query: '?w=512' });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).not.toContain('immutable');
    await thumb.body?.cancel();
    const download = await fetchMedia(token, output.assetId!, { query: '?download=1' });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    await download.body?.cancel();
    const range = await fetchMedia(token, output.assetId!, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(10);

    // Another generation's file, even of the same team, is not part of this link.
    expect(await statusOf(fetchMedia(token, edit.resultAssetId))).toBe(404);
    expect(await statusOf(fetchMedia(token, randomUUID()))).toBe(404);
    expect(await statusOf(fetchMedia(token, 'not-a-uuid'))).toBe(404);

    // A browser's cached copy is revalidated: 304 while live, 404 once revoked.
    const etag = full.headers.get('etag')!;
    expect(await statusOf(fetchMedia(token, output.assetId!, { headers: { 'if-none-match': etag } }))).toBe(304);
    const link = await prisma.shareLink.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    await revokeShareLink(alice, link.id);
    expect(await statusOf(fetchMedia(token, output.assetId!, { headers: { 'if-none-match': etag } }))).toBe(404);
  });

  it('shares an edit with its original and mask, but not the team’s other files', async () => {
    const { token } = await createShareLink(alice, { target: { generationId: edit.generationId }, expiry: '1d' });
    expect(await sharedResult(token)).toMatchObject({
      kind: 'edit',
      editKind: 'local',
      originalAssetId: edit.originalAssetId,
      resultAssetId: edit.resultAssetId,
      width: 320,
      height: 240,
    });
    for (const assetId of [edit.resultAssetId, edit.originalAssetId, edit.maskAssetId!]) expect(await statusOf(fetchMedia(token, assetId))).toBe(200);
    const boardAsset = (await (await db()).generationOutput.findFirstOrThrow({ where: { generationId: boardId } })).assetId!;
    expect(await statusOf(fetchMedia(token, boardAsset))).toBe(404);
  });

  it('shares one image of a board: that column and that file only', async () => {
    const prisma = await db();
    const [first, second] = await prisma.generationOutput.findMany({ where: { generationId: boardId }, orderBy: { entryIndex: 'asc' } });
    const { token } = await createShareLink(carol, { target: { outputId: second.id }, expiry: '7d' });
    expect(await sharedResult(token)).toEqual({
      kind: 'comparison',
      prompt: 'a red lighthouse at dusk',
      models: ['atelier-mosaic'],
      size: '1024x1024',
      columns: [{ model: 'atelier-mosaic', revisedPrompt: second.revisedPrompt, images: [second.assetId] }],
    });
    expect(await statusOf(fetchMedia(token, second.assetId!))).toBe(200);
    expect(await statusOf(fetchMedia(token, first.assetId!))).toBe(404);
    // Settings names it by its board and leads to the one item.
    expect((await listShareLinks(carol)).find((l) => l.target.kind === 'comparison' && l.target.outputId === second.id)).toBeDefined();
    // Trashed, the item's link stops at once; restored, it answers again.
    await moveToTrash(alice, [second.id]);
    expect(await sharedResult(token)).toBeNull();
    expect(await statusOf(fetchMedia(token, second.assetId!))).toBe(404);
    await restoreFromTrash(alice, [second.id]);
    expect(await sharedResult(token)).not.toBeNull();

    await rejects(createShareLink(bob, { target: { outputId: second.id }, expiry: 'never' }), 'not_found');
    await rejects(createShareLink(alice, { target: { outputId: randomUUID() }, expiry: 'never' }), 'not_found');
  });

  it('shares a collection as it changes: its live results, their files, nothing private', async () => {
    const prisma = await db();
    const outputs = await prisma.generationOutput.findMany({ where: { generationId: { in: [boardId, edit.generationId] } }, orderBy: { createdAt: 'asc' } });
    const { id: collectionId } = await createCollection(carol, 'Lighthouses');
    await rejects(createShareLink(carol, { target: { collectionId }, expiry: '7d' }), 'conflict'); // nothing in it yet
    await rejects(createShareLink(bob, { target: { collectionId }, expiry: '7d' }), 'not_found');
    await addToCollection(carol, collectionId, [outputs[0].id, outputs[1].id]);
    const { token, id } = await createShareLink(carol, { target: { collectionId }, expiry: '7d' });

    const shown = await resolveShare(token);
    expect(shown).toMatchObject({ kind: 'collection', collection: { name: 'Lighthouses', total: 2 } });
    const assets = (s: typeof shown) => (s?.kind === 'collection' ? s.collection.items.map((i) => i.assetId).sort() : []);
    expect(assets(shown)).toEqual([outputs[0].assetId, outputs[1].assetId].sort());
    const json = JSON.stringify(shown);
    for (const secret of [alice.user.email, alice.team.id, carol.user.id, 'cost', 'Carol', 'Alice']) expect(json).not.toContain(secret);
    for (const o of outputs.slice(0, 2)) expect(await statusOf(fetchMedia(token, o.assetId!, { query: '?w=256' }))).toBe(200);
    expect(await statusOf(fetchMedia(token, edit.originalAssetId))).toBe(404); // not in the collection

    // Added later, it shows; trashed, it goes at once.
    const added = outputs.find((o) => o.generationId === edit.generationId)!;
    await addToCollection(carol, collectionId, [added.id]);
    expect(assets(await resolveShare(token))).toContain(added.assetId);
    await moveToTrash(alice, [added.id]);
    expect(assets(await resolveShare(token))).not.toContain(added.assetId);
    expect(await statusOf(fetchMedia(token, added.assetId!))).toBe(404);
    await restoreFromTrash(alice, [added.id]);

    expect((await listShareLinks(carol)).find((l) => l.id === id)?.target).toEqual({ kind: 'collection', collectionId, title: 'Lighthouses' });
    await revokeShareLink(carol, id);
    expect(await resolveShare(token)).toBeNull();
    expect(await statusOf(fetchMedia(token, outputs[0].assetId!))).toBe(404);

    // A deleted collection takes its links with it.
    const again = await createShareLink(carol, { target: { collectionId }, expiry: 'never' });
    await deleteCollection(carol, collectionId);
    expect(await resolveShare(again.token)).toBeNull();
  });

  it('zips exactly the files the link shows, in the page’s order, with a manifest', async () => {
    const board = await createShareLink(alice, { target: { generationId: boardId }, expiry: '7d' });
    const shown = sharedFiles((await resolveShare(board.token))!);
    const zip = await zipOf(board.token);
    expect(zip.names).toEqual(['manifest.json', '01-atelier-vista.png', '02-atelier-mosaic.png']);
    expect(zip.disposition).toContain('a-red-lighthouse-at-dusk.zip');
    expect(zip.manifest).toEqual({
      kind: 'comparison',
      prompt: 'a red lighthouse at dusk',
      files: [
        { file: '01-atelier-vista.png', model: 'atelier-vista', size: '1024x1024' },
        { file: '02-atelier-mosaic.png', model: 'atelier-mosaic', size: '1024x1024' },
      ],
    });
    expect(Object.values(zip.sha256)).toEqual(await storedSha256(shown.map((f) => f.assetId)));

    // An edit: its original and its result, never its mask.
    const editLink = await createShareLink(alice, { target: { generationId: edit.generationId }, expiry: '7d' });
    const edited = await zipOf(editLink.token);
    expect(edited.names).toEqual(['manifest.json', '01-original.png', expect.stringMatching(/^02-atelier-edit[a-z-]*\.png$/)]);
    expect(Object.values(edited.sha256)).toEqual(await storedSha256([edit.originalAssetId, edit.resultAssetId]));
    expect(edited.manifest.files[0]).toEqual({ file: '01-original.png', original: true, size: '320x240' });

    // A file downloaded alone is named as in the ZIP, after the link's title.
    const download = await fetchMedia(board.token, shown[1].assetId, { query: '?download=1' });
    expect(download.headers.get('content-disposition')).toContain('a-red-lighthouse-at-dusk-02-atelier-mosaic.png');
    await download.body?.cancel();

    // Revoked or expired: the ZIP is a 404 like every other page and file.
    await revokeShareLink(alice, board.id);
    expect(await statusOf(fetchZip(board.token))).toBe(404);
    await setExpiry(editLink.token, new Date(Date.now() - 1_000));
    expect(await statusOf(fetchZip(editLink.token))).toBe(404);
    expect(await statusOf(fetchZip('A'.repeat(43)))).toBe(404);
  });

  it('zips a collection’s live results, and keeps out what the link hides', async () => {
    const prisma = await db();
    const outputs = await prisma.generationOutput.findMany({ where: { generationId: boardId }, orderBy: { entryIndex: 'asc' } });
    const { id: collectionId } = await createCollection(alice, 'Dusk 灯塔');
    await addToCollection(
      alice,
      collectionId,
      outputs.map((o) => o.id),
    );
    const show = { prompt: false, model: false, size: false };
    const hidden = await createShareLink(alice, { target: { collectionId }, expiry: 'never', show });
    const open = await createShareLink(alice, { target: { collectionId }, expiry: 'never' });
    expect(await prisma.shareLink.findUniqueOrThrow({ where: { id: hidden.id }, select: { showPrompt: true, showModel: true, showSize: true } })).toEqual({
      showPrompt: false,
      showModel: false,
      showSize: false,
    });

    // The page's data holds neither prompts nor models; the ZIP's manifest neither, nor sizes.
    const page = await resolveShare(hidden.token);
    expect(page).toMatchObject({ kind: 'collection', show, collection: { name: 'Dusk 灯塔', total: 2 } });
    expect(JSON.stringify(page)).not.toMatch(/lighthouse|atelier-/);
    const zip = await zipOf(hidden.token);
    expect(zip.manifest).toEqual({ kind: 'collection', name: 'Dusk 灯塔', files: [{ file: '01.png' }, { file: '02.png' }] });
    expect(zip.disposition).toContain(`filename*=UTF-8''dusk-${encodeURIComponent('灯塔')}.zip`);

    const full = await zipOf(open.token);
    const assetIds = sharedFiles((await resolveShare(open.token))!).map((f) => f.assetId);
    expect(assetIds.sort()).toEqual(outputs.map((o) => o.assetId).sort());
    expect(full.manifest.files.map((f) => [f.prompt, f.size])).toEqual([
      ['a red lighthouse at dusk', '1024x1024'],
      ['a red lighthouse at dusk', '1024x1024'],
    ]);
    expect(Object.values(full.sha256).sort()).toEqual((await storedSha256(assetIds)).sort());

    // A result put in the trash leaves the ZIP at once.
    await moveToTrash(alice, [outputs[0].id]);
    expect((await zipOf(open.token)).names).toHaveLength(2);
    await restoreFromTrash(alice, [outputs[0].id]);
    await deleteCollection(alice, collectionId);
  });

  it('counts each view by a person once, atomically, and no bot’s', async () => {
    const link = await createShareLink(alice, { target: { generationId: boardId }, expiry: '7d' });
    const people = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    const views = async () => (await db()).shareLink.findUniqueOrThrow({ where: { id: link.id }, select: { views: true, lastViewedAt: true } });
    expect(await views()).toEqual({ views: 0, lastViewedAt: null });

    // Twenty at once, each on its own connection on PostgreSQL: not one is lost.
    const before = Date.now();
    await Promise.all(Array.from({ length: 20 }, () => countShareView(link.token, people)));
    const counted = await views();
    expect(counted.views).toBe(20);
    expect(counted.lastViewedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(counted.lastViewedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    for (const bot of [
      'facebookexternalhit/1.1',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0',
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
      null,
    ]) {
      await countShareView(link.token, bot);
    }
    await countShareView('A'.repeat(43), people);
    expect((await views()).views).toBe(20);
    expect((await listShareLinks(alice)).find((l) => l.id === link.id)).toMatchObject({ views: 20, lastViewedAt: counted.lastViewedAt });

    // A revoked link counts nothing more.
    await revokeShareLink(alice, link.id);
    await countShareView(link.token, people);
    expect((await views()).views).toBe(20);
  });
});
