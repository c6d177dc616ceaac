import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import { resolveTeamContext, type TeamContext } from '../../lib/auth/context';
import type { GenerationKind } from '../../lib/db/generated/enums';
import { LIBRARY_PAGE, libraryQuerySchema, listLibrary } from '../../lib/library/items';
import { libraryOrder, type LibraryItem } from '../../lib/library/view';
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
});
