import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../lib/accounts/create-account';
import type { TeamContext } from '../../lib/auth/context';
import type { GenerationKind } from '../../lib/db/generated/enums';
import { SETTLED } from '../../lib/generations/lifecycle';
import { libraryQuerySchema, listLibrary, SEARCH_TOTAL_MAX } from '../../lib/library/items';
import { indexPendingOutputs } from '../../lib/library/search-index';
import { startJobs, type Jobs } from '../../lib/jobs';
import { publish } from '../../lib/queue';
import { db, runtime } from '../../lib/runtime';
import { DATABASE_KINDS } from '../support/app-db';
import { eventually, testAtelier } from '../support/harness';

// The library's search over a seeded library of English, Chinese and mixed prompts, on both
// databases: words in any order, plurals, a misspelling, quotes, exclusion, 灯塔 ↔ lighthouse both
// ways, one Han character, model, member, key, collection and tag names; found by a substring before
// the index job has written an output's words, and by its words after, the same results either way.

const T0 = Date.parse('2026-11-20T08:00:00.000Z');

describe.each(DATABASE_KINDS)('library search on %s', (kind) => {
  // The workers start once the library is seeded: their backfill at start is the one under test.
  const atelier = testAtelier(kind);
  let jobs: Jobs | undefined;
  afterAll(async () => jobs?.stop());
  let owner: TeamContext & { teamId: string };
  let memberId: string;
  let seeded = 0;
  const ids = new Map<string, string>();

  /** One generation of one output; returns the output's id. */
  async function seed(
    prompt: string,
    options: { kind?: GenerationKind; model?: string; userId?: string; apiKeyId?: string; params?: object; revisedPrompt?: string } = {},
  ) {
    const prisma = await db();
    const at = new Date(T0 + ++seeded * 60_000);
    const userId = options.userId ?? owner.user.id;
    const generation = await prisma.generation.create({
      data: {
        teamId: owner.teamId,
        userId,
        kind: options.kind ?? 'edit',
        status: 'completed',
        prompt,
        params: options.params ?? {},
        createdAt: at,
        apiKeyId: options.apiKeyId,
      },
    });
    const output = await prisma.generationOutput.create({
      data: {
        generationId: generation.id,
        teamId: owner.teamId,
        userId,
        kind: options.kind ?? 'edit',
        model: options.model ?? 'atelier-mosaic',
        entryIndex: 0,
        position: 0,
        status: 'completed',
        archive: 'unsaved',
        revisedPrompt: options.revisedPrompt,
        createdAt: at,
      },
    });
    ids.set(prompt, output.id);
    return output.id;
  }

  const find = async (q: string, extra: Record<string, string> = {}) =>
    (await listLibrary(owner, libraryQuerySchema.parse({ q, ...extra }))).items.map((item) => item.prompt).sort();

  const unindexed = async () => (await db()).generationOutput.count({ where: { teamId: owner.teamId, searchIndexedAt: null } });

  /** The searches the library answers the same before and after the index job. */
  const SAME_EITHER_WAY = ['lighthouse dusk', 'dusk lighthouse', '灯塔', '狐', '"red balloons"', 'harbour -rain', 'porcelain teapot'];
  const before = new Map<string, string[]>();

  beforeAll(async () => {
    owner = await atelier.person('Owner');
    const prisma = await db();
    const member = await createAccount({ name: 'Zhang Wei', email: `zhang.wei.${kind}@example.com`, password: 'password-z' });
    memberId = member.userId;
    await prisma.membership.create({ data: { teamId: owner.teamId, userId: memberId, role: 'member' } });
    const key = await prisma.apiKey.create({
      data: {
        teamId: owner.teamId,
        userId: owner.user.id,
        createdById: owner.user.id,
        name: 'Nightly batch',
        prefix: `atl_${randomUUID()}`,
        secretHash: 'x',
        webhookSecret: 'x',
      },
    });

    await seed('A lighthouse at dusk, waves on the rocks');
    await seed('Storm over the old lighthouse');
    await seed('Red balloons over the harbour', { kind: 'comparison', model: 'flux-pro-2', params: { size: '1536x1024' } });
    await seed('A quiet harbour in the rain');
    await seed('海边的灯塔，黄昏时分');
    await seed('雪地里的一只红狐狸', { kind: 'video', model: 'atelier-motion', params: { resolution: '720p', aspectRatio: '16:9' } });
    await seed('a paper kite 在蓝天下');
    await seed('a teapot of blue porcelain', { userId: memberId });
    await seed('city skyline, neon', { apiKeyId: key.id, params: { editKind: 'style' } });
    await seed('a cat asleep on a windowsill', { revisedPrompt: '窗台上睡着的猫' });

    const collection = await prisma.collection.create({ data: { teamId: owner.teamId, name: 'Client picks', createdById: owner.user.id } });
    await prisma.collectionItem.create({ data: { collectionId: collection.id, outputId: ids.get('a paper kite 在蓝天下')! } });
    const tag = await prisma.tag.create({ data: { teamId: owner.teamId, name: 'Moodboard', key: 'moodboard', createdById: owner.user.id } });
    await prisma.outputTag.create({ data: { tagId: tag.id, outputId: ids.get('A quiet harbour in the rain')! } });
    // Another team's lighthouse is never found.
    const stranger = await atelier.person('Stranger');
    await prisma.generation.create({
      data: {
        teamId: stranger.teamId,
        userId: stranger.user.id,
        kind: 'edit',
        status: 'completed',
        prompt: 'not yours: a lighthouse',
        params: {},
        outputs: {
          create: { teamId: stranger.teamId, userId: stranger.user.id, kind: 'edit', model: 'atelier-mosaic', entryIndex: 0, position: 0, status: 'completed' },
        },
      },
    });
  }, 60_000);

  it('finds results not yet indexed by a substring of their prompt', async () => {
    expect(await unindexed()).toBe(10);
    for (const q of SAME_EITHER_WAY) before.set(q, await find(q));
    expect(before.get('lighthouse dusk')).toEqual(['A lighthouse at dusk, waves on the rocks', '海边的灯塔，黄昏时分']);
    expect(before.get('灯塔')).toEqual(['A lighthouse at dusk, waves on the rocks', 'Storm over the old lighthouse', '海边的灯塔，黄昏时分']);
  });

  it('indexes every result in the backfill job, and finds the same results by their words', async () => {
    jobs = await startJobs((await runtime()).db);
    await eventually(async () => (await unindexed()) === 0);
    const prisma = await db();
    const balloons = await prisma.generationOutput.findUniqueOrThrow({ where: { id: ids.get('Red balloons over the harbour')! } });
    expect(balloons.searchWords).toEqual(
      expect.arrayContaining(['red', 'balloons', 'balloon', 'harbour', 'flux-pro-2', 'flux', 'pro', 'comparison', '1536x1024']),
    );
    expect(balloons.searchIndexedAt).toBeInstanceOf(Date);
    for (const q of SAME_EITHER_WAY) expect(await find(q), q).toEqual(before.get(q));
  });

  it('indexes a team’s new result when the team settles a generation', async () => {
    const id = await seed('Fireflies over a meadow at midnight');
    await publish(SETTLED, { teamId: owner.teamId }, { singletonKey: owner.teamId });
    const row = await eventually(async () => (await db()).generationOutput.findFirst({ where: { id, searchIndexedAt: { not: null } } }));
    expect(row.searchWords).toEqual(expect.arrayContaining(['firefly', 'meadow', 'midnight']));
    expect(await find('firefly midnight')).toEqual(['Fireflies over a meadow at midnight']);
  });

  it.runIf(kind === 'postgres')('never waits on a result someone holds: the row is left for the next run, and nothing deadlocks', async () => {
    const [held, free] = [await seed('A lantern held by a marked winner'), await seed('A lantern nobody holds')];
    const prisma = await db();
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM "GenerationOutput" WHERE id = ${held}::uuid FOR UPDATE`;
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      },
      { timeout: 30_000 },
    );
    await isLocked;
    const database = (await runtime()).db;
    const waited = new Promise((_, reject) => setTimeout(() => reject(new Error('the indexer waited on a held row')), 5_000).unref());
    await Promise.race([indexPendingOutputs(database, { teamId: owner.teamId }), waited]);
    const indexedAt = async (id: string) => (await prisma.generationOutput.findUniqueOrThrow({ where: { id } })).searchIndexedAt;
    expect(await indexedAt(free)).toBeInstanceOf(Date);
    expect(await indexedAt(held)).toBeNull();
    release();
    await holder;
    await indexPendingOutputs(database, { teamId: owner.teamId });
    expect(await indexedAt(held)).toBeInstanceOf(Date);
    expect(await find('lantern')).toEqual(['A lantern held by a marked winner', 'A lantern nobody holds']);
  });

  it('matches every word in any order, plurals and possessives too', async () => {
    expect(await find('dusk lighthouse')).toEqual(['A lighthouse at dusk, waves on the rocks', '海边的灯塔，黄昏时分']);
    expect(await find('storm lighthouse')).toEqual(['Storm over the old lighthouse']);
    expect(await find('red balloon')).toEqual(['Red balloons over the harbour']);
    expect(await find("lighthouse's rocks")).toEqual(['A lighthouse at dusk, waves on the rocks']);
    expect(await find('lighthouse harbour')).toEqual([]);
  });

  it('finds a close misspelling when a word matches nothing exactly', async () => {
    expect(await find('ballon')).toEqual(['Red balloons over the harbour']);
    expect(await find('red ballon')).toEqual(['Red balloons over the harbour']);
    expect(await find('ligthouse storm')).toEqual(['Storm over the old lighthouse']);
    expect(await find('xylophone')).toEqual([]);
  });

  it('matches a quoted phrase as written, and leaves out excluded words', async () => {
    expect(await find('"over the old"')).toEqual(['Storm over the old lighthouse']);
    expect(await find('"lighthouse storm"')).toEqual([]);
    expect(await find('lighthouse -storm')).toEqual(['A lighthouse at dusk, waves on the rocks', '海边的灯塔，黄昏时分']);
    expect(await find('harbour -rain')).toEqual(['Red balloons over the harbour']);
    // An unbalanced quote runs to the end.
    expect(await find('"quiet harb')).toEqual(['A quiet harbour in the rain']);
  });

  it('finds across languages: 灯塔 ↔ lighthouse, 狐狸 ↔ fox, mixed prompts and revised ones', async () => {
    expect(await find('lighthouse')).toEqual(['A lighthouse at dusk, waves on the rocks', 'Storm over the old lighthouse', '海边的灯塔，黄昏时分']);
    expect(await find('灯塔 黄昏')).toEqual(['A lighthouse at dusk, waves on the rocks', '海边的灯塔，黄昏时分']);
    expect(await find('red fox')).toEqual(['雪地里的一只红狐狸']);
    expect(await find('kite 蓝天')).toEqual(['a paper kite 在蓝天下']);
    expect(await find('风筝 blue sky')).toEqual(['a paper kite 在蓝天下']);
    // Through its revised prompt: 窗 is a window, 猫 a cat.
    expect(await find('window cat')).toEqual(['a cat asleep on a windowsill']);
    expect(await find('猫 窗台')).toEqual(['a cat asleep on a windowsill']);
  });

  it('finds one Han character as a word', async () => {
    expect(await find('狐')).toEqual(['雪地里的一只红狐狸']);
    expect(await find('塔')).toEqual(['海边的灯塔，黄昏时分']);
    expect(await find('蛙')).toEqual([]);
  });

  it('finds by model, kind, size, member, API key, collection and tag', async () => {
    expect(await find('flux')).toEqual(['Red balloons over the harbour']);
    expect(await find('atelier-motion')).toEqual(['雪地里的一只红狐狸']);
    expect(await find('video')).toEqual(['雪地里的一只红狐狸']);
    expect(await find('720p')).toEqual(['雪地里的一只红狐狸']);
    expect(await find('1536x1024')).toEqual(['Red balloons over the harbour']);
    expect(await find('style neon')).toEqual(['city skyline, neon']);
    expect(await find('zhang')).toEqual(['a teapot of blue porcelain']);
    expect(await find('nightly')).toEqual(['city skyline, neon']);
    expect(await find('client picks')).toEqual(['a paper kite 在蓝天下']);
    expect(await find('moodboard harbour')).toEqual(['A quiet harbour in the rain']);
  });

  it('combines with the filters and pages, and counts what matches', async () => {
    expect(await find('harbour', { kind: 'comparison' })).toEqual(['Red balloons over the harbour']);
    expect(await find('porcelain', { member: memberId })).toEqual(['a teapot of blue porcelain']);
    const page = await listLibrary(owner, libraryQuerySchema.parse({ q: 'lighthouse' }));
    expect(page).toMatchObject({ total: 3, totalCapped: false, next: null });
    expect(page.items.map((i) => i.prompt)).toEqual(['海边的灯塔，黄昏时分', 'Storm over the old lighthouse', 'A lighthouse at dusk, waves on the rocks']);
    expect((await listLibrary(owner, libraryQuerySchema.parse({}))).total).toBeUndefined();
    expect(SEARCH_TOTAL_MAX).toBeGreaterThanOrEqual(1000);
  });

  it('reads any search without failing: signs, control characters, at most 200 characters', async () => {
    expect(libraryQuerySchema.safeParse({ q: 'x'.repeat(10_000) }).success).toBe(false);
    expect(libraryQuerySchema.parse({ q: 'light\u0000house' }).q).toBe('lighthouse');
    for (const q of ['"', '""', '-', '--', '%', '_', '\\', "'", '"a" "b', '-"x"', '“', '灯塔"', '-灯塔 -lighthouse', 'a'.repeat(200)]) {
      await expect(find(q), q).resolves.toBeInstanceOf(Array);
    }
    expect(await find('-灯塔 -lighthouse -balloon -harbour')).not.toContain('Storm over the old lighthouse');
  });
});
