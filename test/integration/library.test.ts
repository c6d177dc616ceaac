import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import type { GenerationKind } from '../../lib/db/generated/enums';
import { getLibraryItem, LIBRARY_PAGE, libraryQuerySchema, listLibrary, neighbours } from '../../lib/library/items';
import { libraryOrder, type LibraryItem } from '../../lib/library/view';
import { setFavorite, setItemFavorite } from '../../lib/generations/favorite';
import { db } from '../../lib/runtime';
import { DATABASE_KINDS, useFreshDatabase } from '../support/app-db';

// The library pages through every result of a team, newest first, on both databases: a board's
// images stay together in model order, results sharing a timestamp are told apart, nothing is
// skipped or repeated, and no other team's result or failed output ever shows.

const T0 = new Date('2026-11-20T08:00:00.000Z');

async function seedTeam(name: string) {
  const { userId, teamId } = await createAccount({ name, email: `${name.toLowerCase()}@example.com`, password: `password-${name}` });
  return { userId, teamId, ctx: await resolveTeamContext(userId, { teamId, strict: true }) };
}

/** One generation with `images` completed outputs (4 models × n for a board) and one failed model. */
async function seedGeneration(owner: { userId: string; teamId: string }, kind: GenerationKind, createdAt: Date, images: number, prompt: string) {
  const prisma = await db();
  const { id } = await prisma.generation.create({
    data: { teamId: owner.teamId, userId: owner.userId, kind, status: 'completed', prompt, params: {}, createdAt },
  });
  const perModel = kind === 'comparison' ? Math.max(1, images / 4) : 1;
  const rows = Array.from({ length: images }, (_, i) => ({
    generationId: id,
    teamId: owner.teamId,
    userId: owner.userId,
    kind,
    model: `model-${Math.floor(i / perModel)}`,
    entryIndex: Math.floor(i / perModel),
    position: i % perModel,
    status: 'completed' as const,
    archive: 'archiving' as const,
    createdAt,
  }));
  const failed = { ...rows[0], model: 'model-failing', entryIndex: 9, position: 0, status: 'failed' as const, archive: null };
  await prisma.generationOutput.createMany({ data: [...rows, failed] });
  return id;
}

const pageOf = async (ctx: TeamContext, query: Record<string, string | undefined>) => listLibrary(ctx, libraryQuerySchema.parse(query));

describe.each(DATABASE_KINDS)('the library on %s', (kind) => {
  let teardown: () => Promise<void>;
  let mine: Awaited<ReturnType<typeof seedTeam>>;
  let total = 0;

  beforeAll(async () => {
    teardown = await useFreshDatabase(kind);
    mine = await seedTeam(`Lib${kind}`);
    const other = await seedTeam(`Other${kind}`);
    for (let i = 0; i < 6; i++) {
      const at = new Date(T0.getTime() + i * 60_000);
      await seedGeneration(mine, 'comparison', at, 16, `board ${i}`);
      // Another board and an edit at the very same instant: only the generation id tells them apart.
      await seedGeneration(mine, 'comparison', at, 4, `twin board ${i}`);
      await seedGeneration(mine, 'edit', at, 1, `edit ${i}`);
      await seedGeneration(other, 'comparison', at, 4, `not yours ${i}`);
      total += 16 + 4 + 1;
    }
    await seedGeneration(mine, 'video', new Date(T0.getTime() + 10 * 60_000), 1, 'a video');
    total += 1;
  }, 120_000);
  afterAll(async () => teardown?.());

  it('pages through every result once, newest first, a board in model order', async () => {
    const seen: LibraryItem[] = [];
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { items, next } = await pageOf(mine.ctx, { before });
      expect(items.length).toBe(next ? LIBRARY_PAGE : total - seen.length);
      seen.push(...items);
      if (!next) break;
      before = next;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((i) => i.id)).size).toBe(total);
    expect(seen.map((i) => i.id)).toEqual([...seen].sort(libraryOrder).map((i) => i.id));
    expect(seen[0]).toMatchObject({ kind: 'video', prompt: 'a video', href: expect.stringMatching(/^\/videos\//) });
    expect(seen.every((i) => !i.prompt.startsWith('not yours') && i.model !== 'model-failing')).toBe(true);
    // The newest 16-image board: its images together, model 0's four first, each model's in position order.
    const board = seen.filter((i) => i.prompt === 'board 5');
    expect(board.map((i) => i.model)).toEqual([
      'model-0',
      'model-0',
      'model-0',
      'model-0',
      'model-1',
      'model-1',
      'model-1',
      'model-1',
      'model-2',
      'model-2',
      'model-2',
      'model-2',
      'model-3',
      'model-3',
      'model-3',
      'model-3',
    ]);
    const at = seen.findIndex((i) => i.prompt === 'board 5');
    expect(seen.slice(at, at + 16).every((i) => i.prompt === 'board 5')).toBe(true);
  });

  it('walks from a result to its neighbours both ways, in the same order as the pages', async () => {
    const items: LibraryItem[] = [];
    for (let before: string | undefined, page = 0; page === 0 || before; page++) {
      const next = await pageOf(mine.ctx, { before });
      items.push(...next.items);
      before = next.next ?? undefined;
    }
    for (const at of [0, 1, 15, 16, 17, 59, 60, items.length - 1]) {
      const item = (await getLibraryItem(mine.ctx, items[at].id))!;
      expect(await neighbours(mine.ctx, item, {})).toEqual({ newer: items[at - 1]?.id ?? null, older: items[at + 1]?.id ?? null });
    }
    expect(await getLibraryItem(mine.ctx, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('answers a poll with what came since, looking a minute further back for late commits', async () => {
    const { items } = await pageOf(mine.ctx, { since: new Date(T0.getTime() + 10 * 60_000).toISOString() });
    expect(items.map((i) => i.prompt)).toEqual(['a video']);
    const late = await pageOf(mine.ctx, { since: new Date(T0.getTime() + 5 * 60_000 + 30_000).toISOString() });
    expect(new Set(late.items.map((i) => i.prompt))).toEqual(new Set(['a video', 'board 5', 'twin board 5', 'edit 5']));
  });

  it('refuses a cursor it did not make, and asking for a page and a poll at once', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const before of [
      "2026-11-01'; drop",
      `2026-11-01T10:00:00.000Z~${id}`,
      `2026-13-45T10:00:00.000Z~${id}~0~0`,
      `${'9'.repeat(200)}`,
      `2026-11-01T10:00:00.000Z~${'-'.repeat(36)}~0~0`,
    ]) {
      expect(libraryQuerySchema.safeParse({ before }).success, before).toBe(false);
    }
    expect(libraryQuerySchema.safeParse({ since: 'yesterday' }).success).toBe(false);
    expect(libraryQuerySchema.safeParse({ before: `2026-11-01T10:00:00.000Z~${id}~0~0`, since: '2026-11-01T10:00:00.000Z' }).success).toBe(false);
    expect(libraryQuerySchema.parse({ before: `2026-11-01T10:00:00.000Z~${id}~3~1` }).before).toEqual({
      createdAt: new Date('2026-11-01T10:00:00.000Z'),
      generationId: id,
      entryIndex: 3,
      position: 1,
    });
  });

  describe('finding', () => {
    let other: { userId: string; teamId: string };
    const find = (query: Record<string, string | undefined>) => pageOf(mine.ctx, query).then((p) => p.items.map((i) => i.prompt).sort());

    beforeAll(async () => {
      const prisma = await db();
      // A second member of the team, with results of their own.
      const { userId } = await createAccount({ name: `Mem${kind}`, email: `mem.${kind}@example.com`, password: 'password-m' });
      await prisma.membership.create({ data: { teamId: mine.teamId, userId, role: 'member' } });
      other = { userId, teamId: mine.teamId };
      const day = (iso: string) => new Date(iso);
      // 2026-11-21 16:30Z is already the 22nd in Shanghai (UTC+8).
      await seedGeneration(mine, 'edit', day('2026-11-21T16:30:00Z'), 1, '海边的灯塔，黄昏');
      await seedGeneration(other, 'comparison', day('2026-11-21T10:00:00Z'), 4, 'A LIGHTHOUSE by the sea');
      await seedGeneration(other, 'video', day('2026-11-21T09:00:00Z'), 1, '100% orange sunset');
      const fav = await seedGeneration(mine, 'edit', day('2026-11-21T08:00:00Z'), 1, 'a favourite teapot');
      await setFavorite(mine.ctx, fav, true);
      const shared = await seedGeneration(mine, 'edit', day('2026-11-21T07:00:00Z'), 1, 'a shared kite');
      const revoked = await seedGeneration(mine, 'edit', day('2026-11-21T06:00:00Z'), 1, 'a kite shared once');
      const link = (generationId: string, extra: object) =>
        prisma.shareLink.create({
          data: { teamId: mine.teamId, generationId, tokenHash: `${generationId}-${Math.random()}`, createdById: mine.userId, ...extra },
        });
      await link(shared, {});
      await link(revoked, { revokedAt: new Date() });
      // The service's rewrite is searched too.
      await prisma.generationOutput.updateMany({
        where: { generation: { prompt: 'a favourite teapot' } },
        data: { revisedPrompt: 'A porcelain TEAPOT, 青花瓷' },
      });
      await prisma.team.update({ where: { id: mine.teamId }, data: { timeZone: 'Asia/Shanghai' } });
      mine.ctx = await resolveTeamContext(mine.userId, { teamId: mine.teamId, strict: true });
    }, 60_000);

    it('finds a Chinese word inside a phrase, any case, and in the revised prompt', async () => {
      // Across languages too (the search's own tests: library-search.test.ts).
      expect(await find({ q: '灯塔' })).toEqual([...Array(4).fill('A LIGHTHOUSE by the sea'), '海边的灯塔，黄昏']);
      expect(await find({ q: '"灯"' })).toEqual(['海边的灯塔，黄昏']);
      expect(await find({ q: 'lighthouse' })).toHaveLength(5);
      expect(await find({ q: '青花' })).toEqual(['a favourite teapot']);
      expect(await find({ q: 'Porcelain teapot' })).toEqual(['a favourite teapot']);
      // LIKE's wildcards are plain characters in a search.
      expect(await find({ q: '100%' })).toEqual(['100% orange sunset']);
      expect(await find({ q: '%' })).toEqual(['100% orange sunset']);
      expect(await find({ q: '_' })).toEqual([]);
    });

    it('combines kind, model, member, days in the team zone, favourites and shares', async () => {
      expect(await find({ kind: 'video', member: other.userId })).toEqual(['100% orange sunset']);
      expect(await find({ kind: 'comparison', model: 'model-2', q: 'lighthouse' })).toEqual(['A LIGHTHOUSE by the sea']);
      expect(await find({ member: other.userId, kind: 'edit' })).toEqual([]);
      // The 22nd in Shanghai holds the lighthouse edit made at 16:30 UTC on the 21st, and nothing else of that week.
      expect(await find({ from: '2026-11-22', to: '2026-11-22' })).toEqual(['海边的灯塔，黄昏']);
      expect(await find({ fav: '1' })).toEqual(['a favourite teapot']);
      expect(await find({ shared: '1' })).toEqual(['a shared kite']);
      expect(await find({ fav: '1', shared: '1' })).toEqual([]);
    });

    it('marks and shares single items; a whole board’s mark or link covers all its images', async () => {
      const prisma = await db();
      const board = await prisma.generation.findFirstOrThrow({ where: { prompt: 'A LIGHTHOUSE by the sea' }, select: { id: true } });
      const images = await prisma.generationOutput.findMany({ where: { generationId: board.id, status: 'completed' }, orderBy: { entryIndex: 'asc' } });
      const boardMark = async () => (await prisma.generation.findUniqueOrThrow({ where: { id: board.id } })).favorite;
      const ids = async (query: Record<string, string>) => (await pageOf(mine.ctx, query)).items.map((i) => i.id).sort();

      await setItemFavorite(mine.ctx, images[1].id, true);
      expect(await ids({ fav: '1', kind: 'comparison' })).toEqual([images[1].id]);
      expect(await boardMark()).toBe(true); // the board pages show a board holding a favourite as one
      await setItemFavorite(mine.ctx, images[1].id, false);
      expect(await boardMark()).toBe(false);
      await setFavorite(mine.ctx, board.id, true);
      expect(await ids({ fav: '1', kind: 'comparison' })).toEqual(images.map((i) => i.id).sort());
      await setFavorite(mine.ctx, board.id, false);
      expect(await ids({ fav: '1', kind: 'comparison' })).toEqual([]);

      // Two items of one board marked at once, one on and one off: the board's mark follows the one left on.
      for (let round = 0; round < 5; round++) {
        await Promise.all([setItemFavorite(mine.ctx, images[0].id, true), setItemFavorite(mine.ctx, images[2].id, false)]);
        expect(await boardMark()).toBe(true);
        await Promise.all([setItemFavorite(mine.ctx, images[0].id, false), setItemFavorite(mine.ctx, images[2].id, true)]);
        expect(await boardMark()).toBe(true);
        await setItemFavorite(mine.ctx, images[2].id, false);
      }
      const stranger = await seedTeam(`Stranger${kind}`);
      await expect(setItemFavorite(stranger.ctx, images[0].id, true)).rejects.toMatchObject({ code: 'not_found' });

      const link = await prisma.shareLink.create({
        data: { teamId: mine.teamId, generationId: board.id, outputId: images[3].id, tokenHash: `item-${kind}`, createdById: mine.userId },
      });
      expect(await ids({ shared: '1', kind: 'comparison' })).toEqual([images[3].id]);
      expect((await getLibraryItem(mine.ctx, images[3].id))?.shareLinks).toBe(1);
      expect((await getLibraryItem(mine.ctx, images[2].id))?.shareLinks).toBe(0);
      await prisma.shareLink.delete({ where: { id: link.id } });
    });

    it('refuses a search over 200 characters and filters it does not know', () => {
      expect(libraryQuerySchema.safeParse({ q: 'x'.repeat(10_000) }).success).toBe(false);
      expect(libraryQuerySchema.safeParse({ kind: 'poem' }).success).toBe(false);
      expect(libraryQuerySchema.safeParse({ member: 'me' }).success).toBe(false);
      expect(libraryQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
      expect(libraryQuerySchema.parse({ q: '', kind: '', fav: '' })).toEqual({});
    });
  });
});
